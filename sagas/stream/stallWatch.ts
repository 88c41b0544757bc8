import { call, put, race, select } from 'typed-redux-saga';
import { selectWaitingForNetwork, streamHealthActions } from '../../src/state/streamHealth';
import { plain } from '../lib/plainEffects';
import { mediaActions } from '../../src/state/playback';
import { systemActions } from '../../src/state/system';
import { anyOf } from '../lib/anyOf';
import { getPorts } from '../lib/context';
import { handleStreamError, retryPending, type MediaErrorEvent } from './recovery';

/**
 * The engine silent this long while the film waits for data: it has stalled. Longer than hls.js's
 * own first-byte limit (8 s, src/stream/loadPolicies.ts) and its longest wait between retries (4 s),
 * so that whatever hls.js can see fail, it reports first.
 */
export const STALL_LIMIT_MS = 10_000;
/** How often the waiting film looks at the engine. */
export const STALL_CHECK_MS = 2_500;

/** Error details of a stall, as the analytics and the flight log name it. */
export const STALL_DETAILS = 'engineStalled';
/** Error details of a film that waits with its data buffered: the element's stall, not the engine's. */
export const ELEMENT_STALL_DETAILS = 'elementStalled';

/**
 * At least this much buffered ahead of a waiting film: its data is there, and the element does not
 * play it (seen in WebKit after a pre-roll: the whole 24 s film buffered, `waiting` at 0 for good).
 * A reload of the loads cannot help, as they are done; the element attached afresh can.
 */
export const ELEMENT_STALL_AHEAD_S = 1;

/** A hole in the buffer at most this long just ahead of a waiting film is jumped over. */
export const HOLE_LIMIT_S = 10;

/**
 * The film waits in a hole of the buffer with media buffered just past it: seeks there. hls.js's
 * own gap controller does this as a rule, but it runs on the stream controller's tick, which stops
 * once everything there is to load is loaded: a first segment unusable on every level (empty or
 * malformed) then left the film waiting at 0 with the rest of it buffered from 4 s, until the
 * stall watch's reload failed too (the fault matrix, one run in three or four).
 */
function* jumpedHole(currentTime: number) {
  const { media } = yield* getPorts();
  const ranges = yield* call([media, media.buffered]);
  if (ranges.some(([start, end]) => start <= currentTime && currentTime < end - 0.5)) return false;
  const next = ranges.find(([start]) => start > currentTime && start - currentTime <= HOLE_LIMIT_S);
  if (!next) return false;
  const to = next[0] + 0.1;
  yield* put(streamHealthActions.holeJumped({ from: currentTime, to }));
  yield* call([media, media.seek], to);
  return true;
}

/**
 * While the film waits for data: hls.js can go quiet for good (seen with hls.js 1.7: a level switch
 * that aborts an init segment's load leaves it waiting for nothing), and the viewer would face a
 * spinner forever. A silent engine with media buffered just past a hole is moved over it; one with
 * the film's next second buffered has an element that stalled, treated as a fatal media error (the
 * element attached afresh, twice, then the message); otherwise it is treated as a fatal network
 * error, whose next step the failure policy decides (src/stream/failurePolicy.ts).
 */
function* watchEngine() {
  const { media, clock } = yield* getPorts();
  for (;;) {
    yield* call([clock, clock.sleep], STALL_CHECK_MS);
    const sample = yield* call([media, media.sample]);
    if (sample.paused) return; // a paused film waits for the viewer, not the engine
    // the engine stopped for a network that is gone, or until a retry's turn: those resume it
    if ((yield* select(selectWaitingForNetwork)) || (yield* retryPending())) continue;
    const idleMs = yield* call([media, media.engineIdleMs]);
    if (idleMs < STALL_LIMIT_MS) continue;
    // silent, with media buffered just past a hole: over it, rather than a reload
    if (yield* jumpedHole(sample.currentTime)) continue;
    const bufferLength = Math.max(0, sample.bufferedEnd - sample.currentTime);
    const elementStalled = bufferLength >= ELEMENT_STALL_AHEAD_S;
    const stalled: MediaErrorEvent = {
      type: 'error',
      fatal: true,
      kind: elementStalled ? 'media' : 'network',
      details: elementStalled ? ELEMENT_STALL_DETAILS : STALL_DETAILS,
      silent: true,
      bandwidth: sample.bandwidth,
      bufferLength,
    };
    yield* call(handleStreamError, stalled);
  }
}

/** From a `waiting` until the film plays, pauses, is replaced or has failed (the message is up). */
export function* watchWhileWaiting() {
  yield* race({
    watched: plain.call(watchEngine),
    over: plain.take(
      anyOf([
        mediaActions.playing.type,
        mediaActions.paused.type,
        mediaActions.reset.type,
        systemActions.playbackFailed.type,
      ]),
    ),
  });
}
