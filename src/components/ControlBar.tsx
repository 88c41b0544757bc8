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
  const settingsButton = useFocusReturn(settingsOpen);
  return (
    <div
      css={[bottomBar, bar]}
      data-testid="control-bar"
      data-hidden={hidden}
      onClick={(e) => e.stopPropagation()}
    >
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
