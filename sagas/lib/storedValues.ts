// Values the player reads back from storage, each through its schema (src/shared/storedSchemas.ts):
// another tab, an older version, an extension or the viewer may have written anything there, and a
// bad one counts as none. Each schema falls back to a value, so reading never throws.
import * as v from 'valibot';
import { BANDWIDTH_FRESH_MS } from '../../src/stream/levels';
import type { SubtitleStyle } from '../../src/shared/subtitleStyle';
import {
  StoredBandwidthSchema,
  StoredLabelsSchema,
  StoredMutedSchema,
  StoredPositionsSchema,
  storedRateSchema,
  StoredSubtitleChoiceSchema,
  StoredSubtitleStyleSchema,
  StoredVolumeSchema,
  type SubtitleChoice,
} from '../../src/shared/storedSchemas';

/** The saved volume, 0..1; 1 (SPEC.md section 3's default) when there is none or it is unreadable. */
export const storedVolume = (raw: string | null): number => v.parse(StoredVolumeSchema, raw);

/** The saved mute (SPEC.md section 3: false by default). */
export const storedMuted = (raw: string | null): boolean => v.parse(StoredMutedSchema, raw);

/**
 * The last session's bandwidth estimate in bits per second while it is fresh (BANDWIDTH_FRESH_MS):
 * a positive number, or none (none kept, unreadable, too old, or kept at a time still to come: the
 * clock was set back, and its age is unknown).
 */
export function storedBandwidth(raw: string | null, nowMs: number): number | null {
  const kept = v.parse(StoredBandwidthSchema, raw);
  if (!kept) return null;
  const age = nowMs - kept.atMs;
  return age >= 0 && age <= BANDWIDTH_FRESH_MS ? kept.bitsPerSecond : null;
}

/** A stored list of labels: its strings, in order, at most `limit`; anything else is no list. */
export const storedLabels = (raw: string | null, limit: number): string[] =>
  v.parse(StoredLabelsSchema, raw).slice(0, limit);

/** episodesTimeProgress: seconds by episode id; an entry that is not a finite number is left out. */
export const storedPositions = (raw: string | null): Record<string, number> =>
  v.parse(StoredPositionsSchema, raw);

/** The remembered subtitles: off, a track's language and name, or none. */
export const storedSubtitleChoice = (raw: string | null): SubtitleChoice | null =>
  v.parse(StoredSubtitleChoiceSchema, raw);

/** The remembered speed when it is one the menu offers; none otherwise. */
export const storedRate = (raw: string | null, offered: readonly number[]): number | null =>
  v.parse(storedRateSchema(offered), raw);

/** The remembered subtitle style; none when nothing readable was kept (bad fields are defaults). */
export const storedSubtitleStyle = (raw: string | null): SubtitleStyle | null =>
  v.parse(StoredSubtitleStyleSchema, raw);
