import { css, Global } from '@emotion/react';
import { cueDeclarations, windowDeclarations } from '../shared/subtitleStyle';
import { selectControlsShown } from '../state/selectors';
import { selectSubtitleStyle } from '../state/subtitleStyle';
import { usePlayerSelector } from './hooks';

/** The control bar's height, published by the bar (useControlBarHeight). */
export const CONTROL_BAR_HEIGHT = '--control-bar-height';

/**
 * The subtitles of the content <video> as the viewer styled them, and lifted above the control bar
 * while it shows (the browser would draw the bottom lines under it). The cues live in the video's
 * own shadow tree: `::cue` styles the text, the text-track container (Chromium and WebKit) moves.
 */
export function CueStyle() {
  const style = usePlayerSelector(selectSubtitleStyle);
  const barShown = usePlayerSelector(selectControlsShown);
  return (
    <Global
      styles={css`
        #video::cue {
          ${cueDeclarations(style)};
        }
        /* the window: the box of a cue's lines (Chromium and WebKit draw one) */
        #video::-webkit-media-text-track-display {
          ${windowDeclarations(style)};
        }
        #video::-webkit-media-text-track-container {
          transition: transform 0.2s;
          transform: translateY(${barShown ? `calc(-1 * var(${CONTROL_BAR_HEIGHT}, 0px))` : '0'});
        }
      `}
    />
  );
}
