// Answers to requests started before the player's code ran, kept for the actor that will make the
// same request: each handed out once, and forgotten if nobody asks for it in time.
import { DEFAULT_TIMEOUT_MS } from '../api/endpoints';
import { getSegment, getText, sendByFetch, type EarlyResponses } from '../ports/http';
import { type FetchedText } from '../shared/http';
import type { HttpRequest, HttpResponse } from '../ports/types';
import { parseAddress } from '../shared/address';
import type { EarlyLoad, EarlyLoads } from '../stream/earlyLoader';

/** An answer nobody asked for by then is dropped: the actors chose another episode or another way. */
export const EARLY_LIFETIME_MS = 30_000;

export interface EarlyAnswers extends EarlyResponses, EarlyLoads {
  start(req: HttpRequest): Promise<HttpResponse>;
  /** a playlist kept for hls.js (the manifest, the first level's); its text, for what to fetch next */
  startPlaylist(url: string): Promise<FetchedText>;
  /** a whole segment kept for hls.js */
  startSegment(url: string): void;
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

const addressKey = (url: string) => parseAddress(url)?.href ?? url;

/** Promises by key, each taken once, each dropped EARLY_LIFETIME_MS after it was started. */
function keptOnce<T>() {
  const kept = new Map<string, Promise<T>>();
  return {
    keep(key: string, pending: Promise<T>) {
      pending.catch(ignore); // a failure is the taker's to handle; untaken, it is nobody's
      kept.set(key, pending);
      setTimeout(() => {
        if (kept.get(key) === pending) kept.delete(key);
      }, EARLY_LIFETIME_MS);
    },
    take(key: string): Promise<T> | null {
      const found = kept.get(key) ?? null;
      kept.delete(key);
      return found;
    },
  };
}

export function createEarlyAnswers(
  send: (req: HttpRequest) => Promise<HttpResponse> = sendByFetch,
  fetchPlaylist: (url: string) => Promise<FetchedText> = (url) => getText(url, DEFAULT_TIMEOUT_MS),
  fetchSegment: (url: string) => Promise<EarlyLoad> = (url) => getSegment(url, DEFAULT_TIMEOUT_MS),
): EarlyAnswers {
  const requests = keptOnce<HttpResponse>();
  const playlists = keptOnce<EarlyLoad>();
  const segments = keptOnce<EarlyLoad>();
  return {
    start(req) {
      const pending = send(req);
      requests.keep(requestKey(req), pending);
      return pending;
    },
    take: (req) => requests.take(requestKey(req)),
    startPlaylist(url) {
      const pending = fetchPlaylist(url);
      playlists.keep(
        addressKey(url),
        pending.then(({ text, url: from }) => ({ data: text, url: from })),
      );
      return pending;
    },
    playlist: (url) => playlists.take(addressKey(url)),
    startSegment: (url) => segments.keep(addressKey(url), fetchSegment(url)),
    segment: (url) => segments.take(addressKey(url)),
  };
}
