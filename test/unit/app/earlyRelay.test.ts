/**
 * @jest-environment node
 */
// The early requests run in a worker; the page keeps a mirror of each. What crosses between them is
// cloned as a message would be (structuredClone), so what the ports and hls.js take from the mirror is
// what the worker's own request answered, whatever shape a message can carry.
import {
  createAnnouncingRequester,
  createMirroredAnswers,
  type EarlyMessage,
  type PageFetchers,
  type PageMessage,
} from '../../../src/app/earlyRelay';
import { failure } from '../../../src/ports/http';
import type { HttpRequest, HttpResponse } from '../../../src/ports/types';
import type { EarlyLoad, EarlyPending } from '../../../src/stream/earlyLoader';

const BASE = 'https://kino.example';
const request: HttpRequest = {
  method: 'GET',
  url: `${BASE}/catalog-api/episodes?content-id=1`,
  timeoutMs: 1000,
};
const answer: HttpResponse = {
  status: 200,
  headers: { 'content-type': 'application/json' },
  data: [{ id: 1 }],
};

/** A worker and a page joined as postMessage joins them: each message cloned, in a task of its own. */
function relay(
  fetchers: Parameters<typeof createAnnouncingRequester>[1],
  own: PageFetchers = { send: never, fetchPlaylist: never, fetchSegment: () => segmentFetch() },
) {
  const aborted: string[] = [];
  const closed = jest.fn();
  let worker: ReturnType<typeof createAnnouncingRequester> | null = null;
  const demuxers = jest.fn();
  const page = createMirroredAnswers(
    (message: PageMessage) => {
      const copy = structuredClone(message);
      setTimeout(() => {
        if (copy.kind === 'abort') {
          aborted.push(copy.url);
          worker?.abort(copy.url);
        }
      });
    },
    demuxers,
    own,
  );
  worker = createAnnouncingRequester(
    (message: EarlyMessage) => {
      const copy = structuredClone(message);
      setTimeout(() => page.receive(copy));
    },
    fetchers,
    closed,
  );
  return {
    page: page.answers,
    expect: page.expect,
    lost: page.lost,
    requester: worker.requester,
    aborted,
    closed,
    demuxers,
  };
}

/** A worker whose every request is answered with `answer`. */
const answering = () =>
  relay({ send: async () => answer, fetchPlaylist: never, fetchSegment: () => segmentFetch() });

