// Catalog entities as SPEC.md section 3 names them: the types of their schemas (schemas.ts).
import type * as v from 'valibot';
import type {
  AdListItemSchema,
  AvailabilitySchema,
  ContentSchema,
  EpisodeSchema,
  MasterJsonSchema,
  SeasonSchema,
} from './schemas';

export type Content = v.InferOutput<typeof ContentSchema>;
export type Season = v.InferOutput<typeof SeasonSchema>;
export type SeasonRef = Season;
export type Episode = v.InferOutput<typeof EpisodeSchema>;
export type MasterJson = v.InferOutput<typeof MasterJsonSchema>;
export type MasterSource = MasterJson['sources'][number];
export type MasterSubtitle = MasterJson['subtitles'][number];
export type Availability = v.InferOutput<typeof AvailabilitySchema>;

/** What the viewing order reads of an episode. */
export type InViewingOrder = Pick<Episode, 'order'> & { season: Pick<Season, 'order'> };

/** Viewing order: by season, then by episode. */
export const byViewingOrder = (a: InViewingOrder, b: InViewingOrder) =>
  a.season.order - b.season.order || a.order - b.order;

/** SPEC.md section 3: an entry of the ad list. */
export type AdListItem = v.InferOutput<typeof AdListItemSchema>;
