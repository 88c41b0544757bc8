// The requests the first frame waits on, started by the page's first script while the player's own
// code is still on its way: the catalog's answers, the chosen episode's master JSON, its HLS manifest
// and the hls.js chunk. The actors still make every request themselves, through their ports, which
// hand them the answer already in flight (earlyAnswers); so the flight log records each as it always
// did, and a replay needs nothing of this.
import { catalogEndpoints, DEFAULT_TIMEOUT_MS, requestOf, withBearer } from '../api/endpoints';
import { successBody } from '../api/response';
import { ACCESS_COOKIE, isExpired, usableToken } from '../api/token';
import type { Episode, MasterJson } from '../api/types';
import { chooseEpisode } from '../api/chooseEpisode';
import { createCookiePort } from '../ports/storage';
import { defaultSource, isMasterJson, withOrigin } from '../stream/links';
import type { PlayerConfig } from '../shared/config';
import { createEarlyAnswers, type EarlyAnswers } from './earlyAnswers';
import { pageConfig } from './pageConfig';

/** Where the page's first script leaves its answers for the player's code. */
const HANDOVER = '__kinoEarlyStart';

const ignore = () => undefined;

/**
 * Starts what the first frame needs, as the boot and stream actors will ask for it: the catalog
 * calls, then the chosen episode's master JSON and manifest. Anything it cannot foresee (no movie id,
 * a token to refresh first) it leaves to the actors.
 */
export function startFirstFrameRequests(
  early: Pick<EarlyAnswers, 'start' | 'startManifest'>,
  config: PlayerConfig,
  token: string | null,
  nowMs: number,
): void {
  if (config.movieId == null || config.settingProblem) return;
  if (token && isExpired(token, nowMs)) return; // the boot actor refreshes it first
  const catalog = catalogEndpoints(config.envBaseUrl);
  const ask = (endpoint: Parameters<typeof requestOf>[0]) =>
    early.start(withBearer(requestOf(endpoint), token));
  ask(catalog.content(config.movieId));
  ask(catalog.seasons(config.movieId));
  if (!config.disableCheckingAvailable)
    ask(catalog.availability(config.movieId, config.hostDomain));
  const episodes = catalog.episodes(config.movieId);
  ask(episodes)
    .then((res) => {
      // unchecked (the boot actor checks the same answer): a wrong shape only fails this early start
      const episode = chooseEpisode(successBody(res, episodes.url) as Episode[], config);
      if (!episode) return;
      const path = withOrigin(episode.m3u8MasterFilePath, config.envBaseUrl);
      if (!isMasterJson(path)) return early.startManifest(path);
      return early
        .start({ method: 'GET', url: path, timeoutMs: DEFAULT_TIMEOUT_MS })
        .then((master) => {
          const source = defaultSource(successBody(master, path) as MasterJson);
          if (source) early.startManifest(withOrigin(source.link, path));
        });
    })
    .catch(ignore); // the actors meet the same answer and say what is wrong with it
}

/** The page's first script: the requests of the first frame and the hls.js chunk; it never throws. */
export function startEarly(): void {
  const early = createEarlyAnswers();
  (globalThis as { [HANDOVER]?: EarlyAnswers })[HANDOVER] = early;
  import('hls.js').catch(ignore); // beside the player's code, not after it
  try {
    const token = usableToken(createCookiePort().get(ACCESS_COOKIE));
    startFirstFrameRequests(early, pageConfig(), token, Date.now());
  } catch {
    // the actors do it all themselves
  }
}

/** The early start of this page, for the ports; null when the page had none. */
export function takeEarlyStart(): EarlyAnswers | null {
  const early = (globalThis as { [HANDOVER]?: EarlyAnswers })[HANDOVER] ?? null;
  Reflect.deleteProperty(globalThis, HANDOVER); // the ports take it once
  return early;
}
