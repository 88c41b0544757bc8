// VAST time values: Duration, Linear@skipoffset and progress Tracking@offset.
import type { VastOffset } from './model';

// Optional hours and minutes, then seconds, then an optional fraction (SPEC.md section 5):
// HH:MM:SS(.mmm), MM:SS(.mmm) or SS(.mmm).
const CLOCK = /^(\d+)(?::(\d{1,2}))?(?::(\d{1,2}))?(?:\.(\d+))?$/;
const PERCENT = /^(\d+(?:\.\d+)?)%$/;

/** Seconds for a clock value, or null when it does not follow the format. */
export function parseClock(text: string | null | undefined): number | null {
  if (text == null) return null;
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  const [, first, second, third, fraction] = match;
  let hours = 0;
  let minutes = 0;
  let seconds: number;
  if (third !== undefined) {
    hours = Number(first);
    minutes = Number(second);
    seconds = Number(third);
  } else if (second !== undefined) {
    minutes = Number(first);
    seconds = Number(second);
  } else {
    seconds = Number(first);
  }
  // A field after another one is a sexagesimal digit pair: 00:00:75 is garbage, not 75 seconds.
  if (second !== undefined && seconds >= 60) return null;
  if (third !== undefined && minutes >= 60) return null;
  const total = hours * 3600 + minutes * 60 + seconds + (fraction ? Number(`0.${fraction}`) : 0);
  return Number.isFinite(total) ? total : null;
}

/** A skip or progress offset: a clock value or N% (0..100). Garbage gives null. */
export function parseTimeOffset(text: string | null | undefined): VastOffset | null {
  if (text == null) return null;
  const trimmed = text.trim();
  const percent = PERCENT.exec(trimmed);
  if (percent) {
    const value = Number(percent[1]);
    return value <= 100 ? { kind: 'percent', value } : null;
  }
  const seconds = parseClock(trimmed);
  return seconds === null ? null : { kind: 'seconds', value: seconds };
}

/** Linear Duration in seconds, or null when absent or malformed. */
export function parseDuration(text: string | null | undefined): number | null {
  return parseClock(text);
}

/** An offset in seconds into an ad; a percentage needs the ad's duration. */
export function offsetSeconds(
  offset: VastOffset | null,
  durationSec: number | null,
): number | null {
  if (!offset) return null;
  if (offset.kind === 'seconds') return offset.value;
  if (durationSec === null || !Number.isFinite(durationSec) || durationSec < 0) return null;
  return (offset.value / 100) * durationSec;
}
