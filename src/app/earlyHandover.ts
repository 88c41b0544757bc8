// Where the page's first script leaves its answers for the player's code (earlyStart.ts, main.tsx).
import type { EarlyAnswers } from './earlyAnswers';

const HANDOVER = '__kinoEarlyStart';

export function handOver(early: EarlyAnswers): void {
  (globalThis as { [HANDOVER]?: EarlyAnswers })[HANDOVER] = early;
}

/** The early start of this page, for the ports; null when the page had none. */
export function takeEarlyStart(): EarlyAnswers | null {
  const early = (globalThis as { [HANDOVER]?: EarlyAnswers })[HANDOVER] ?? null;
  Reflect.deleteProperty(globalThis, HANDOVER); // the ports take it once
  return early;
}
