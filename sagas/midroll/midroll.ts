import type { Action } from 'redux';
import { put, select, take } from 'typed-redux-saga';
import type { PlayerState } from '../../src/state';
import { adRequests, adsActions } from '../../src/state/ads';
import { mediaActions } from '../../src/state/playback';
import { viewportActions } from '../../src/state/viewport';
import { getConfig } from '../lib/context';
import { anyOf } from '../lib/anyOf';

/**
 * Due when the played time reaches the threshold, no ad is active and the player is not fullscreen
 * (the fullscreen-stretched mode counts as fullscreen).
 */
export const midrollDue = (s: PlayerState) =>
  s.media.playedSeconds >= s.ads.nextMidrollAt &&
  s.ads.activeBreak === null &&
  s.ads.prerollDone &&
  !s.viewport.fullscreen &&
  !s.viewport.stretched &&
  // the episode is being left (it may have ended for the host already): no advert in it now
  !s.nextUp.requested;

const selectMidrollsOn = (s: PlayerState) => s.ads.midrolls;

function* checkThreshold() {
  if (yield* select(midrollDue)) yield* put(adRequests.breakRequested({ kind: 'midroll' }));
}

const selectNextMidrollAt = (s: PlayerState) => s.ads.nextMidrollAt;
/** a way out of fullscreen may let a postponed break come */
const fullscreenLeft = anyOf([
  viewportActions.fullscreenChanged.type,
  viewportActions.stretchedChanged.type,
]);

/**
 * The moments a break may come: a position report at or past the threshold, or a change of
 * fullscreen. The reports before it pass by without waking the actor (steady playback's cost);
 * any other action may move the threshold, and is looked at again.
 */
function* eachChance() {
  for (;;) {
    const at = yield* select(selectNextMidrollAt);
    const action = yield* take((a: Action) =>
      mediaActions.positionChanged.match(a)
        ? a.payload.playedSeconds >= at
        : !adsActions.adProgressed.match(a),
    );
    if (mediaActions.positionChanged.match(action) || fullscreenLeft(action))
      yield* checkThreshold();
  }
}

/**
 * The mid-roll watcher (demo interval, on with the `advert` parameter): asks for a break when the
 * content's accumulated played time reaches the threshold; a postponed one comes after fullscreen.
 */
export function* midrollActor() {
  const config = yield* getConfig();
  if (!config.advert) return;
  // the progress bar marks the next break and counts down to it (a restarted actor has said so)
  if (!(yield* select(selectMidrollsOn))) yield* put(adsActions.midrollsOn());
  yield* eachChance();
}
