// A call that fails for a while is asked again before the viewer gets the error page: no answer
// (refused, reset), no answer within its time limit, HTTP 429 or 500/502/503/504 are what a service
// restarting or overloaded answers, and it may answer in a moment. What will not get better (404 and
// the other 4xx, a body of another shape) fails at once. docs/reliability.md, "Faults of the outside
// calls". Waits go through the clock port and jitter through the rng port, so a replay repeats them.
import type { SagaIterator } from 'redux-saga';
import { call, put } from 'typed-redux-saga';
import { ApiError } from '../../src/api/http';
import { httpFailureOf } from '../../src/ports/http';
import { bootRetrying } from '../../src/state/system';
import { getPorts } from './context';

/**
 * Retries after waits of 0.5, 1, 2 and 4 s (7.5 s in all): a service back within about 5 s (a
 * restart, a deploy) is met, and a viewer at boot waits seconds more for the message, not a minute.
 */
export const MAX_RETRIES = 4;
export const FIRST_RETRY_WAIT_MS = 500;
/** Each wait moves by up to a quarter either way: players that failed together do not all come back together. */
export const RETRY_JITTER = 0.25;
/**
 * No retry starts later than this after the call first failed. A hang costs the call's whole time
 * limit (10 s) each time, so it gets one retry (the message after about 20 s, not nearly a minute),
 * and so does a call that waits on a token refresh that hangs.
 */
export const RETRY_WINDOW_MS = 10_000;

/** Statuses of a server that may do better in a moment: too many requests, failing, behind a gateway that lost it. */
const TRANSIENT_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Whether a failed call may succeed when asked again. */
export function isTransient(error: unknown): boolean {
  if (httpFailureOf(error) !== null) return true; // no answer, or none within the time limit
  return error instanceof ApiError && TRANSIENT_STATUSES.has(error.status);
}

/** The wait before retry n (0 for the first), its jitter from a random number in [0, 1). */
export const retryWaitMs = (n: number, random: number): number =>
  Math.round(FIRST_RETRY_WAIT_MS * 2 ** n * (1 + RETRY_JITTER * (2 * random - 1)));

/**
 * The attempt's result; after a transient failure, the attempt again after a growing wait, up to
 * MAX_RETRIES times within RETRY_WINDOW_MS, each retry told as boot/retrying. The last failure is
 * thrown. A call that succeeds at once asks nothing of the ports (healthy sessions log as before).
 */
export function* retryTransient<T>(what: string, attempt: () => SagaIterator<T>): SagaIterator<T> {
  let firstFailureAt: number | null = null;
  for (let n = 0; ; n++) {
    try {
      return yield* attempt();
    } catch (error) {
      if (!isTransient(error) || n >= MAX_RETRIES) throw error;
      const { clock, rng } = yield* getPorts();
      const now = yield* call([clock, clock.now]);
      firstFailureAt ??= now;
      const waitMs = retryWaitMs(n, yield* call([rng, rng.next]));
      if (now + waitMs - firstFailureAt > RETRY_WINDOW_MS) throw error;
      yield* put(bootRetrying({ call: what, attempt: n + 2, waitMs, failure: String(error) }));
      yield* call([clock, clock.sleep], waitMs);
    }
  }
}
