import { call, put } from 'redux-saga/effects';
import type { MediaSample } from '../../src/ports/types';
import { mediaActions } from '../../src/state/playback';
import { BANDWIDTH_KEY } from '../../src/stream/levels';
import { TICK_MS } from '../../src/stream/loop';
import { getPorts } from '../lib/context';

const BANDWIDTH_EVERY_MS = 10_000;

/** What the loop has accumulated for the stream now playing; a new stream starts from zero. */
export interface LoopState {
  playedMs: number;
  bandwidthSavedAt: number;
  shown: { second: number; buffered: number; duration: number };
}

export const freshLoop = (): LoopState => ({
  playedMs: 0,
  bandwidthSavedAt: 0,
  shown: { second: -1, buffered: -1, duration: -1 },
});

/**
 * One tick of the 100 ms stream loop: accumulates played time and puts position, buffer and played
 * time only when what the viewer, the mid-roll watcher or analytics see changes (a new second), so
 * the view does not re-render ten times a second.
 */
export function* streamTick(loop: LoopState, s: MediaSample) {
  if (!s.paused) loop.playedMs += TICK_MS;
  const now = {
    second: Math.floor(s.currentTime),
    buffered: Math.floor(s.bufferedEnd),
    duration: Math.floor(s.duration),
  };
  const { shown } = loop;
  if (
    now.second !== shown.second ||
    now.buffered !== shown.buffered ||
    now.duration !== shown.duration
  ) {
    loop.shown = now;
    yield put(
      mediaActions.positionChanged({
        currentTime: s.currentTime,
        duration: s.duration,
        bufferedEnd: s.bufferedEnd,
        playedSeconds: Math.floor(loop.playedMs / 1000),
      }),
    );
  }
  // Every 10 s of playing, the engine's bandwidth estimate is kept for the next session's first level.
  if (s.bandwidth > 0 && loop.playedMs - loop.bandwidthSavedAt >= BANDWIDTH_EVERY_MS) {
    loop.bandwidthSavedAt = loop.playedMs;
    const { storage } = yield* getPorts();
    yield call([storage, storage.set], BANDWIDTH_KEY, String(Math.round(s.bandwidth)));
  }
}