/** A segment the worker has started and announced, and the page's mirror of it. */
async function segmentStarted() {
  const fetch = segmentFetch();
  const { page, requester, aborted } = relay({
    send: never,
    fetchPlaylist: never,
    fetchSegment: () => fetch,
  });
  requester.startSegment(`${BASE}/s0.m4s`);
  await tick();
  return { fetch, pending: page.segment(`${BASE}/s0.m4s`), aborted };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const never = <T>() => new Promise<T>(() => undefined);

function segmentFetch(): EarlyPending & {
  finish(load: EarlyLoad): void;
  fail(e: Error): void;
  progress(n: number): void;
  answer(): void;
  abort: jest.Mock;
} {
  let finish: (load: EarlyLoad) => void = () => undefined;
  let fail: (e: Error) => void = () => undefined;
  let answer: () => void = () => undefined;
  let listener: (n: number) => void = () => undefined;
  const answered = new Promise<void>((ok) => (answer = ok));
  const loaded = new Promise<EarlyLoad>((ok, ko) => {
    finish = ok;
    fail = ko;
  });
  const abort = jest.fn(() => fail(failure('network', 'aborted')));
  return {
    answered,
    loaded,
    abort,
    onProgress: (next) => void (listener = next),
    finish: (load) => finish(load),
    fail: (e) => fail(e),
    progress: (n) => listener(n),
    answer: () => answer(),
  };
}

describe('the early requests, made in a worker and kept by the page', () => {
  it('the page hands the worker’s answer to the same request, once', async () => {
    const { page, requester } = answering();
    await expect(requester.start(request)).resolves.toEqual(answer);
    await tick();
    expect(page.take({ ...request, responseType: 'text' })).toBeNull();
    await expect(page.take(request)).resolves.toEqual(answer);
    expect(page.take(request)).toBeNull();
  });

  it('an actor that asks while the answer is still coming gets it when it comes', async () => {
    let resolve: (res: HttpResponse) => void = () => undefined;
    const { page, requester } = relay({
      send: () => new Promise((ok) => (resolve = ok)),
      fetchPlaylist: never,
      fetchSegment: () => segmentFetch(),
    });
    void requester.start(request);
    await tick();
    const taken = page.take(request);
    expect(taken).not.toBeNull();
    resolve(answer);
    await expect(taken).resolves.toEqual(answer);
  });

  it('the master JSON the page expects can be taken before the worker has said a word', async () => {
    const { page, expect: expectRequest, requester } = answering();
    expectRequest({ masterJson: request });
    const taken = page.take(request); // the stream actor, while the worker's messages wait
    expect(taken).not.toBeNull();
    void requester.start(request);
    await expect(taken).resolves.toEqual(answer);
    await tick();
    expect(page.take(request)).toBeNull(); // its announcement kept no second copy
  });

  it('the page learns of each next request before the answer that leads to it', async () => {
    const master: HttpRequest = { method: 'GET', url: `${BASE}/media/film.json`, timeoutMs: 1000 };
    const { page, expect: expectRequest, requester } = answering();
    expectRequest({ masterJson: request });
    const episodes = page.take(request);
    // the chain: the episodes, then the master JSON the episodes name
    void requester.start(request).then(() => requester.start(master));
    await episodes;
    // the actor asks at once on the episodes' answer: the master JSON is already known
    expect(page.take(master)).not.toBeNull();
  });

  it('a failure keeps its reason across: a time limit stays a time limit for the HTTP port', async () => {
    const { page, requester } = relay({
      send: () => Promise.reject(failure('timeout', request.url)),
      fetchPlaylist: () => Promise.reject(new Error(`HTTP 404: ${BASE}/m.m3u8`)),
      fetchSegment: () => segmentFetch(),
    });
    await expect(requester.start(request)).rejects.toThrow('Timed out');
    await expect(requester.startPlaylist(`${BASE}/m.m3u8`)).rejects.toThrow('HTTP 404');
    await tick();
    await expect(page.take(request)).rejects.toMatchObject({ name: 'HttpTimeout' });
    await expect(page.playlist(`${BASE}/m.m3u8`)?.loaded).rejects.toThrow('HTTP 404');
  });

  it('a playlist comes with its address after redirects, for hls.js to resolve its segments by', async () => {
    const fetched = { text: '#EXTM3U\n', url: `${BASE}/cdn/master.m3u8` };
    const { page, requester } = relay({
      send: never,
      fetchPlaylist: async () => fetched,
      fetchSegment: () => segmentFetch(),
    });
    await requester.startPlaylist(`${BASE}/master.m3u8`);
    await tick();
    await expect(page.playlist(`${BASE}/master.m3u8`)?.loaded).resolves.toEqual({
      data: fetched.text,
      url: fetched.url,
    });
  });

  it('a segment: its answer, its bytes as they come, then its body and times on the page’s clock', async () => {
    const { fetch, pending } = await segmentStarted();
    expect(pending).not.toBeNull();
    const progress: number[] = [];
    pending?.onProgress?.((n) => progress.push(n));
    let answered = false;
    void pending?.answered.then(() => (answered = true));
    fetch.answer();
    fetch.progress(1000);
    fetch.progress(2000);
    await tick();
    expect(answered).toBe(true);
    expect(progress).toEqual([1000, 2000]);
    const body = new Uint8Array([1, 2, 3]).buffer;
    // the same clock on both sides here: a time comes back as it went
    fetch.finish({ data: body, url: `${BASE}/s0.m4s`, timing: { start: 10, first: 20, end: 30 } });
    const load = await pending?.loaded;
    expect(new Uint8Array(load?.data as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    expect(load?.timing?.start).toBeCloseTo(10);
    expect(load?.timing?.end).toBeCloseTo(30);
  });

  it('a segment the page no longer wants is stopped in the worker: its bytes would take the link', async () => {
    const { fetch, pending, aborted } = await segmentStarted();
    pending?.abort();
    await expect(pending?.loaded).rejects.toThrow();
    expect(aborted).toEqual([`${BASE}/s0.m4s`]);
    expect(fetch.abort).toHaveBeenCalledTimes(1);
  });

  it('an MPEG-TS start asks the page for the demuxers’ bundle, which only the page can load', async () => {
    const { requester, demuxers } = relay({
      send: never,
      fetchPlaylist: never,
      fetchSegment: () => segmentFetch(),
    });
    requester.wantDemuxers();
    await tick();
    expect(demuxers).toHaveBeenCalledTimes(1);
  });

  it('the worker closes once nothing has been in flight for longer than an answer is kept', async () => {
    jest.useFakeTimers();
    try {
      const { requester, closed } = relay({
        send: async () => answer,
        fetchPlaylist: never,
        fetchSegment: () => segmentFetch(),
      });
      await requester.start(request);
      await Promise.resolve();
      jest.advanceTimersByTime(30_000);
      expect(closed).not.toHaveBeenCalled();
      void requester.start(request); // a late request keeps it open
      await Promise.resolve();
      jest.advanceTimersByTime(10_000);
      expect(closed).not.toHaveBeenCalled();
      await Promise.resolve();
      await Promise.resolve();
      jest.advanceTimersByTime(40_000);
      expect(closed).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a worker lost on the way: the page asks for what it left unanswered, and hears it no more', async () => {
    const workerSegment = segmentFetch();
    const ownSegment = segmentFetch();
    const ownAnswer: HttpResponse = { ...answer, data: [{ id: 2 }] };
    const {
      page,
      expect: expectRequest,
      requester,
      lost,
    } = relay(
      { send: never, fetchPlaylist: never, fetchSegment: () => workerSegment },
      { send: async () => ownAnswer, fetchPlaylist: never, fetchSegment: () => ownSegment },
    );
    expectRequest({ masterJson: request });
    const taken = page.take(request); // the boot actor, waiting on the worker
    requester.startSegment(`${BASE}/s0.m4s`);
    await tick();
    const segment = page.segment(`${BASE}/s0.m4s`);
    lost();
    await expect(taken).resolves.toEqual(ownAnswer);
    ownSegment.answer();
    ownSegment.finish({ data: new ArrayBuffer(4), url: `${BASE}/s0.m4s` });
    await expect(segment?.loaded).resolves.toMatchObject({ url: `${BASE}/s0.m4s` });
    segment?.abort(); // stopping it now stops the page's own request, not the worker's
    expect(ownSegment.abort).toHaveBeenCalledTimes(1);
    expect(workerSegment.abort).not.toHaveBeenCalled();
  });
});
