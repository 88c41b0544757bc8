import { all, call, cancel, fork, put, select, take } from 'typed-redux-saga';
import type { GenericSchema } from 'valibot';
import type { PlayerConfig } from '../../src/shared/config';
import { plain } from '../lib/plainEffects';
import { catalogEndpoints, type Endpoint } from '../../src/api/endpoints';
import { ApiError } from '../../src/api/http';
import type { Content, Episode, Season } from '../../src/api/types';
import {
  AvailabilitySchema,
  ContentSchema,
  EpisodesSchema,
  SeasonsSchema,
} from '../../src/api/schemas';
import { contentActions } from '../../src/state/content';
import { resumeActions } from '../../src/state/resume';
import {
  selectAvailable,
  selectBootEnded,
  selectBooted,
  selectFailure,
  systemActions,
  type BootFailure,
} from '../../src/state/system';
import { fetchJson } from '../lib/api';
import { retryTransient } from '../lib/retryTransient';
import { getConfig, getPorts } from '../lib/context';
import { chooseEpisode } from '../../src/api/chooseEpisode';
import { cleanTitle } from './cleanTitle';
import { resumeDecision, savedTimeOf } from './resumeDecision';
import { PROGRESS_KEY } from '../lib/storageKeys';
import { newErrorId } from '../lib/errorId';
import { joinTask, type TaskOf } from '../lib/tasks';
import { anyOf } from '../lib/anyOf';
import { adsActions, selectAds } from '../../src/state/ads';

function* failure(reason: BootFailure['reason'], detail: string) {
  const errorId = reason === 'unexpected' ? yield* newErrorId() : null;
  return systemActions.bootFailed({ reason, errorId, address: null, detail });
}

/** A catalog call the boot cannot do without: asked again while the service fails for a while. */
function* catalogJson<T>(endpoint: Endpoint<T>, schema: GenericSchema<unknown, T>) {
  return yield* retryTransient(endpoint.url, () => fetchJson(endpoint, schema));
}

/** The availability check; when it cannot be made, the content counts as available (SPEC.md: default true). */
function* availability(id: number, domain: string) {
  try {
    const { available } = yield* fetchJson(
      catalogEndpoints((yield* getConfig()).envBaseUrl).availability(id, domain),
      AvailabilitySchema,
    );
    return available !== false;
  } catch (error) {
    yield* put(systemActions.availabilityUnknown({ detail: String(error) }));
    return true;
  }
}

/** The availability check, unless the embed turned it off (disable_checking_available). */
function* availabilityOf(config: PlayerConfig) {
  if (config.disableCheckingAvailable || config.movieId == null) return true;
  return yield* availability(config.movieId, config.hostDomain);
}

/**
 * SPEC.md section 6, 'Video blocked' "at start or after the first ad phase": the check's answer,
 * once it comes, is the state's; blocked content gets its message once no ad break runs (a pre-roll
 * under way plays to its end first). Its film never plays: the stream waits for the answer.
 */
function* enforceAvailability(check: TaskOf<boolean>, hostDomain: string) {
  const available = yield* joinTask(check);
  yield* put(systemActions.availabilityKnown({ available }));
  if (available) return;
  while ((yield* select(selectAds)).activeBreak !== null)
    yield* take(
      anyOf([
        adsActions.breakEnded.type,
        adsActions.breakPassed.type,
        systemActions.actorCrashed.type,
      ]),
    );
  if (yield* select(selectFailure)) return; // another message is up already
  yield* put(yield* failure('blocked', `Video blocked for ${hostDomain}`));
}

/** The boot actor: from the embed configuration to the chosen episode, or the reason it cannot start. */
export function* bootActor() {
  const config = yield* getConfig();
  // started again after the boot ended (a crash, a replay resumed at a checkpoint): it is not redone,
  // but an availability check that had not answered died with the actor, and is asked again
  if (yield* select(selectBootEnded)) {
    const unanswered = (yield* select(selectAvailable)) === null && (yield* select(selectBooted));
    if (unanswered && !(yield* select(selectFailure)))
      yield* fork(enforceAvailability, yield* fork(availabilityOf, config), config.hostDomain);
    return;
  }
  const { storage } = yield* getPorts();
  // a service address that is not one: nothing is asked of it (the console tells the customer why)
  if (config.settingProblem) {
    yield* put(yield* failure('unexpected', config.settingProblem));
    return;
  }
  if (config.movieId == null) {
    yield* put(yield* failure('missing-movie-id', 'movie_id is missing or not an integer'));
    return;
  }
  const catalog = catalogEndpoints(config.envBaseUrl);
  const check = yield* fork(availabilityOf, config); // beside the boot: it holds back only the film
  let loaded;
  try {
    loaded = yield* all({
      content: plain.call(catalogJson<Content>, catalog.content(config.movieId), ContentSchema),
      seasons: plain.call(catalogJson<Season[]>, catalog.seasons(config.movieId), SeasonsSchema),
      rawEpisodes: plain.call(
        catalogJson<Episode[]>,
        catalog.episodes(config.movieId),
        EpisodesSchema,
      ),
    });
  } catch (error) {
    yield* cancel(check);
    if (yield* select(selectFailure)) return; // a message is up already
    const notFound = error instanceof ApiError && error.status === 404;
    yield* put(yield* failure(notFound ? 'not-found' : 'unexpected', String(error)));
    return;
  }
  // an essential actor stopped for good while the answers came: its message stands, nothing starts
  if (yield* select(selectFailure)) {
    yield* cancel(check);
    return;
  }
  const { content, seasons, rawEpisodes } = loaded;
  // blocked as the boot ends: the message at start, no pre-roll
  if (!check.isRunning() && check.result() === false) {
    yield* put(yield* failure('blocked', `Video blocked for ${config.hostDomain}`));
    return;
  }
  const episodes = rawEpisodes.map((e) => ({ ...e, title: cleanTitle(e.title) }));
  const episode = chooseEpisode(episodes, config);
  if (!episode) {
    yield* cancel(check);
    yield* put(yield* failure('no-episodes', `content ${config.movieId} has no episodes`));
    return;
  }
  yield* fork(enforceAvailability, check, config.hostDomain);
  const stored = yield* call([storage, storage.get], PROGRESS_KEY);
  yield* put(
    contentActions.loaded({
      content: { ...content, title: cleanTitle(content.title) },
      seasons,
      episodes,
    }),
  );
  yield* put(
    resumeActions.decided(
      resumeDecision(savedTimeOf(episode, stored), config.startTime, config.autoPlay),
    ),
  );
  yield* put(systemActions.bootSucceeded());
  yield* put(contentActions.episodeSelected({ episodeId: episode.id }));
}
