import { call, select } from 'typed-redux-saga';
import { selectQoe } from '../../src/state/qoe';
import { qoeFigures } from '../../src/qoe/episodeFigures';
import { selectPlayedSeconds } from '../../src/state/playback';
import { selectBandwidth } from '../../src/state/stream';
import { getPorts } from './context';

/**
 * The episode's quality-of-experience figures now: the tallies, the clock, the element's frames and
 * the bandwidth estimate.
 */
export function* currentQoe() {
  const { clock, media } = yield* getPorts();
  const nowMs = yield* call([clock, clock.now]);
  const frames = yield* call([media, media.playbackQuality]);
  return qoeFigures(
    yield* select(selectQoe),
    nowMs,
    yield* select(selectPlayedSeconds),
    frames,
    yield* select(selectBandwidth),
  );
}
