// The early requests run in a worker (earlyWorker.ts): a main thread busy with the player's code
// (hundreds of ms on a phone) would otherwise hold back each next request of the chain until it is
// free. The worker announces each request as it starts it and relays its answer; the page keeps a
// mirror of each in its own answers (earlyAnswers.ts), which the ports take as before.
import type { FetchedText } from '../shared/http';
import type { HttpRequest, HttpResponse } from '../ports/types';
import type { EarlyLoad, EarlyPending } from '../stream/earlyLoader';
import type { PlayerConfig } from '../shared/config';
import { ignore } from '../shared/ignore';
import { createEarlyAnswers, requestKey, type EarlyAnswers } from './earlyAnswers';
import type { AudioMemory, FirstFrameRequester, StreamStart } from './firstFrameRequests';

/** An error as it crosses to the page: its name says why (HttpTimeout, HttpNetworkError). */
type RelayedError = { name: string; message: string };

/** What the worker tells the page. */
export type EarlyMessage =
  | { kind: 'request'; req: HttpRequest }
  | { kind: 'response'; key: string; response: HttpResponse }
  | { kind: 'requestFailed'; key: string; error: RelayedError }
  | { kind: 'playlist'; url: string }
  | { kind: 'playlistLoaded'; url: string; fetched: FetchedText }
  | { kind: 'playlistFailed'; url: string; error: RelayedError }
  | { kind: 'segment'; url: string }
  | { kind: 'segmentAnswered'; url: string }
  | { kind: 'segmentProgress'; url: string; loaded: number }
  | { kind: 'segmentLoaded'; url: string; load: EarlyLoad }
  | { kind: 'segmentFailed'; url: string; error: RelayedError }
  | { kind: 'demuxersWanted' };

/** What the page tells the worker. */
export type PageMessage =
  | {
      kind: 'start';
      /** the chosen episode's first stream request: the page read the catalog's answers itself */
      start: StreamStart;
      config: PlayerConfig;
      audio: AudioMemory;
      /** the page's address: a worker made from a blob resolves no relative address itself */
      base: string;
    }
  | { kind: 'abort'; url: string };

const relayed = (error: unknown): RelayedError =>
  error instanceof Error
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };

const revived = ({ name, message }: RelayedError) => Object.assign(new Error(message), { name });

/** A time of the worker's clock (its own origin) as one of the page's, through the wall clock. */
const movedClock = (load: EarlyLoad, shift: number): EarlyLoad =>
  load.timing
    ? {
        ...load,
        timing: {
          start: load.timing.start + shift,
          first: load.timing.first + shift,
          end: load.timing.end + shift,
        },
      }
    : load;

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = ignore;
  let reject: (error: unknown) => void = ignore;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  promise.catch(ignore); // a failure is its taker's to handle; untaken, nobody's
  return { promise, resolve, reject };
}

/** A segment the worker loads, as the page's loaders see it. */
interface MirroredSegment extends EarlyPending {
  answer: Deferred<unknown>;
  load: Deferred<EarlyLoad>;
  progressed(loaded: number): void;
  /** who stops it: the worker, or the page once it fetches the segment itself */
  stop(): void;
}

/** The page's own fetchers, for what a lost worker leaves unanswered. */
export interface PageFetchers {
  send(req: HttpRequest): Promise<HttpResponse>;
  fetchPlaylist(url: string): Promise<FetchedText>;
  fetchSegment(url: string): EarlyPending;
}

/**
 * The page's side: answers kept as the worker's messages say, `post` to tell the worker to stop a
 * segment nobody wants; `demuxersWanted` loads the MPEG-TS demuxers' bundle, which only the page can.
 * Should the worker be lost (an error in it, a message it could not send), the page asks `own` for
 * what is still unanswered, so that no actor waits on an answer that will never come.
 */
