// Answers to requests started before the player's code ran, kept for the actor that will make the
// same request: each handed out once, and forgotten if nobody asks for it in time.
import { DEFAULT_TIMEOUT_MS } from '../api/endpoints';
import { LOAD_POLICIES } from '../stream/loadPolicies';
import { getSegment, getText, sendByFetch, type EarlyResponses } from '../ports/http';
import { type FetchedText } from '../shared/http';
import type { HttpRequest, HttpResponse } from '../ports/types';
import { parseAddress } from '../shared/address';
import type { EarlyLoads, EarlyPending } from '../stream/earlyLoader';
import { ignore } from '../shared/ignore';

/** An answer nobody asked for by then is dropped: the actors chose another episode or another way. */
export const EARLY_LIFETIME_MS = 30_000;

export interface EarlyAnswers extends EarlyResponses, EarlyLoads {
  start(req: HttpRequest): Promise<HttpResponse>;
  /** a playlist kept for hls.js (the manifest, the first level's); its text, for what to fetch next */
  startPlaylist(url: string): Promise<FetchedText>;
  /** a whole segment kept for hls.js */
  startSegment(url: string): void;
  /**
   * Calls back, in a task of its own, once the early start's next request has gone out or once it
   * awaits no answer that would lead to another: the moment its chain waits on the network, when
   * the main thread's own work holds none of its steps back.
   */
  whenWaitingOnNetwork(callback: () => void): void;
}

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

// as hls.js would wait for the segment (src/stream/loadPolicies.ts)
const { maxTimeToFirstByteMs: FIRST_BYTE_MS, maxLoadTimeMs: LOAD_MS } =
  LOAD_POLICIES.fragLoadPolicy.default;

const addressKey = (url: string) => parseAddress(url)?.href ?? url;

/** Answers by key, each taken once, each dropped EARLY_LIFETIME_MS after it was started. */
function keptOnce<T>(promisesOf: (pending: T) => Promise<unknown>[], drop: (pending: T) => void) {
  const kept = new Map<string, T>();
  return {
    keep(key: string, pending: T) {
      // a failure is the taker's to handle; untaken, nobody's
      for (const promise of promisesOf(pending)) promise.catch(ignore);
      kept.set(key, pending);
      setTimeout(() => {
        if (kept.get(key) !== pending) return;
        kept.delete(key);
        drop(pending);
      }, EARLY_LIFETIME_MS);
    },
    take(key: string): T | null {
      const found = kept.get(key) ?? null;
      kept.delete(key);
      return found;
    },
  };
}

export function createEarlyAnswers(
  send: (req: HttpRequest) => Promise<HttpResponse> = sendByFetch,
  fetchPlaylist: (url: string) => Promise<FetchedText> = (url) => getText(url, DEFAULT_TIMEOUT_MS),
  fetchSegment: (url: string) => EarlyPending = (url) => getSegment(url, FIRST_BYTE_MS, LOAD_MS),
): EarlyAnswers {
  const requests = keptOnce<Promise<HttpResponse>>((pending) => [pending], ignore);
  const loads = ({ answered, loaded }: EarlyPending) => [answered, loaded];
  const stop = ({ abort }: EarlyPending) => abort(); // a segment still coming takes the viewer's bandwidth
  const playlists = keptOnce(loads, stop);
  const segments = keptOnce(loads, stop);
  const waiting: (() => void)[] = [];
  const wake = () => {
    if (waiting.length > 0) setTimeout(() => waiting.splice(0).forEach((callback) => callback()));
  };
  // answers that may lead to another request (a segment's never does)
  let leadingAnswers = 0;
  const leading = <T>(pending: Promise<T>) => {
    wake();
    leadingAnswers++;
    const settled = () => {
      // after the answer's own handlers (a task later), which may have asked for the next step
      if (--leadingAnswers === 0) setTimeout(wake);
    };
    pending.then(settled, settled);
    return pending;
  };
  return {
    start(req) {
      const pending = leading(send(req));
      requests.keep(requestKey(req), pending);
      return pending;
    },
    take: (req) => requests.take(requestKey(req)),
    whenWaitingOnNetwork(callback) {
      waiting.push(callback);
      if (leadingAnswers === 0) wake();
    },
    startPlaylist(url) {
      const pending = leading(fetchPlaylist(url));
      // a playlist is a few kilobytes: its answer has begun when it has come
      const loaded = pending.then(({ text, url: from }) => ({ data: text, url: from }));
      playlists.keep(addressKey(url), { answered: loaded, loaded, abort: ignore });
      return pending;
    },
    playlist: (url) => playlists.take(addressKey(url)),
    startSegment(url) {
      wake();
      segments.keep(addressKey(url), fetchSegment(url));
    },
    segment: (url) => segments.take(addressKey(url)),
  };
}
