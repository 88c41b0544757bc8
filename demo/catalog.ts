// The demo catalog: one film, one series (2 seasons), two contents that exercise error pages, and
// the long film of the network tests (an hour of MPEG-TS, served at /media/long/ where a test or
// benchmark mounts it: tools/longFilm.ts; or from other hosts, by a master JSON: longFilmOn).
import type { Content, Episode, Season } from '../src/api/types';
import { PROTECTED_FILMS } from './protectedFilms';

const DURATION = 24; // seconds of the demo media (demo/fixtures/generate.sh)
const LONG_FILM_DURATION = 3600; // tools/longFilm.ts

function content(id: number, title: string, extra: Partial<Content>): Content {
  return {
    id,
    title,
    posterUrl: `/media/poster-film.jpg`,
    hasMultipleEpisodes: false,
    rating: { kinopoisk: { value: 7.8 }, imdb: { value: 7.4 } },
    url: `/contents/${id}`,
    contentType: { slug: 'movie' },
    kinopoiskId: 1000 + id,
    year: 2024,
    countries: [{ slug: 'ru' }],
    languages: [{ code: 'ru' }, { code: 'en' }],
    ...extra,
  };
}

function episode(
  id: number,
  season: Season,
  order: number,
  title: string,
  extra: Partial<Episode> = {},
): Episode {
  return {
    id,
    order,
    title,
    description: `Описание эпизода «${title}».`,
    posterPath: '/media/poster-series.jpg',
    duration: DURATION,
    watchProgress: null,
    watchedAt: null,
    isCompleted: false,
    m3u8MasterFilePath: '/media/series.json',
    season,
    ...extra,
  };
}

const filmSeason: Season = { id: 10, order: 1 };
const season1: Season = { id: 21, order: 1 };
const season2: Season = { id: 22, order: 2 };

export interface DemoContent {
  content: Content;
  seasons: Season[];
  episodes: Episode[];
  available: boolean;
}

/** The long film, its stream at `masterPath` (a playlist, or a master JSON of its sources). */
function longFilm(masterPath: string): DemoContent {
  return {
    content: content(5, 'Длинный фильм', { year: 2025 }),
    seasons: [filmSeason],
    episodes: [
      episode(501, filmSeason, 1, 'Длинный фильм', {
        m3u8MasterFilePath: masterPath,
        posterPath: '/media/poster-film.jpg',
        duration: LONG_FILM_DURATION,
      }),
    ],
    available: true,
  };
}

/** A protected film (demo/protectedFilms.ts): the demo film's media, encrypted. */
function protectedFilm(id: number, title: string, masterPath: string): DemoContent {
  return {
    content: content(id, title, {}),
    seasons: [filmSeason],
    episodes: [
      episode(id * 100 + 1, filmSeason, 1, title, {
        m3u8MasterFilePath: masterPath,
        posterPath: '/media/poster-film.jpg',
      }),
    ],
    available: true,
  };
}

const protectedFilms = Object.fromEntries(
  Object.entries(PROTECTED_FILMS).map(([path, film]) => [
    film.id,
    protectedFilm(film.id, film.title, path),
  ]),
);

export const catalog: Record<number, DemoContent> = {
  ...protectedFilms,
  1: {
    content: content(1, 'Демонстрационный фильм', { year: 2023 }),
    seasons: [filmSeason],
    episodes: [
      episode(101, filmSeason, 1, 'Демонстрационный фильм', {
        m3u8MasterFilePath: '/media/film.json',
        posterPath: '/media/poster-film.jpg',
      }),
    ],
    available: true,
  },
  2: {
    content: content(2, 'Демонстрационный сериал', {
      hasMultipleEpisodes: true,
      posterUrl: '/media/poster-series.jpg',
      contentType: { slug: 'series' },
      rating: { kinopoisk: { value: 8.1 }, imdb: { value: null } },
    }),
    seasons: [season1, season2],
    episodes: [
      episode(201, season1, 1, '1. Пилот', {
        watchProgress: DURATION,
        watchedAt: '2026-10-01T20:00:00Z',
        isCompleted: true,
      }),
      episode(202, season1, 2, '2. Встреча', {
        watchProgress: 8,
        watchedAt: '2026-10-02T20:00:00Z',
      }),
      episode(203, season1, 3, '3. Погоня'),
      episode(204, season2, 1, '1. Возвращение'),
      episode(205, season2, 2, '2. Финал'),
    ],
    available: true,
  },
  3: {
    content: content(3, 'Фильм, закрытый в вашем регионе', {}),
    seasons: [filmSeason],
    episodes: [episode(301, filmSeason, 1, 'Фильм, закрытый в вашем регионе')],
    available: false,
  },
  5: longFilm('/media/long/master.m3u8'),
  4: {
    content: content(4, 'Сериал без эпизодов', {
      hasMultipleEpisodes: true,
      contentType: { slug: 'series' },
    }),
    seasons: [],
    episodes: [],
    available: true,
  },
};

/** Where the demo server answers the long film's master JSON when it is played from other hosts. */
export const LONG_FILM_MASTER_JSON = '/media/long-film.json';

/**
 * The catalog with the long film played from `sources` (absolute addresses of its master playlist
 * on other hosts, the first one the default) through a master JSON, as deployments serve films from
 * a CDN; and that master JSON.
 */
export function longFilmOn(sources: string[]) {
  const master = {
    sources: sources.map((link, i) => ({
      label: i === 0 ? 'Основной' : i === 1 ? 'Резервный' : `Резервный ${i}`,
      link,
      isDefault: i === 0,
    })),
    subtitles: [],
  };
  const films: Record<number, DemoContent> = { ...catalog, 5: longFilm(LONG_FILM_MASTER_JSON) };
  return { catalog: films, master };
}
