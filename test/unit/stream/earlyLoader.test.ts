// The stream engine takes the loads the page fetched ahead: a playlist's text and the address it
// came from after redirects (its relative links resolve against it), a segment's bytes with the
// early request's times; one that does not begin to answer within hls.js's first-byte limit, or
// end within its load limit, counts as a first try that timed out, and the early request stops.
import * as Hls from 'hls.js';
import type {
  FragmentLoaderContext,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  PlaylistLoaderContext,
} from 'hls.js';
import {
  earlyFragmentLoader,
  earlyPlaylistLoader,
  type EarlyLoad,
  type EarlyPending,
} from '../../../src/stream/earlyLoader';

const URL_ASKED = 'https://cdn.example/film/master.m3u8';
const context = {
  type: 'manifest',
  url: URL_ASKED,
  responseType: 'text',
  level: null,
  id: null,
  deliveryDirectives: null,
  levelOrTrack: null,
} as unknown as PlaylistLoaderContext;
const config = (timeoutRetry: LoaderConfiguration['loadPolicy']['timeoutRetry']) =>
  ({
    loadPolicy: {
      maxTimeToFirstByteMs: 1000,
      maxLoadTimeMs: 5000,
      timeoutRetry,
      errorRetry: null,
    },
    timeout: 1000,
    maxRetry: 0,
    retryDelay: 0,
    maxRetryDelay: 0,
  }) as unknown as LoaderConfiguration;

function callbacks() {
  return {
    onSuccess: jest.fn(),
    onError: jest.fn(),
    onTimeout: jest.fn(),
  } satisfies LoaderCallbacks<LoaderContext>;
}

/** an early load; its answer begins when it has come unless told otherwise */
const pendingOf = (loaded: Promise<EarlyLoad>, answered: Promise<unknown> = loaded) => ({
  answered,
  loaded,
  abort: jest.fn(),
});
const never = <T>() => new Promise<T>(() => undefined);

function loaderWith(early: EarlyPending | null) {
  const playlist = jest.fn(() => early);
  const segment = jest.fn(() => early);
  const Loader = earlyPlaylistLoader(Hls, { playlist, segment });
  return { loader: new Loader(Hls.default.DefaultConfig), playlist, segment };
}

