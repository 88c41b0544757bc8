import { call, select } from 'typed-redux-saga';
import { qoeFigures, selectQoe } from '../../src/state/qoe';
import { selectPlayedSeconds } from '../../src/state/playback';
import { getPorts } from './context';

/** The episode's quality-of-experience figures now: the tallies, the clock and the element's frames. */
export function* currentQoe() {
  const { clock, media } = yield* getPorts();
  const nowMs = yield* call([clock, clock.now]);
  const frames = yield* call([media, media.playbackQuality]);
  return qoeFigures(yield* select(selectQoe), nowMs, yield* select(selectPlayedSeconds), frames);
}
