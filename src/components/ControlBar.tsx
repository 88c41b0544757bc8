import { css } from '@emotion/react';
import { useEffect, useRef } from 'react';
import { ru } from '../i18n/ru';
import { playbackRequests } from '../state/playback';
import { selectControlsHidden } from '../state/selectors';
import { isSettingsPage, uiRequests } from '../state/ui';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import {
  AirPlayIcon,
  CastIcon,
  FullscreenIcon,
  PauseIcon,
  PictureInPictureIcon,
  PlayIcon,
  SeekBackIcon,
  SeekForwardIcon,
  SettingsIcon,
  SubtitlesIcon,
} from './icons';
import { selectAudioChoices } from './AudioMenu';
import { selectSeasonList } from './EpisodesMenu';
import { NextEpisodeButton } from './NextEpisode';
import { ProgressSlider } from './ProgressSlider';
import { bottomBar, iconButton } from './styles';
import { TimeLabel } from './TimeLabel';
import { VolumeControl } from './VolumeControl';

const bar = css`
  flex-direction: column;
  align-items: stretch;
  gap: 0.25rem;
  padding-top: 2.5rem;
  transition: opacity 0.2s;
  &[data-hidden='true'] {
    opacity: 0;
    pointer-events: none;
  }
  /* with a mouse, a hidden control still takes its click (the pointer's move shows the bar);
     a tap on a touch screen only brings the bar back */
  @media (hover: hover) {
    &[data-hidden='true'] {
      pointer-events: auto;
    }
  }
`;

const row = css`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  .spacer {
    flex: 1;
  }
  button {
    display: flex;
    align-items: center;
    justify-content: center;
  }
`;

const EpisodesIcon = () => (
  <svg viewBox="0 0 24 24" width="1.4em" height="1.4em" fill="currentColor" aria-hidden="true">
    <path d="M3 5h2v2H3zm4 0h14v2H7zm-4 6h2v2H3zm4 0h14v2H7zm-4 6h2v2H3zm4 0h14v2H7z" />
  </svg>
);
const AudioIcon = () => (
  <svg viewBox="0 0 24 24" width="1.4em" height="1.4em" fill="currentColor" aria-hidden="true">
    <path d="M12 3a9 9 0 0 0-9 9v7a2 2 0 0 0 2 2h2v-8H5v-1a7 7 0 0 1 14 0v1h-2v8h2a2 2 0 0 0 2-2v-7a9 9 0 0 0-9-9z" />
  </svg>
);
const ShareIcon = () => (
  <svg viewBox="0 0 24 24" width="1.4em" height="1.4em" fill="currentColor" aria-hidden="true">
    <path d="M18 16a3 3 0 0 0-2.1.8L8.9 12.7a3 3 0 0 0 0-1.4l7-4A3 3 0 1 0 15 5a3 3 0 0 0 .1.7l-7 4a3 3 0 1 0 0 4.6l7.1 4.1a3 3 0 1 0 2.8-2.4z" />
  </svg>
);

const seasonButton = css`
  padding: 0.3rem 0.7rem;
  border: 1px solid rgba(255, 255, 255, 0.5);
  border-radius: 1rem;
  background: transparent;
  color: white;
  font: inherit;
  font-size: 0.85rem;
  white-space: nowrap;
  cursor: pointer;
`;

/** The seasons-and-episodes button: straight to the episodes when there is one season. */
function EpisodesButton({ wide }: { wide: boolean }) {
  const dispatch = usePlayerDispatch();
  const seasons = usePlayerSelector(selectSeasonList);
  const open = usePlayerSelector((s) => s.ui.menu === 'seasons' || s.ui.menu === 'episodes');
  const multi = usePlayerSelector((s) => s.content.content?.hasMultipleEpisodes ?? false);
  if (!multi || seasons.length === 0) return null;
  const only = seasons.length === 1 ? seasons[0] : undefined;
  const toggle = () => {
    if (open) dispatch(uiRequests.menuClosed());
    else if (only) dispatch(uiRequests.menuOpened({ menu: 'episodes', season: only.order }));
    else dispatch(uiRequests.menuOpened({ menu: 'seasons' }));
  };
  // SPEC.md section 2: on small screens a single season shows as 'Сезон N' with the episode count.
  if (!wide && only)
    return (
      <button type="button" css={seasonButton} aria-expanded={open} onClick={toggle}>
        {ru.season(only.order)} · {ru.episodeCount(only.count)}
      </button>
    );
  return (
    <button
      type="button"
      css={iconButton}
      aria-label={ru.seasonsAndEpisodes}
      aria-haspopup="menu"
      aria-expanded={open}
      onClick={toggle}
    >
      <EpisodesIcon />
    </button>
  );
}

