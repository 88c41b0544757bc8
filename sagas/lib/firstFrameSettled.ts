import { select, take } from 'typed-redux-saga';
import { selectFirstFrameSettled, systemActions } from '../../src/state/system';

/**
 * Waits for the first frame to settle. Answers whether it had to wait: if so, no run of the calling
 * actor has done anything yet (each waits here first). One that crashed in the moment between the
 * settle and its first answer from the browser is started again as one that did.
 */
export function* untilFirstFrameSettled() {
  if (yield* select(selectFirstFrameSettled)) return false;
  yield* take(systemActions.firstFrameSettled.type);
  return true;
}
