// The controls' icons: inline SVG (icon fonts and emoji are missing from many systems).
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="1.4em" height="1.4em" fill="currentColor" aria-hidden="true">
      {children}
    </svg>
  );
}

export const PlayIcon = () => (
  <Icon>
    <path d="M8 5v14l11-7z" />
  </Icon>
);
export const PauseIcon = () => (
  <Icon>
    <path d="M6 5h4v14H6zm8 0h4v14h-4z" />
  </Icon>
);
export const SeekBackIcon = () => (
  <Icon>
    <path d="M12 5V1L7 6l5 5V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z" />
    <text x="12" y="16" fontSize="6.5" textAnchor="middle" fontFamily="sans-serif">
      10
    </text>
  </Icon>
);
export const SeekForwardIcon = () => (
  <Icon>
    <path d="M12 5V1l5 5-5 5V7a6 6 0 1 0 6 6h2a8 8 0 1 1-8-8z" />
    <text x="12" y="16" fontSize="6.5" textAnchor="middle" fontFamily="sans-serif">
      10
    </text>
  </Icon>
);
export const VolumeIcon = ({ muted }: { muted: boolean }) => (
  <Icon>
    <path d="M3 9v6h4l5 5V4L7 9z" />
    {muted ? (
      <path d="M16 8.5l1.4-1.4L20 9.6l2.6-2.5L24 8.5 21.4 11l2.6 2.6-1.4 1.4-2.6-2.6-2.6 2.6-1.4-1.4 2.6-2.6z" />
    ) : (
      <path d="M16.5 12A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" />
    )}
  </Icon>
);
export const SettingsIcon = () => (
  <Icon>
    <path d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7 7 0 0 0-1.7-1L15 3h-4l-.4 2.9a7 7 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7 7 0 0 0 1.7 1L11 21h4l.4-2.9a7 7 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z" />
  </Icon>
);
export const SubtitlesIcon = () => (
  <Icon>
    <path d="M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zM4 12h4v2H4zm10 6H4v-2h10zm6 0h-4v-2h4zm0-4H10v-2h10z" />
  </Icon>
);
export const FullscreenIcon = ({ active }: { active: boolean }) => (
  <Icon>
    {active ? (
      <path d="M5 16h3v3h2v-5H5zm3-8H5v2h5V5H8zm6 11h2v-3h3v-2h-5zm2-11V5h-2v5h5V8z" />
    ) : (
      <path d="M7 14H5v5h5v-2H7zm-2-4h2V7h3V5H5zm12 7h-3v2h5v-5h-2zM14 5v2h3v3h2V5z" />
    )}
  </Icon>
);
export const PictureInPictureIcon = () => (
  <Icon>
    <path d="M19 7h-8v6h8zm2-4H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm0 16H3V5h18z" />
  </Icon>
);
export const AirPlayIcon = () => (
  <Icon>
    <path d="M6 22h12l-6-6zM21 3H3a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4v-2H3V5h18v12h-4v2h4a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2z" />
  </Icon>
);
export const CastIcon = () => (
  <Icon>
    <path d="M21 3H3a2 2 0 0 0-2 2v3h2V5h18v14h-7v2h7a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zM1 18v3h3a3 3 0 0 0-3-3zm0-4v2a5 5 0 0 1 5 5h2a7 7 0 0 0-7-7zm0-4v2a9 9 0 0 1 9 9h2A11 11 0 0 0 1 10z" />
  </Icon>
);
export const BackIcon = () => (
  <Icon>
    <path d="M15.4 7.4L14 6l-6 6 6 6 1.4-1.4L10.8 12z" />
  </Icon>
);
export const CloseIcon = () => (
  <Icon>
    <path d="M19 6.4L17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z" />
  </Icon>
);
export const ChevronIcon = () => (
  <Icon>
    <path d="M8.6 16.6L13.2 12 8.6 7.4 10 6l6 6-6 6z" />
  </Icon>
);
export const EpisodesIcon = () => (
  <Icon>
    <path d="M3 5h2v2H3zm4 0h14v2H7zm-4 6h2v2H3zm4 0h14v2H7zm-4 6h2v2H3zm4 0h14v2H7z" />
  </Icon>
);
export const AudioIcon = () => (
  <Icon>
    <path d="M12 3a9 9 0 0 0-9 9v7a2 2 0 0 0 2 2h2v-8H5v-1a7 7 0 0 1 14 0v1h-2v8h2a2 2 0 0 0 2-2v-7a9 9 0 0 0-9-9z" />
  </Icon>
);
export const ShareIcon = () => (
  <Icon>
    <path d="M18 16a3 3 0 0 0-2.1.8L8.9 12.7a3 3 0 0 0 0-1.4l7-4A3 3 0 1 0 15 5a3 3 0 0 0 .1.7l-7 4a3 3 0 1 0 0 4.6l7.1 4.1a3 3 0 1 0 2.8-2.4z" />
  </Icon>
);
export const NextIcon = () => (
  <Icon>
    <path d="M6 18l8.5-6L6 6zm10-12v12h2V6z" />
  </Icon>
);
