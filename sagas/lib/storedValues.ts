// Values the player reads back from storage: another tab, an older version, an extension or the
// viewer may have written anything there, so each is checked, and a bad one counts as none.
import { subtitleStyleOf, type SubtitleStyle } from '../../src/shared/subtitleStyle';
import type { SubtitleChoice } from '../../src/stream/subtitleChoice';

/** JSON, or undefined when it is not (unreadable memory is no memory). */
function parsed(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** The saved volume, 0..1; 1 (SPEC.md section 3's default) when there is none or it is unreadable. */
export function storedVolume(raw: string | null): number {
  const volume = raw === null ? NaN : Number(raw);
  return Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 1;
}

/** The last session's bandwidth estimate in bits per second: a positive number, or none. */
export function storedBandwidth(raw: string | null): number | null {
  const bitsPerSecond = raw === null ? NaN : Number(raw);
  return Number.isFinite(bitsPerSecond) && bitsPerSecond > 0 ? bitsPerSecond : null;
}

/** A stored list of labels: its strings, in order, at most `limit`; anything else is no list. */
export function storedLabels(raw: string | null, limit: number): string[] {
  const value = parsed(raw);
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === 'string' && v !== '').slice(0, limit);
}

/** episodesTimeProgress: seconds by episode id; an entry that is not a finite number is left out. */
export function storedPositions(raw: string | null): Record<string, number> {
  const value = parsed(raw);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, number] =>
        typeof entry[1] === 'number' && Number.isFinite(entry[1]),
    ),
  );
}

/** The remembered subtitles: off, a track's language and name, or none. */
export function storedSubtitleChoice(raw: string | null): SubtitleChoice | null {
  if (raw === 'off') return 'off';
  const value = parsed(raw);
  if (!value || typeof value !== 'object') return null;
  const { lang, name } = value as Record<string, unknown>;
  if (typeof lang !== 'string' || typeof name !== 'string' || (!lang && !name)) return null;
  return { lang, name };
}

/** The remembered speed when it is one the menu offers; none otherwise. */
export function storedRate(raw: string | null, offered: readonly number[]): number | null {
  const rate = raw === null ? NaN : Number(raw);
  return offered.includes(rate) ? rate : null;
}

/** The remembered subtitle style; none when nothing readable was kept (bad fields are defaults). */
export function storedSubtitleStyle(raw: string | null): SubtitleStyle | null {
  const value = parsed(raw);
  return value && typeof value === 'object' ? subtitleStyleOf(value) : null;
}
