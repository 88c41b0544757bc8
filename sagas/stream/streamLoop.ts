import { call, put, take } from 'redux-saga/effects';
import type { MediaSample } from '../../src/ports/types';
import { mediaActions } from '../../src/state/playback';
import { BANDWIDTH_KEY } from '../../src/stream/levels';
import { getPorts } from '../lib/context';

/** SPEC.md section 9: the stream loop tick. */
export const TICK_MS = 100;
const BANDWIDTH_EVERY_MS = 10_000;

/**
 * The 100 ms stream loop: samples position, buffer and played time, and puts them only when what the
 * viewer, the mid-roll watcher or analytics see changes (a new second), so the view does not
 * re-render ten times a second. While paused it waits for playback instead of sampling.
 */
export function* streamLoop() {
  const { media, storage } = yield* getPorts();
  let playedMs = 0;
  let bandwidthSavedAt = 0;
  let shown = { second: -1, buffered: -1, duration: -1 };
  for (;;) {
    const s = (yield call([media, media.nextSample], TICK_MS)) as MediaSample;
    if (!s.paused) playedMs += TICK_MS;
    const now = {
      second: Math.floor(s.currentTime),
      buffered: Math.floor(s.bufferedEnd),
      duration: Math.floor(s.duration),
    };
    // Played time rides along with the position; it is no reason to put on its own.
    if (
      now.second !== shown.second ||
      now.buffered !== shown.buffered ||
      now.duration !== shown.duration
    ) {
      shown = now;
      yield put(
        mediaActions.positionChanged({
          currentTime: s.currentTime,
          duration: s.duration,
          bufferedEnd: s.bufferedEnd,
          playedSeconds: Math.floor(playedMs / 1000),
        }),
      );
    }
    // Every 10 s of playing, the engine's bandwidth estimate is kept for the next session's first level.
    if (s.bandwidth > 0 && playedMs - bandwidthSavedAt >= BANDWIDTH_EVERY_MS) {
      bandwidthSavedAt = playedMs;
      yield call([storage, storage.set], BANDWIDTH_KEY, String(Math.round(s.bandwidth)));
    }
    if (s.paused) yield take(mediaActions.playing.type);
  }
}
