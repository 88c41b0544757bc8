// Where the page's first script leaves its answers for the player's code: a module of its own, so that
// the player's entry does not import the first script's code (shared by both, and past the bundler's
// minimum size, it would become a bundle of its own that the first script waits for).
import type { EarlyAnswers } from './earlyAnswers';

const HANDOVER = '__kinoEarlyStart';

/** Leaves the first script's answers for the ports. */
export function handOver(early: EarlyAnswers): void {
  (globalThis as { [HANDOVER]?: EarlyAnswers })[HANDOVER] = early;
}

/** The early start of this page, for the ports; null when the page had none. */
export function takeEarlyStart(): EarlyAnswers | null {
  const early = (globalThis as { [HANDOVER]?: EarlyAnswers })[HANDOVER] ?? null;
  Reflect.deleteProperty(globalThis, HANDOVER); // the ports take it once
  return early;
}
