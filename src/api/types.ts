// Catalog entities as SPEC.md section 3 names them.

export interface Content {
  id: number;
  title: string;
  posterUrl: string;
  hasMultipleEpisodes: boolean;
  rating: { kinopoisk: { value: number | null }; imdb: { value: number | null } };
  url: string;
  contentType: { slug: string };
  kinopoiskId: number | null;
  year: number;
  countries: { slug: string }[];
  languages: { code: string }[];
}

export interface SeasonRef {
  id: number;
  order: number;
}

export interface Episode {
  id: number;
  order: number;
  title: string;
  description: string;
  posterPath: string | null;
  duration: number;
  watchProgress: number | null;
  watchedAt: string | null;
  isCompleted: boolean;
  m3u8MasterFilePath: string;
  season: SeasonRef;
}

export type Season = SeasonRef;

export interface MasterSource {
  label: string;
  link: string;
  isDefault: boolean;
}

export interface MasterSubtitle {
  src: string;
  label: string;
  language: string;
}

export interface MasterJson {
  sources: MasterSource[];
  subtitles: MasterSubtitle[];
  /** docs/master-json.md: the progress bar's thumbnails (a WebVTT file); checked as it is read */
  thumbnails?: unknown;
  /** intro, credits and chapters (docs/master-json.md): unchecked, parseMarkers makes them safe */
  markers?: unknown;
}

export interface Availability {
  available: boolean;
}

/** Viewing order: by season, then by episode. */
export const byViewingOrder = (a: Episode, b: Episode) =>
  a.season.order - b.season.order || a.order - b.order;

/** SPEC.md section 3: the ad list. */
export interface AdListItem {
  vastUrl: string;
}

export interface AdList {
  prerollList: AdListItem[];
}
