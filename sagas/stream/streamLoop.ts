import { call, put, select } from 'typed-redux-saga';
import type { MediaSample } from '../../src/shared/media';
import { mediaActions } from '../../src/state/playback';
import { BANDWIDTH_KEY, keptBandwidth } from '../../src/stream/levels';
import { selectStreamLoop, streamActions } from '../../src/state/stream';
import { getPorts } from '../lib/context';

const BANDWIDTH_EVERY_MS = 10_000;

/**
 * A tick of the 100 ms stream loop, as the media port reports it (only when what the viewer, the
 * mid-roll watcher or analytics see has changed, so the view does not re-render ten times a second):
 * position, buffer and played time for all of them.
 */
export function* streamTick(s: MediaSample) {
  // its memory is the state's (a new source starts it from zero): a restarted actor goes on from it
  const { playedBeforeMs, bandwidthKeptAtMs } = yield* select(selectStreamLoop);
  yield* put(
    mediaActions.positionChanged({
      currentTime: s.currentTime,
      duration: s.duration,
      bufferedEnd: s.bufferedEnd,
      playedSeconds: Math.floor((playedBeforeMs + s.playedMs) / 1000),
    }),
  );
  // Every 10 s of playing, the engine's bandwidth estimate is kept, with the time, for the next session.
  if (s.bandwidth > 0 && s.playedMs - bandwidthKeptAtMs >= BANDWIDTH_EVERY_MS) {
    const { storage, clock } = yield* getPorts();
    const bitsPerSecond = Math.round(s.bandwidth);
    const nowMs = yield* call([clock, clock.epochMs]);
    yield* call([storage, storage.set], BANDWIDTH_KEY, keptBandwidth(bitsPerSecond, nowMs));
    yield* put(streamActions.bandwidthEstimated({ bitsPerSecond, atPlayedMs: s.playedMs }));
  }
}
