import { fork, join, put, race, select, take } from 'typed-redux-saga';
import { plain } from './plainEffects';
import { adRequests, adsActions, selectAdList, selectAds } from '../../src/state/ads';
import { AD_LIST_TIMEOUT_MS } from '../ads/limits';
import { anyOf } from './anyOf';
import { getPorts } from './context';

const LIST_ANSWERS = anyOf([
  adsActions.listLoaded.type,
  adsActions.listFailed.type,
  adsActions.listReset.type,
]);

function* untilSettled() {
  for (;;) {
    const status = (yield* select(selectAdList)).status;
    if (status !== 'loading') return;
    yield* take(LIST_ANSWERS);
  }
}

/** Never longer than the list's time limit: the fetch may have died with its actor. */
function* withinListLimit(wait: () => Generator) {
  const { clock } = yield* getPorts();
  yield* race([plain.call(wait), plain.call([clock, clock.sleep], AD_LIST_TIMEOUT_MS + 1_000)]);
}

/** Waits until the list fetch under way (if any) has settled. */
export function* listSettled() {
  yield* withinListLimit(untilSettled);
}

/** Until the list fetched after a reset has answered: loaded or failed (a late older answer is not it). */
function* untilAnswered() {
  for (;;) {
    yield* take(LIST_ANSWERS);
    const { status } = yield* select(selectAdList);
    if (status === 'loaded' || status === 'failed') return;
  }
}

/**
 * SPEC.md section 4: a fresh ad list before another episode. Asks the ad actor for it and waits for
 * its answer: the ad actor's fetch starts in a put of its own, after this one, so the list's state
 * alone would still say nothing is under way.
 */
export function* refreshAdList() {
  const { disabled } = yield* select(selectAds);
  yield* put(adsActions.listReset());
  if (disabled) return; // no ad actor to answer
  const answered = yield* fork(withinListLimit, untilAnswered); // listening before asking
  yield* put(adRequests.listUpdateRequested());
  yield* join(answered);
}
