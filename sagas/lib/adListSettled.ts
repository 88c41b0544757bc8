import { race, select, take } from 'typed-redux-saga';
import { plain } from './plainEffects';
import { adsActions, selectAdList } from '../../src/state/ads';
import { AD_LIST_TIMEOUT_MS } from '../ads/limits';
import { anyOf } from './anyOf';
import { getPorts } from './context';

function* untilSettled() {
  for (;;) {
    const status = (yield* select(selectAdList)).status;
    if (status !== 'loading') return;
    yield* take(
      anyOf([adsActions.listLoaded.type, adsActions.listFailed.type, adsActions.listReset.type]),
    );
  }
}

/**
 * Waits until the list fetch under way (if any) has settled, and never longer than its time limit:
 * the fetch may have died with its actor.
 */
export function* listSettled() {
  const { clock } = yield* getPorts();
  yield* race([
    plain.call(untilSettled),
    plain.call([clock, clock.sleep], AD_LIST_TIMEOUT_MS + 1_000),
  ]);
}