/** Returns focus to a menu's button when its menu closes (keyboard users continue from there). */
function useFocusReturn(open: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return button;
}

/**
 * The controls bar: progress, then play/pause, 10 s back and forward, volume, time; subtitles,
 * settings, picture-in-picture, AirPlay, casting and fullscreen, each only where the browser has it.
 */
export function ControlBar() {
  const dispatch = usePlayerDispatch();
  const paused = usePlayerSelector((s) => s.media.paused);
  const hidden = usePlayerSelector(selectControlsHidden);
  const wide = usePlayerSelector((s) => s.viewport.wide);
  const fullscreen = usePlayerSelector((s) => s.viewport.fullscreen);
  const can = usePlayerSelector((s) => s.viewport.capabilities);
  const hasSubs = usePlayerSelector((s) => s.stream.subtitleTracks.length > 0);
  const settingsOpen = usePlayerSelector((s) => isSettingsPage(s.ui.menu));
  const hasAudioChoice = usePlayerSelector((s) => selectAudioChoices(s).length > 1);
  const share = usePlayerSelector((s) => s.ui.features.share && Boolean(s.content.content?.url));
  const settingsButton = useFocusReturn(settingsOpen);
  const episodeControls = (
    <>
      <NextEpisodeButton />
      <EpisodesButton wide={wide} />
      {hasAudioChoice && (
        <button
          type="button"
          css={iconButton}
          aria-label={ru.audioTrack}
          aria-haspopup="menu"
          onClick={() => dispatch(uiRequests.menuOpened({ menu: 'audio' }))}
        >
          <AudioIcon />
        </button>
      )}
    </>
  );
  return (
    <div
      css={[bottomBar, bar]}
      data-testid="control-bar"
      data-hidden={hidden}
      onClick={(e) => e.stopPropagation()}
    >
      {/* on a phone the episode controls get their own row: one row cannot hold them all */}
      {!wide && <div css={row}>{episodeControls}</div>}
      <ProgressSlider />
      <div css={row}>
        <button
          type="button"
          css={iconButton}
          aria-label={paused ? ru.play : ru.pause}
          onClick={() =>
            dispatch(paused ? playbackRequests.playRequested() : playbackRequests.pauseRequested())
          }
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
        <button
          type="button"
          css={iconButton}
          aria-label={ru.seekBack}
          onClick={() => dispatch(playbackRequests.seekByRequested({ seconds: -10 }))}
        >
          <SeekBackIcon />
        </button>
        <button
          type="button"
          css={iconButton}
          aria-label={ru.seekForward}
          onClick={() => dispatch(playbackRequests.seekByRequested({ seconds: 10 }))}
        >
          <SeekForwardIcon />
        </button>
        <VolumeControl slider={wide} />
        <TimeLabel />
        <span className="spacer" />
        {wide && episodeControls}
        {wide && share && (
          <button
            type="button"
            css={iconButton}
            aria-label={ru.share}
            aria-haspopup="menu"
            onClick={() => dispatch(uiRequests.menuOpened({ menu: 'share' }))}
          >
            <ShareIcon />
          </button>
        )}
        {wide && hasSubs && (
          <button
            type="button"
            css={iconButton}
            aria-label={ru.subtitles}
            onClick={() => dispatch(uiRequests.menuOpened({ menu: 'subs' }))}
          >
            <SubtitlesIcon />
          </button>
        )}
        <button
          ref={settingsButton}
          type="button"
          css={iconButton}
          aria-label={ru.settings}
          aria-haspopup="menu"
          aria-expanded={settingsOpen}
          onClick={() => dispatch(uiRequests.settingsToggled())}
        >
          <SettingsIcon />
        </button>
        {wide && can.pictureInPicture && (
          <button
            type="button"
            css={iconButton}
            aria-label={ru.pictureInPicture}
            onClick={() => dispatch(uiRequests.pictureInPictureToggled())}
          >
            <PictureInPictureIcon />
          </button>
        )}
        {wide && can.airplay && (
          <button
            type="button"
            css={iconButton}
            aria-label={ru.airplay}
            onClick={() => dispatch(uiRequests.castRequested({ kind: 'airplay' }))}
          >
            <AirPlayIcon />
          </button>
        )}
        {wide && can.remotePlayback && (
          <button
            type="button"
            css={iconButton}
            aria-label={ru.cast}
            onClick={() => dispatch(uiRequests.castRequested({ kind: 'remote' }))}
          >
            <CastIcon />
          </button>
        )}
        {can.fullscreen && (
          <button
            type="button"
            css={iconButton}
            aria-label={fullscreen ? ru.exitFullscreen : ru.fullscreen}
            onClick={() => dispatch(uiRequests.fullscreenToggled())}
          >
            <FullscreenIcon active={fullscreen} />
          </button>
        )}
      </div>
    </div>
  );
}
