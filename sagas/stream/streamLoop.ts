import { call, put } from 'typed-redux-saga';
import type { MediaSample } from '../../src/shared/media';
import { mediaActions } from '../../src/state/playback';
import { BANDWIDTH_KEY } from '../../src/stream/levels';
import { streamActions } from '../../src/state/stream';
import { getPorts } from '../lib/context';

const BANDWIDTH_EVERY_MS = 10_000;

/** What the actor remembers of the stream now playing; a new stream starts from zero. */
export interface LoopState {
  bandwidthSavedAt: number;
  /** played time of the episode's earlier sources: another dubbing does not start the count over */
  playedBeforeMs: number;
}

export const freshLoop = (playedBeforeMs = 0): LoopState => ({
  bandwidthSavedAt: 0,
  playedBeforeMs,
});

/**
 * A tick of the 100 ms stream loop, as the media port reports it (only when what the viewer, the
 * mid-roll watcher or analytics see has changed, so the view does not re-render ten times a second):
 * position, buffer and played time for all of them.
 */
export function* streamTick(loop: LoopState, s: MediaSample) {
  yield* put(
    mediaActions.positionChanged({
      currentTime: s.currentTime,
      duration: s.duration,
      bufferedEnd: s.bufferedEnd,
      playedSeconds: Math.floor((loop.playedBeforeMs + s.playedMs) / 1000),
    }),
  );
  // Every 10 s of playing, the engine's bandwidth estimate is kept for the next session's first level.
  if (s.bandwidth > 0 && s.playedMs - loop.bandwidthSavedAt >= BANDWIDTH_EVERY_MS) {
    loop.bandwidthSavedAt = s.playedMs;
    const { storage } = yield* getPorts();
    const bitsPerSecond = Math.round(s.bandwidth);
    yield* call([storage, storage.set], BANDWIDTH_KEY, String(bitsPerSecond));
    yield* put(streamActions.bandwidthEstimated({ bitsPerSecond }));
  }
}
