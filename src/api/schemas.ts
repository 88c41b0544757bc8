// The shapes of what the catalog, the stream's master JSON and the ad list answer (SPEC.md
// section 3), checked as they enter: the player's types come from here, so the two cannot drift.
// What the player cannot go on without is required; what only decorates the interface falls back
// to an empty value, so a catalog that leaves it out still plays.
import * as v from 'valibot';
import { isHttpUrl } from '../vast/urls';

const id = v.pipe(v.number(), v.integer());
const text = (missing = '') => v.fallback(v.string(), missing);
const nullableNumber = v.fallback(v.nullable(v.number()), null);
const flag = v.fallback(v.boolean(), false);

const NO_VALUE = { value: null };
/** each rating on its own: a missing IMDb rating keeps the Kinopoisk one */
const rating = v.fallback(v.object({ value: nullableNumber }), NO_VALUE);
const NO_RATING = { kinopoisk: NO_VALUE, imdb: NO_VALUE };

export const ContentSchema = v.object({
  id,
  title: v.string(),
  /** none: the interface's own placeholder is shown */
  posterUrl: v.fallback(v.nullable(v.string()), null),
  hasMultipleEpisodes: flag,
  rating: v.fallback(v.object({ kinopoisk: rating, imdb: rating }), NO_RATING),
  /** the film's page on the site, for shared links (absolute, or a path on the site) */
  url: text(),
  contentType: v.fallback(v.object({ slug: v.string() }), { slug: '' }),
  kinopoiskId: nullableNumber,
  year: nullableNumber,
  countries: v.fallback(v.array(v.object({ slug: v.string() })), []),
  languages: v.fallback(v.array(v.object({ code: v.string() })), []),
});

export const SeasonSchema = v.object({ id, order: v.number() });

export const EpisodeSchema = v.object({
  id,
  order: v.number(),
  title: text(),
  description: text(),
  posterPath: v.fallback(v.nullable(v.string()), null),
  duration: v.fallback(v.number(), 0),
  watchProgress: nullableNumber,
  watchedAt: v.fallback(v.nullable(v.string()), null),
  isCompleted: flag,
  m3u8MasterFilePath: v.string(),
  season: SeasonSchema,
});

/**
 * A list whose entries are checked one by one: an entry of another shape is left out (one
 * unpublished episode, one broken subtitle), and the list fails only when every entry did.
 */
function eachValid<T>(entry: v.GenericSchema<unknown, T>) {
  return v.pipe(
    v.array(v.unknown()),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const kept: T[] = [];
      let first: v.SafeParseResult<typeof entry> | null = null;
      for (const item of dataset.value) {
        const result = v.safeParse(entry, item);
        if (result.success) kept.push(result.output);
        else first ??= result;
      }
      if (kept.length === 0 && first && !first.success) {
        addIssue({
          message: `no entry of the right shape; the first: ${describeIssues(first.issues)}`,
        });
        return NEVER;
      }
      return kept;
    }),
  );
}

export const SeasonsSchema = eachValid(SeasonSchema);
export const EpisodesSchema = eachValid(EpisodeSchema);

export const AvailabilitySchema = v.object({ available: v.boolean() });

/** docs/master-json.md: one key system that can play a protected source, with its license server. */
const KeySystemLicenseSchema = v.pipe(
  v.object({
    keySystem: v.picklist(['widevine', 'playready', 'fairplay', 'clearkey']),
    licenseUrl: v.pipe(v.string(), v.nonEmpty('a license address')),
    certificateUrl: v.optional(v.pipe(v.string(), v.nonEmpty('a certificate address'))),
    licenseHeaders: v.optional(v.record(v.string(), v.string())),
    withToken: v.optional(v.boolean()),
  }),
  v.check(
    (license) => license.keySystem !== 'fairplay' || license.certificateUrl !== undefined,
    'FairPlay needs its certificateUrl',
  ),
);

const MasterSourceSchema = v.object({
  label: text(),
  link: v.string(),
  isDefault: flag,
  /** a protected source's key systems, in the order to try them; an entry of the wrong shape is left out */
  drm: v.optional(eachValid(KeySystemLicenseSchema)),
});

const MasterSubtitleSchema = v.object({
  src: v.string(),
  label: text(),
  language: text(),
});

export const MasterJsonSchema = v.object({
  sources: v.pipe(v.array(MasterSourceSchema), v.minLength(1, 'at least one source')),
  /** a subtitle of the wrong shape is left out, a list of the wrong shape is none: the film plays */
  subtitles: v.fallback(eachValid(MasterSubtitleSchema), []),
  /** docs/master-json.md: the progress bar's thumbnails (a WebVTT file); checked as it is read */
  thumbnails: v.optional(v.unknown()),
  /** intro, credits and chapters (docs/master-json.md): parseMarkers makes them safe */
  markers: v.optional(v.unknown()),
});

/** SPEC.md section 3: an entry of the ad list, a VAST address over http(s). */
export const AdListItemSchema = v.object({
  vastUrl: v.pipe(
    v.string(),
    v.check((url: string) => isHttpUrl(url), 'an http(s) address'),
  ),
});

/** SPEC.md section 3: the ad list; an entry that is not a VAST address is left out, not the list. */
export const AdListSchema = v.object({
  prerollList: v.pipe(
    v.array(v.fallback(v.nullable(AdListItemSchema), null)),
    v.transform((items) => items.filter((item) => item !== null)),
  ),
});

/** What was wrong with a payload, for the flight log and the error report: where, and what was expected. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const where = v.getDotPath(issue) ?? '(root)';
      // A built-in check without an expected value (an integer, a finite number) names itself;
      // our own transforms say what was wrong in their message.
      const expected = issue.expected ?? (issue.type.startsWith('raw_') ? null : issue.type);
      return expected === null
        ? `${where}: ${issue.message}`
        : `${where}: expected ${expected}, got ${issue.received}`;
    })
    .join('; ');
}

/** The payload in its checked shape, or what was wrong with it. */
export function check<T>(
  schema: v.GenericSchema<unknown, T>,
  data: unknown,
): { ok: true; value: T } | { ok: false; problem: string } {
  const result = v.safeParse(schema, data);
  return result.success
    ? { ok: true, value: result.output }
    : { ok: false, problem: describeIssues(result.issues) };
}
