import { call, put } from 'typed-redux-saga';
import { PLAYBACK_RATES } from '../../src/state/selectors';
import { streamActions, type streamRequests } from '../../src/state/stream';
import { getPorts } from '../lib/context';
import { RATE_KEY } from '../lib/storageKeys';
import { storedRate } from '../lib/storedValues';

/** The last session's speed, in the stream's state: applied with the first load. */
export function* readBackRate() {
  const { storage } = yield* getPorts();
  const rate = storedRate(yield* call([storage, storage.get], RATE_KEY), PLAYBACK_RATES);
  if (rate !== null && rate !== 1) yield* put(streamActions.rateRestored({ rate }));
}

/** The viewer's speed, for the next sessions (a host page's is not the viewer's preference). */
export function* rememberRate({ payload }: ReturnType<typeof streamRequests.rateRequested>) {
  if (payload.byHost) return;
  const { storage } = yield* getPorts();
  yield* call([storage, storage.set], RATE_KEY, String(payload.rate));
}
