// The requests the first frame waits on, started by the page's first script while the player's own
// code is still on its way: the catalog's answers, the chosen episode's master JSON, its HLS manifest
// and the hls.js chunk. The actors still make every request themselves, through their ports, which
// hand them the answer already in flight; so the flight log records each as it always did, and a
// replay needs nothing of this.
import { ACCESS_COOKIE, isExpired } from '../api/token';
import { catalogEndpoints, DEFAULT_TIMEOUT_MS, type Endpoint } from '../api/endpoints';
import { jsonBody } from '../api/http';
import type { Episode, MasterJson } from '../api/types';
import { chooseEpisode } from '../../sagas/boot/chooseEpisode';
import { sendRequest, type EarlyResponses } from '../ports/http';
import { createCookiePort } from '../ports/storage';
import type { HttpRequest, HttpResponse } from '../ports/types';
import { defaultSource, isMasterJson, isMasterJsonShape, withOrigin } from '../stream/links';
import type { PlayerConfig } from './config';
import { pageConfig } from './pageConfig';

/** An answer nobody asked for by then is dropped: the actors chose another episode or another way. */
export const EARLY_LIFETIME_MS = 30_000;

/** Where the page's first script leaves its requests for the player's code. */
const HANDOVER = '__kinoEarlyStart';

export interface EarlyStart extends EarlyResponses {
  /** the text of an HLS manifest fetched ahead, once, for the stream engine */
  manifest(url: string): Promise<string> | null;
}

const ignore = () => undefined;

/** The same request, as the actors would make it: method, address, headers, body and type. */
export function requestKey(req: HttpRequest): string {
  const headers = Object.entries(req.headers ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([
    req.method,
    req.url,
    headers,
    req.body ?? null,
    req.responseType ?? 'json',
  ]);
}

const manifestKey = (url: string) => new URL(url).href;

/** Requests in flight by key, each handed out once, all forgotten after EARLY_LIFETIME_MS. */
export function createEarlyStart(
  send = sendRequest,
  fetchText = fetchManifest,
): EarlyStart & {
  start(req: HttpRequest): Promise<HttpResponse>;
  startManifest(url: string): void;
} {
  const requests = new Map<string, Promise<HttpResponse>>();
  const manifests = new Map<string, Promise<string>>();
  setTimeout(() => {
    requests.clear();
    manifests.clear();
  }, EARLY_LIFETIME_MS);
  const takeFrom = <T>(map: Map<string, Promise<T>>, key: string) => {
    const found = map.get(key) ?? null;
    map.delete(key);
    return found;
  };
  return {
    start(req) {
      const pending = send(req);
      pending.catch(ignore); // a failure is the taker's to handle; untaken, it is nobody's
      requests.set(requestKey(req), pending);
      return pending;
    },
    take: (req) => takeFrom(requests, requestKey(req)),
    startManifest(url) {
      const pending = fetchText(url);
      pending.catch(ignore);
      manifests.set(manifestKey(url), pending);
    },
    manifest: (url) => takeFrom(manifests, manifestKey(url)),
  };
}

async function fetchManifest(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${url}`);
  return res.text();
}

const withToken = (
  { authorized: _, __response: __, ...request }: Endpoint<unknown>,
  token: string | null,
): HttpRequest =>
  token
    ? { ...request, headers: { ...request.headers, Authorization: `Bearer ${token}` } }
    : request;

type EarlyRequests = ReturnType<typeof createEarlyStart>;

/**
 * Starts what the first frame needs, as the boot and stream actors will ask for it: the catalog
 * calls, then the chosen episode's master JSON and manifest. Anything it cannot foresee (no movie id,
 * a token to refresh first) it leaves to the actors.
 */
export function startFirstFrameRequests(
  early: Pick<EarlyRequests, 'start' | 'startManifest'>,
  config: PlayerConfig,
  token: string | null,
  nowMs: number,
): void {
  if (config.movieId == null) return;
  if (token && isExpired(token, nowMs)) return; // the boot actor refreshes it first
  const catalog = catalogEndpoints(config.envBaseUrl);
  early.start(withToken(catalog.content(config.movieId), token));
  early.start(withToken(catalog.seasons(config.movieId), token));
  if (!config.disableCheckingAvailable)
    early.start(withToken(catalog.availability(config.movieId, config.hostDomain), token));
  const episodes = catalog.episodes(config.movieId);
  early
    .start(withToken(episodes, token))
    .then((res) => {
      const episode = chooseEpisode(jsonBody<Episode[]>(res, episodes.url), config);
      if (!episode) return;
      const path = withOrigin(episode.m3u8MasterFilePath, config.envBaseUrl);
      if (!isMasterJson(path)) return early.startManifest(path);
      return early
        .start({ method: 'GET', url: path, timeoutMs: DEFAULT_TIMEOUT_MS })
        .then((master) => {
          const body = jsonBody<MasterJson>(master, path);
          const source = isMasterJsonShape(body) ? defaultSource(body) : null;
          if (source) early.startManifest(withOrigin(source.link, path));
        });
    })
    .catch(ignore); // the actors meet the same answer and say what is wrong with it
}

/** The page's first script: the requests of the first frame and the hls.js chunk; it never throws. */
export function startEarly(): void {
  const early = createEarlyStart();
  (globalThis as { [HANDOVER]?: EarlyStart })[HANDOVER] = early;
  import('hls.js').catch(ignore); // beside the player's code, not after it
  try {
    startFirstFrameRequests(early, pageConfig(), createCookiePort().get(ACCESS_COOKIE), Date.now());
  } catch {
    // the actors do it all themselves
  }
}

/** The early start of this page, for the ports; null when the page had none. */
export function takeEarlyStart(): EarlyStart | null {
  const early = (globalThis as { [HANDOVER]?: EarlyStart })[HANDOVER] ?? null;
  Reflect.deleteProperty(globalThis, HANDOVER); // the ports take it once
  return early;
}
