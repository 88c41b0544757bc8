import { css } from '@emotion/react';
import { useRef, type ReactNode, type Ref } from 'react';
import { ru } from '../i18n/ru';
import { playbackRequests, SEEK_STEP_S } from '../state/playback';
import { selectControlsHidden } from '../state/selectors';
import { isSettingsPage, uiRequests, type MenuName } from '../state/ui';
import { useFocusReturn, usePlayerDispatch, usePlayerSelector } from './hooks';
import {
  AirPlayIcon,
  AudioIcon,
  EpisodesIcon,
  ShareIcon,
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
import { useControlBarHeight } from './controlBarHeight';

const bar = css`
  flex-direction: column;
  align-items: stretch;
  gap: 0.25rem;
  /* the rows below fit their controls to the bar's own width, whatever the page around it */
  container-type: inline-size;
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
  button {
    display: flex;
    flex-shrink: 0;
    align-items: center;
    justify-content: center;
  }
`;

/**
 * The row of playback controls on the left and the rest on the right. A bar too narrow for both
 * gives the right group a line of its own rather than letting it run off the player's edge.
 */
const groupedRow = css`
  flex-wrap: wrap;
  row-gap: 0.25rem;
  .group {
    display: flex;
    align-items: center;
    gap: 0.25rem;
  }
  .end {
    margin-left: auto;
  }
`;

/** The desktop layout on a narrow bar (from 640 px): no volume slider, and tighter buttons. */
const tightWhenNarrow = css`
  @container (max-width: 48rem) {
    gap: 0;
    .group {
      gap: 0;
    }
    input[type='range'] {
      display: none;
    }
    button {
      width: 2.25rem;
      height: 2.25rem;
    }
  }
`;

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
  const button = useFocusReturn(open);
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
      <button ref={button} type="button" css={seasonButton} aria-expanded={open} onClick={toggle}>
        {ru.season(only.order)} · {ru.episodeCount(only.count)}
      </button>
    );
  return (
    <button
      ref={button}
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

/** A round control of the bar, named for screen readers; its click is told to analytics as `icon`. */
function IconButton({
  label,
  icon,
  opensMenu = false,
  expanded,
  buttonRef,
  keys,
  onClick,
  children,
}: {
  label: string;
  /** a menu's button: whether its menu is open */
  expanded?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
  /** its name in the click event; a menu's button has none (the menu's opening is the click) */
  icon?: string;
  opensMenu?: boolean;
  /** the player's keys that do the same (aria-keyshortcuts: a screen reader tells them) */
  keys?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const dispatch = usePlayerDispatch();
  const click = () => {
    if (icon) dispatch(uiRequests.iconClicked({ icon }));
    onClick();
  };
  return (
    <button
      ref={buttonRef}
      type="button"
      css={iconButton}
      aria-label={label}
      aria-haspopup={opensMenu ? 'menu' : undefined}
      aria-expanded={expanded}
      aria-keyshortcuts={keys}
      onClick={click}
    >
      {children}
    </button>
  );
}

/** The button of a menu: opens it, and gets the focus back when it closes. */
function MenuButton({
  menu,
  label,
  children,
}: {
  menu: MenuName;
  label: string;
  children: ReactNode;
}) {
  const dispatch = usePlayerDispatch();
  const open = usePlayerSelector((s) => s.ui.menu === menu);
  const button = useFocusReturn(open);
  return (
    <button
      ref={button}
      type="button"
      css={iconButton}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={open}
      onClick={() => dispatch(uiRequests.menuOpened({ menu }))}
    >
      {children}
    </button>
  );
}

/**
 * The controls bar: progress, then play/pause, 10 s back and forward, volume, time; subtitles,
 * settings, picture-in-picture, AirPlay, casting and fullscreen, each only where the browser has it.
 */
export function ControlBar() {
  const dispatch = usePlayerDispatch();
  const barRef = useRef<HTMLDivElement>(null);
  useControlBarHeight(barRef);
  const paused = usePlayerSelector((s) => s.media.paused);
  const hidden = usePlayerSelector(selectControlsHidden);
  const wide = usePlayerSelector((s) => s.viewport.wide);
  const fullscreen = usePlayerSelector((s) => s.viewport.fullscreen || s.viewport.stretched);
  const pictureInPicture = usePlayerSelector((s) => s.viewport.pictureInPicture);
  // in the fullscreen-stretched mode the host page does it, whatever the browser offers
  const stretchedMode = usePlayerSelector((s) => s.ui.features.stretchedClose);
  const can = usePlayerSelector((s) => s.viewport.capabilities);
  const hasSubs = usePlayerSelector((s) => s.stream.subtitleTracks.length > 0);
  const settingsOpen = usePlayerSelector((s) => isSettingsPage(s.ui.menu));
  const hasAudioChoice = usePlayerSelector((s) => selectAudioChoices(s).length > 1);
  const share = usePlayerSelector((s) => s.ui.features.share && Boolean(s.content.content?.url));
  const settingsButton = useFocusReturn(settingsOpen);
  const subtitlesButton = useFocusReturn(settingsOpen);
  const subtitlesOpen = usePlayerSelector(
    (s) => s.ui.menu === 'subs' || (s.ui.menu?.startsWith('subs-') ?? false),
  );
  const episodeControls = (
    <>
      <NextEpisodeButton />
      <EpisodesButton wide={wide} />
      {hasAudioChoice && (
        <MenuButton menu="audio" label={ru.audioTrack}>
          <AudioIcon />
        </MenuButton>
      )}
    </>
  );
  const shareControl = share && (
    <MenuButton menu="share" label={ru.share}>
      <ShareIcon />
    </MenuButton>
  );
  return (
    <div
      ref={barRef}
      css={[bottomBar, bar]}
      data-testid="control-bar"
      data-hidden={hidden}
      onClick={(e) => e.stopPropagation()}
    >
      {/* on a phone the episode controls get their own row: one row cannot hold them all */}
      {!wide && (
        <div css={row}>
          {episodeControls}
          {shareControl}
        </div>
      )}
      <ProgressSlider />
      <div css={[row, groupedRow, wide && tightWhenNarrow]}>
        <div className="group">
          <IconButton
            label={paused ? ru.play : ru.pause}
            keys="K Space"
            icon={paused ? 'play' : 'pause'}
            onClick={() =>
              dispatch(
                paused ? playbackRequests.playRequested() : playbackRequests.pauseRequested(),
              )
            }
          >
            {paused ? <PlayIcon /> : <PauseIcon />}
          </IconButton>
          <IconButton
            label={ru.seekBack}
            keys="J ArrowLeft"
            icon="seek_back"
            onClick={() => dispatch(playbackRequests.seekByRequested({ seconds: -SEEK_STEP_S }))}
          >
            <SeekBackIcon />
          </IconButton>
          <IconButton
            label={ru.seekForward}
            keys="L ArrowRight"
            icon="seek_forward"
            onClick={() => dispatch(playbackRequests.seekByRequested({ seconds: SEEK_STEP_S }))}
          >
            <SeekForwardIcon />
          </IconButton>
          <VolumeControl slider={wide} />
          <TimeLabel />
        </div>
        <div className="group end">
          {wide && episodeControls}
          {wide && shareControl}
          {wide && hasSubs && (
            <IconButton
              label={ru.subtitles}
              keys="C"
              opensMenu
              buttonRef={subtitlesButton}
              expanded={subtitlesOpen}
              onClick={() => dispatch(uiRequests.menuOpened({ menu: 'subs' }))}
            >
              <SubtitlesIcon />
            </IconButton>
          )}
          <button
            ref={settingsButton}
            type="button"
            css={iconButton}
            aria-label={ru.settings}
            aria-haspopup="menu"
            aria-expanded={settingsOpen}
            onClick={() => {
              dispatch(uiRequests.iconClicked({ icon: 'settings' }));
              dispatch(uiRequests.settingsToggled());
            }}
          >
            <SettingsIcon />
          </button>
          {wide && can.pictureInPicture && (
            <IconButton
              label={ru.pictureInPicture}
              keys="I"
              icon={pictureInPicture ? 'picture_in_picture_exit' : 'picture_in_picture_enter'}
              onClick={() => dispatch(uiRequests.pictureInPictureToggled())}
            >
              <PictureInPictureIcon />
            </IconButton>
          )}
          {wide && can.airplay && (
            <IconButton
              label={ru.airplay}
              icon="airplay"
              onClick={() => dispatch(uiRequests.castRequested({ kind: 'airplay' }))}
            >
              <AirPlayIcon />
            </IconButton>
          )}
          {wide && can.remotePlayback && (
            <IconButton
              label={ru.cast}
              icon="cast"
              onClick={() => dispatch(uiRequests.castRequested({ kind: 'remote' }))}
            >
              <CastIcon />
            </IconButton>
          )}
          {(can.fullscreen || stretchedMode) && (
            <IconButton
              label={fullscreen ? ru.exitFullscreen : ru.fullscreen}
              keys="F"
              icon={fullscreen ? 'fullscreen_exit' : 'fullscreen'}
              onClick={() => dispatch(uiRequests.fullscreenToggled())}
            >
              <FullscreenIcon active={fullscreen} />
            </IconButton>
          )}
        </div>
      </div>
    </div>
  );
}
