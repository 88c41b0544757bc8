import { call } from 'typed-redux-saga';
import { getPorts } from './context';

/** An error id the viewer can quote; drawn from the rng port so a replay draws the same. */
export function* newErrorId() {
  const { rng } = yield* getPorts();
  const n = yield* call([rng, rng.next]);
  return Math.floor(n * 0xffffffff)
    .toString(16)
    .padStart(8, '0');
}
