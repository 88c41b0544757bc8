// Quality of experience: the arithmetic that turns an episode's tallies (src/state/qoe.ts) into the
// figures a host page and analytics get. Pure: every edge (nothing watched, no ads asked, no level
// played yet) gives a number or null, never NaN or Infinity.

/** A share, rounded to four decimals (a ratio the host reads, not a float's noise). */
const share = (part: number, whole: number) =>
  whole > 0 ? Math.round(Math.min(1, Math.max(0, part / whole)) * 10_000) / 10_000 : 0;

/** Milliseconds between two clock readings; null while either is missing. */
export function elapsedMs(fromMs: number | null, toMs: number | null): number | null {
  if (fromMs === null || toMs === null) return null;
  return Math.max(0, Math.round(toMs - fromMs));
}

/**
 * Stalled time over watched time (both ms), 0..1; 0 when nothing was watched. The watched time is
 * the element's time not paused, which includes the stalls themselves: the ratio never passes 1.
 */
export const rebufferRatio = (stalledMs: number, watchedMs: number) => share(stalledMs, watchedMs);

/** Ads that showed a frame over ads asked for; null when none was asked (no fill to speak of). */
export const adFill = (played: number, asked: number) => (asked > 0 ? share(played, asked) : null);

/** Bits per second averaged over the seconds each level played; null before any played. */
export const averageBitrate = (bitSeconds: number, seconds: number) =>
  seconds > 0 ? Math.round(bitSeconds / seconds) : null;

/** The mean of some durations (ms), rounded; null when there are none. */
export const meanMs = (totalMs: number, count: number) =>
  count > 0 ? Math.round(totalMs / count) : null;

/** The stalled time so far: the stalls ended, and the one still on up to now. */
export const stalledMs = (endedMs: number, openSinceMs: number | null, nowMs: number) =>
  endedMs + (openSinceMs === null ? 0 : Math.max(0, nowMs - openSinceMs));