export function createMirroredAnswers(
  post: (message: PageMessage) => void,
  demuxersWanted: () => void,
  own: PageFetchers,
): {
  answers: EarlyAnswers;
  /** what the page knows the worker will ask for first: kept before the worker can say so */
  expect(start: StreamStart): void;
  receive(message: EarlyMessage): void;
  /** the worker failed: what it has not answered, the page asks for itself; it is heard no more */
  lost(): void;
} {
  const requests = new Map<string, { req: HttpRequest; answer: Deferred<HttpResponse> }>();
  const playlists = new Map<string, Deferred<FetchedText>>();
  const segments = new Map<string, MirroredSegment>();
  let gone = false;
  const answers = createEarlyAnswers(
    (req) => {
      const answer = deferred<HttpResponse>();
      requests.set(requestKey(req), { req, answer });
      return answer.promise;
    },
    (url) => {
      const answer = deferred<FetchedText>();
      playlists.set(url, answer);
      return answer.promise;
    },
    (url) => {
      const answer = deferred<unknown>();
      const load = deferred<EarlyLoad>();
      let listener: (loaded: number) => void = ignore;
      const segment: MirroredSegment = {
        answer,
        load,
        answered: answer.promise,
        loaded: load.promise,
        stop: () => post({ kind: 'abort', url }),
        abort: () => segment.stop(),
        onProgress: (next) => void (listener = next),
        progressed: (loaded) => listener(loaded),
      };
      segments.set(url, segment);
      return segment;
    },
  );
  const settled = <T>(map: Map<string, T>, key: string, settle: (found: T) => void) => {
    const found = map.get(key);
    map.delete(key);
    if (found) settle(found);
  };
  return {
    answers,
    expect: (start) =>
      void ('manifest' in start
        ? answers.startPlaylist(start.manifest)
        : answers.start(start.masterJson)),
    receive(message) {
      if (gone) return;
      switch (message.kind) {
        case 'request':
          // one the page expected is kept already, perhaps taken
          if (!requests.has(requestKey(message.req))) void answers.start(message.req);
          return;
        case 'response':
          return settled(requests, message.key, (r) => r.answer.resolve(message.response));
        case 'requestFailed':
          return settled(requests, message.key, (r) => r.answer.reject(revived(message.error)));
        case 'playlist':
          if (!playlists.has(message.url)) void answers.startPlaylist(message.url);
          return;
        case 'playlistLoaded':
          return settled(playlists, message.url, (d) => d.resolve(message.fetched));
        case 'playlistFailed':
          return settled(playlists, message.url, (d) => d.reject(revived(message.error)));
        case 'segment':
          return answers.startSegment(message.url);
        case 'segmentAnswered':
          return segments.get(message.url)?.answer.resolve(undefined);
        case 'segmentProgress':
          return segments.get(message.url)?.progressed(message.loaded);
        case 'segmentLoaded':
          // the worker's clock began when it was made, the page's with the navigation
          return settled(segments, message.url, (s) =>
            s.load.resolve(movedClock(message.load, -performance.timeOrigin)),
          );
        case 'segmentFailed':
          return settled(segments, message.url, (s) => {
            s.answer.reject(revived(message.error));
            s.load.reject(revived(message.error));
          });
        case 'demuxersWanted':
          return demuxersWanted();
      }
    },
    lost() {
      if (gone) return;
      gone = true;
      for (const { req, answer } of requests.values())
        own.send(req).then(answer.resolve, answer.reject);
      for (const [url, answer] of playlists)
        own.fetchPlaylist(url).then(answer.resolve, answer.reject);
      for (const [url, segment] of segments) {
        const fetched = own.fetchSegment(url);
        segment.stop = fetched.abort;
        fetched.answered.then(() => segment.answer.resolve(undefined), segment.answer.reject);
        fetched.onProgress?.(segment.progressed);
        fetched.loaded.then(segment.load.resolve, segment.load.reject);
      }
      requests.clear();
      playlists.clear();
      segments.clear();
    },
  };
}

/** The same promise, its failure the caller's to handle or not (the catalog calls' are the actors'). */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(ignore);
  return promise;
}

/** Closes the worker once nothing has been in flight for this long: every answer is taken or dropped. */
const IDLE_CLOSE_MS = 35_000;

/**
 * The worker's side: each request made with `send`, `fetchPlaylist` and `fetchSegment` (the page's
 * own, in the worker), announced as it starts and its answer relayed; `abort` stops a segment the
 * page no longer wants; `close` is called once the worker has been idle long enough to go.
 */
export function createAnnouncingRequester(
  post: (message: EarlyMessage, transfer?: Transferable[]) => void,
  fetchers: {
    send(req: HttpRequest): Promise<HttpResponse>;
    fetchPlaylist(url: string): Promise<FetchedText>;
    fetchSegment(url: string): EarlyPending;
  },
  close: () => void,
): { requester: FirstFrameRequester; abort(url: string): void } {
  const aborts = new Map<string, () => void>();
  // an answer goes to the page a task after it came, once the chain has started (and announced)
  // what it asks next on it: the page learns of each next request before anyone there can ask
  const postLater = (message: EarlyMessage) => setTimeout(() => post(message));
  let inFlight = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const tracked = <T>(promise: Promise<T>): Promise<T> => {
    inFlight += 1;
    clearTimeout(idle);
    const done = () => {
      inFlight -= 1;
      if (inFlight === 0) idle = setTimeout(close, IDLE_CLOSE_MS);
    };
    promise.then(done, done);
    return promise;
  };
  /** an answer relayed a task after it comes, a failure too (and left to the caller) */
  const relayedAnswer = <T>(
    promise: Promise<T>,
    answered: (value: T) => EarlyMessage,
    failed: (error: RelayedError) => EarlyMessage,
  ): Promise<T> =>
    handled(
      tracked(promise).then(
        (value) => {
          postLater(answered(value));
          return value;
        },
        (error: unknown) => {
          postLater(failed(relayed(error)));
          throw error;
        },
      ),
    );
  const requester: FirstFrameRequester = {
    start(req) {
      post({ kind: 'request', req });
      const key = requestKey(req);
      return relayedAnswer(
        fetchers.send(req),
        (response) => ({ kind: 'response', key, response }),
        (error) => ({ kind: 'requestFailed', key, error }),
      );
    },
    startPlaylist(url) {
      post({ kind: 'playlist', url });
      return relayedAnswer(
        fetchers.fetchPlaylist(url),
        (fetched) => ({ kind: 'playlistLoaded', url, fetched }),
        (error) => ({ kind: 'playlistFailed', url, error }),
      );
    },
    startSegment(url) {
      post({ kind: 'segment', url });
      const pending = fetchers.fetchSegment(url);
      aborts.set(url, pending.abort);
      pending.answered.then(() => post({ kind: 'segmentAnswered', url }), ignore);
      pending.onProgress?.((loaded) => post({ kind: 'segmentProgress', url, loaded }));
      tracked(pending.loaded).then(
        (load) => {
          aborts.delete(url);
          const transfer = typeof load.data === 'string' ? [] : [load.data];
          post(
            { kind: 'segmentLoaded', url, load: movedClock(load, performance.timeOrigin) },
            transfer,
          );
        },
        (error: unknown) => {
          aborts.delete(url);
          post({ kind: 'segmentFailed', url, error: relayed(error) });
        },
      );
    },
    wantDemuxers: () => post({ kind: 'demuxersWanted' }),
  };
  return { requester, abort: (url) => aborts.get(url)?.() };
}
