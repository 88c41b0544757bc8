import type { UnknownAction } from 'redux';
import { call, put, race, select, takeLatest } from 'typed-redux-saga';
import { on, takeEach } from '../lib/takeEach';
import { selectPlayerState } from '../../src/state/selectors';
import { plain } from '../lib/plainEffects';
import { STRETCHED_MODE } from '../../src/shared/config';
import { siteOrigin } from '../../src/shared/shareLink';
import type { PlayerState } from '../../src/state';
import { mediaActions } from '../../src/state/playback';
import {
  MENU_CLOSERS,
  selectUiFeatures,
  uiActions,
  uiRequests,
  type UiFeatures,
} from '../../src/state/ui';
import { getConfig, getPorts } from '../lib/context';
import { actionForClick, actionForDoubleClick } from './gestures';
import { actionForKey } from './keys';
import { anyOf } from '../lib/anyOf';

/** SPEC.md section 9: the controls hide this long after the pointer last moved, while playing. */
export const CONTROLS_HIDE_MS = 1000;
/** A mouse click waits this long for a second one: a double click means fullscreen or a seek, not pause. */
export const DOUBLE_CLICK_MS = 250;

const state = function* () {
  return yield* select(selectPlayerState);
};

/** While an ad break runs, its own layer answers the viewer; the content's gestures and keys wait. */
const adsForbid = (s: PlayerState) => s.ads.activeBreak !== null;

/**
 * Shows the controls, then hides them after CONTROLS_HIDE_MS if the video plays, no menu is open
 * and no finger rests on the progress bar (its lifting starts the wait again).
 */
function* showThenHide() {
  if (!(yield* state()).ui.controlsVisible) yield* put(uiActions.controlsShown());
  const { clock } = yield* getPorts();
  yield* call([clock, clock.sleep], CONTROLS_HIDE_MS);
  const s = yield* state();
  if (!s.media.paused && s.ui.menu === null && !s.ui.scrubbing && s.ui.controlsVisible)
    yield* put(uiActions.controlsHidden());
}

/** The pointer left the player: while playing, the controls go at once. */
function* hideOnLeave() {
  const s = yield* state();
  if (!s.media.paused && s.ui.menu === null && s.ui.controlsVisible)
    yield* put(uiActions.controlsHidden());
}

function* carryOut(decide: (s: PlayerState) => UnknownAction | null) {
  const s = yield* state();
  if (adsForbid(s)) return;
  const action = decide(s);
  if (action) yield* put(action);
}

function* onSurfaceClick({ payload }: ReturnType<typeof uiRequests.surfaceClicked>) {
  const s = yield* state();
  if (adsForbid(s)) return;
  if (!payload.touch && s.ui.menu === null) {
    const { clock } = yield* getPorts();
    const { second } = yield* race({
      second: plain.take(uiRequests.surfaceDoubleClicked.type),
      wait: plain.call([clock, clock.sleep], DOUBLE_CLICK_MS),
    });
    if (second) return; // the double click's own handler acts
  }
  yield* carryOut((now) => actionForClick(payload.touch, now));
}

/** The share popup's link, to the clipboard; the popup says whether it went. */
function* copyLink({ payload }: ReturnType<typeof uiRequests.copyLinkRequested>) {
  const { clipboard } = yield* getPorts();
  const ok = yield* call([clipboard, clipboard.copy], payload.url);
  yield* put(uiActions.linkCopied({ ok }));
}

/**
 * The ui actor: owns the controls' auto-hide timer, and turns the viewer's clicks, taps and keys on
 * the player into intents (the components only report where and what).
 */
export function* uiActor() {
  const config = yield* getConfig();
  const features = {
    share: !config.disabledShare,
    stretchedClose: config.fullscreenMode === STRETCHED_MODE && config.embedded,
    // content paths are pages of the site that embeds the player, not of the catalog's service
    // (a log of an older version has no siteOrigin: its frame's origin then)
    shareOrigin: config.siteOrigin ?? siteOrigin(null, config.envBaseUrl),
  };
  // started again (after a crash), the state has them already
  const known = yield* select(selectUiFeatures);
  if ((Object.keys(features) as (keyof UiFeatures)[]).some((k) => known[k] !== features[k]))
    yield* put(uiActions.configured(features));
  // Any sign of the viewer restarts the timer, and so does every way a menu closes (showing the
  // controls again restarts it too: the run that showed them is replaced by one that only waits).
  yield* takeLatest(
    anyOf([
      uiRequests.pointerMoved.type,
      uiRequests.keyPressed.type,
      uiRequests.scrubStarted.type,
      uiRequests.scrubEnded.type,
      mediaActions.playing.type,
      mediaActions.paused.type,
      uiActions.controlsShown.type,
      ...MENU_CLOSERS,
    ]),
    showThenHide,
  );
  yield* takeEach(
    on(uiRequests.copyLinkRequested, copyLink),
    on(uiRequests.pointerLeft, hideOnLeave),
    on(uiRequests.surfaceClicked, onSurfaceClick),
    on(uiRequests.surfaceDoubleClicked, function* ({ payload }) {
      yield* carryOut(() => actionForDoubleClick(payload.zone, payload.touch));
    }),
    on(uiRequests.keyPressed, function* ({ payload }) {
      yield* carryOut((s) => actionForKey(payload.key, s));
    }),
  );
}
