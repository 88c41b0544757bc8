import type { UnknownAction } from 'redux';
import type { PlayerState } from '../../src/state';
import { playbackRequests, SEEK_STEP_S } from '../../src/state/playback';
import { uiActions, uiRequests, type SurfaceZone } from '../../src/state/ui';

export const togglePlay = (s: PlayerState): UnknownAction =>
  s.media.paused ? playbackRequests.playRequested() : playbackRequests.pauseRequested();

/**
 * A click or tap on the picture (SPEC.md section 2). With a menu open it is the outside click that
 * closes it. Otherwise a mouse click toggles pause; a tap shows or hides the controls, as on phones.
 */
export function actionForClick(touch: boolean, s: PlayerState): UnknownAction {
  if (s.ui.menu) return uiRequests.menuClosed();
  if (touch) return s.ui.controlsVisible ? uiActions.controlsHidden() : uiActions.controlsShown();
  return togglePlay(s);
}

/**
 * A double click: on the outer fifths 10 s back or forward, elsewhere fullscreen (desktop); a double
 * tap on either side seeks the same way (beyond the specification, as the best mobile players do).
 */
export function actionForDoubleClick(zone: SurfaceZone, touch: boolean): UnknownAction | null {
  if (zone === 'left') return playbackRequests.seekByRequested({ seconds: -SEEK_STEP_S });
  if (zone === 'right') return playbackRequests.seekByRequested({ seconds: SEEK_STEP_S });
  return touch ? null : uiRequests.fullscreenToggled();
}