describe('the early playlist loader', () => {
  it('hands hls.js the early text with the address it was redirected to', async () => {
    const redirected = 'https://edge-3.cdn.example/film/master.m3u8';
    const { loader } = loaderWith(
      pendingOf(Promise.resolve({ data: '#EXTM3U\n', url: redirected })),
    );
    const cb = callbacks();
    loader.load(context, config(null), cb);
    await Promise.resolve();
    await Promise.resolve();
    expect(cb.onSuccess).toHaveBeenCalledTimes(1);
    expect(cb.onSuccess.mock.calls[0]?.[0]).toEqual({
      url: redirected,
      data: '#EXTM3U\n',
      code: 200,
    });
  });

  it('counts an early fetch that does not answer in time as a first try that timed out', () => {
    jest.useFakeTimers();
    try {
      const early = pendingOf(never());
      const { loader } = loaderWith(early);
      const cb = callbacks();
      loader.load(context, config(null), cb); // no retries left: hls.js is told at once
      jest.advanceTimersByTime(999);
      expect(cb.onTimeout).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(cb.onTimeout).toHaveBeenCalledTimes(1);
      expect(early.abort).toHaveBeenCalled(); // its bytes would compete with hls.js's next try
      expect(cb.onSuccess).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives an early fetch that has begun to answer the whole load time, as hls.js would', async () => {
    jest.useFakeTimers();
    try {
      let answer: () => void = () => undefined;
      const early = pendingOf(never(), new Promise<void>((resolve) => (answer = resolve)));
      const { loader } = loaderWith(early);
      const cb = callbacks();
      loader.load(context, config(null), cb);
      jest.advanceTimersByTime(600);
      answer(); // headers at 0.6 s; a slow link brings the body
      await Promise.resolve();
      jest.advanceTimersByTime(4399); // 5 s from the start, less a millisecond: still coming
      expect(cb.onTimeout).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(cb.onTimeout).toHaveBeenCalledTimes(1);
      expect(early.abort).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops the early fetch and says nothing once hls.js aborted, even when the text arrives', async () => {
    let arrive: (value: EarlyLoad) => void = () => undefined;
    const early = pendingOf(new Promise<EarlyLoad>((resolve) => (arrive = resolve)));
    const { loader } = loaderWith(early);
    const cb = callbacks();
    loader.load(context, config(null), cb);
    loader.abort();
    expect(early.abort).toHaveBeenCalled();
    arrive({ data: '#EXTM3U\n', url: URL_ASKED });
    await Promise.resolve();
    await Promise.resolve();
    expect(cb.onSuccess).not.toHaveBeenCalled();
  });

  it('asks for the manifest and the video and audio playlists; subtitles load as ever', () => {
    const asked = ['level', 'audioTrack', 'subtitleTrack'].map((type) => {
      const { loader, playlist } = loaderWith(null);
      loader.load({ ...context, type } as PlaylistLoaderContext, config(null), callbacks());
      loader.abort();
      return playlist.mock.calls.length;
    });
    expect(asked).toEqual([1, 1, 0]);
  });
});

describe('the early fragment loader', () => {
  const SEGMENT = 'https://cdn.example/film/240p/s0.m4s';
  const fragment = (range: Partial<FragmentLoaderContext> = {}) =>
    ({
      url: SEGMENT,
      responseType: 'arraybuffer',
      rangeStart: 0,
      rangeEnd: 0,
      ...range,
    }) as unknown as FragmentLoaderContext;

  function fragmentLoaderWith(early: EarlyPending | null, progressed = jest.fn()) {
    const segment = jest.fn(() => early);
    const Loader = earlyFragmentLoader(Hls, { playlist: () => null, segment }, progressed);
    return { loader: new Loader(Hls.default.DefaultConfig), segment, progressed };
  }

  it('hands hls.js the early bytes with the early request’s times, for its estimate', async () => {
    const data = new ArrayBuffer(250_000);
    const timing = { start: 10, first: 60, end: 260 };
    const { loader } = fragmentLoaderWith(
      pendingOf(Promise.resolve({ data, url: SEGMENT, timing })),
    );
    const cb = callbacks();
    loader.load(fragment(), config(null), cb);
    await Promise.resolve();
    await Promise.resolve();
    expect(cb.onSuccess).toHaveBeenCalledTimes(1);
    const [response, stats] = cb.onSuccess.mock.calls[0] ?? [];
    expect(response).toEqual({ url: SEGMENT, data, code: 200 });
    expect(stats.loading).toMatchObject(timing);
    expect(stats.loaded).toBe(250_000);
  });

  it('tells of the early bytes as they come, as hls.js counts its own: a slow segment is no silent engine', () => {
    let tell: (loaded: number) => void = () => undefined;
    const pending = {
      ...pendingOf(never<EarlyLoad>(), Promise.resolve()),
      onProgress: (listener: (loaded: number) => void) => {
        tell = listener;
      },
    };
    const { loader, progressed } = fragmentLoaderWith(pending);
    loader.load(fragment(), config(null), callbacks());
    tell(16_384);
    tell(32_768);
    expect(progressed).toHaveBeenCalledTimes(2);
    expect(loader.stats.loaded).toBe(32_768);
    expect(loader.stats.loading.first).toBeGreaterThan(0);
    // once hls.js gave up on it, its bytes are nobody's
    loader.abort();
    tell(49_152);
    expect(progressed).toHaveBeenCalledTimes(2);
    expect(pending.abort).toHaveBeenCalledTimes(1);
  });

  it('never takes a byte range: those load as ever', () => {
    const { loader, segment } = fragmentLoaderWith(null);
    loader.load(fragment({ rangeStart: 0, rangeEnd: 1000 }), config(null), callbacks());
    loader.abort();
    expect(segment).not.toHaveBeenCalled();
  });
});
