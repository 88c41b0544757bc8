// The shapes of what the player kept in storage and cookies, checked as it is read back: another
// tab, an older version, an extension or the viewer may have written anything there. Each schema
// takes the stored text (null when there is none) and always gives a value: one of the wrong shape
// reads as none or the default, silently (the viewer's own memory is not an error to report).
import * as v from 'valibot';
import { SubtitleStyleSchema } from './subtitleStyle';

/** Stored text read as JSON; unreadable memory is no memory. */
const Json = v.pipe(v.string(), v.parseJson());

/** Stored text read as a number, as `Number` reads it ('' is 0); NaN and the infinities are none. */
const NumberText = v.pipe(v.string(), v.transform(Number), v.number(), v.finite());

/** A map kept as a JSON object (a JSON array is not one). */
const JsonMap = v.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'a JSON object',
);

const FiniteNumber = v.pipe(v.number(), v.finite());
const Label = v.pipe(v.string(), v.minLength(1));

/** The saved volume, brought into 0..1; 1 (SPEC.md section 3's default) when unreadable. */
export const StoredVolumeSchema = v.fallback(
  v.pipe(
    NumberText,
    v.transform((volume) => Math.min(1, Math.max(0, volume))),
  ),
  1,
);

/** The saved mute: only 'true' is muted. */
export const StoredMutedSchema = v.fallback(
  v.pipe(
    v.string(),
    v.transform((text) => text === 'true'),
  ),
  false,
);

/**
 * The last session's bandwidth estimate in bits per second, a positive number, and the wall-clock
 * time it was kept at; or none. An older version kept the number alone: its age is unknown, so none.
 */
export const StoredBandwidthSchema = v.fallback(
  v.nullable(
    v.pipe(
      Json,
      v.object({
        bitsPerSecond: v.pipe(
          FiniteNumber,
          v.check((bitsPerSecond) => bitsPerSecond > 0, 'a positive number'),
        ),
        atMs: FiniteNumber,
      }),
    ),
  ),
  null,
);

/** A list of labels (favourite audio tracks): its non-empty strings in order; else no list. */
export const StoredLabelsSchema = v.fallback(
  v.pipe(
    Json,
    v.array(v.unknown()),
    v.transform((items) => items.filter((item): item is string => v.is(Label, item))),
  ),
  () => [],
);

/** episodesTimeProgress: seconds by episode id; an entry that is not a finite number is left out. */
export const StoredPositionsSchema = v.fallback(
  v.pipe(
    Json,
    JsonMap,
    v.transform((positions) =>
      Object.fromEntries(
        Object.entries(positions).filter((entry): entry is [string, number] =>
          v.is(FiniteNumber, entry[1]),
        ),
      ),
    ),
  ),
  () => ({}),
);

/** The remembered subtitles: off, or a track's language and name (not both empty); else none. */
export const StoredSubtitleChoiceSchema = v.fallback(
  v.nullable(
    v.union([
      v.literal('off'),
      v.pipe(
        Json,
        v.object({ lang: v.string(), name: v.string() }),
        v.check(({ lang, name }) => lang !== '' || name !== '', 'a language or a name'),
      ),
    ]),
  ),
  null,
);

/** The viewer's subtitles as remembered: a track by its language (and name), or off. */
export type SubtitleChoice = NonNullable<v.InferOutput<typeof StoredSubtitleChoiceSchema>>;

/** The remembered speed when it is one of those offered; none otherwise. */
export const storedRateSchema = (offered: readonly number[]) =>
  v.fallback(v.nullable(v.pipe(NumberText, v.picklist(offered))), null);

/** The remembered subtitle style: any JSON object (or array) is one, bad fields the defaults. */
export const StoredSubtitleStyleSchema = v.fallback(
  v.nullable(v.pipe(Json, SubtitleStyleSchema)),
  null,
);

/** A stored fingerprint the ad server can be sent: visible ASCII of a sane length. */
export const FingerprintCookieSchema = v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,256}$/));
