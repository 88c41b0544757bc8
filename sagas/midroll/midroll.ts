import { put, select, takeEvery } from 'typed-redux-saga';
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

/**
 * The mid-roll watcher (demo interval, on with the `advert` parameter): asks for a break when the
 * content's accumulated played time reaches the threshold; a postponed one comes after fullscreen.
 */
export function* midrollActor() {
  const config = yield* getConfig();
  if (!config.advert) return;
  // the progress bar marks the next break and counts down to it (a restarted actor has said so)
  if (!(yield* select(selectMidrollsOn))) yield* put(adsActions.midrollsOn());
  yield* takeEvery(
    anyOf([
      mediaActions.positionChanged.type,
      viewportActions.fullscreenChanged.type,
      viewportActions.stretchedChanged.type,
    ]),
    checkThreshold,
  );
}
