import { all, call, put } from 'redux-saga/effects';
import { catalogClient } from '../../src/api/catalog';
import { ApiError } from '../../src/api/http';
import type { Content, Episode, Season } from '../../src/api/types';
import { contentActions } from '../../src/state/content';
import { systemActions, type BootFailure } from '../../src/state/system';
import { getConfig, getPorts } from '../lib/context';
import { chooseEpisode } from './chooseEpisode';
import { cleanTitle } from './cleanTitle';

/** An error id the viewer can quote; drawn from the rng port so a replay draws the same. */
export function* newErrorId() {
  const { rng } = yield* getPorts();
  const n = (yield call([rng, rng.next])) as number;
  return Math.floor(n * 0xffffffff)
    .toString(16)
    .padStart(8, '0');
}

function* failure(reason: BootFailure['reason'], detail: string) {
  const errorId = reason === 'unexpected' ? yield* newErrorId() : null;
  return systemActions.bootFailed({ reason, errorId, address: null, detail });
}

/** The boot actor: from the embed configuration to the chosen episode, or the reason it cannot start. */
export function* bootActor() {
  const config = yield* getConfig();
  const { http } = yield* getPorts();
  if (config.movieId == null) {
    yield put(yield* failure('missing-movie-id', 'movie_id is missing or not an integer'));
    return;
  }
  const catalog = catalogClient(http, config.envBaseUrl);
  let loaded: [Content, Season[], Episode[]];
  try {
    loaded = (yield all([
      call(catalog.content, config.movieId),
      call(catalog.seasons, config.movieId),
      call(catalog.episodes, config.movieId),
    ])) as [Content, Season[], Episode[]];
  } catch (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    yield put(yield* failure(notFound ? 'not-found' : 'unexpected', String(error)));
    return;
  }
  const [content, seasons, rawEpisodes] = loaded;
  const episodes = rawEpisodes.map((e) => ({ ...e, title: cleanTitle(e.title) }));
  const episode = chooseEpisode(episodes, config);
  if (!episode) {
    yield put(yield* failure('no-episodes', `content ${config.movieId} has no episodes`));
    return;
  }
  yield put(
    contentActions.loaded({
      content: { ...content, title: cleanTitle(content.title) },
      seasons,
      episodes,
    }),
  );
  yield put(systemActions.bootSucceeded());
  yield put(contentActions.episodeSelected({ episodeId: episode.id }));
}
