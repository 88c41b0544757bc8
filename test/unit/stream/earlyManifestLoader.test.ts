// The stream engine takes the manifest the page fetched ahead: its text, and the address it came
// from after redirects (the manifest's relative links resolve against it); one that does not come
// within hls.js's time limit counts as a first try that timed out.
import * as Hls from 'hls.js';
import type { LoaderCallbacks, LoaderConfiguration, PlaylistLoaderContext } from 'hls.js';
import { earlyManifestLoader } from '../../../src/stream/earlyManifestLoader';
import type { FetchedText } from '../../../src/shared/http';

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
  } satisfies LoaderCallbacks<PlaylistLoaderContext>;
}

function loaderWith(early: Promise<FetchedText> | null) {
  const manifest = jest.fn(() => early);
  const Loader = earlyManifestLoader(Hls, manifest);
  return { loader: new Loader(Hls.default.DefaultConfig), manifest };
}

describe('the early manifest loader', () => {
  it('hands hls.js the early text with the address it was redirected to', async () => {
    const redirected = 'https://edge-3.cdn.example/film/master.m3u8';
    const { loader } = loaderWith(Promise.resolve({ text: '#EXTM3U\n', url: redirected }));
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
      const { loader } = loaderWith(new Promise<FetchedText>(() => undefined));
      const cb = callbacks();
      loader.load(context, config(null), cb); // no retries left: hls.js is told at once
      jest.advanceTimersByTime(999);
      expect(cb.onTimeout).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(cb.onTimeout).toHaveBeenCalledTimes(1);
      expect(cb.onSuccess).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('says nothing after it was aborted, even when the early text arrives', async () => {
    let arrive: (value: FetchedText) => void = () => undefined;
    const { loader } = loaderWith(new Promise<FetchedText>((resolve) => (arrive = resolve)));
    const cb = callbacks();
    loader.load(context, config(null), cb);
    loader.abort();
    arrive({ text: '#EXTM3U\n', url: URL_ASKED });
    await Promise.resolve();
    await Promise.resolve();
    expect(cb.onSuccess).not.toHaveBeenCalled();
  });

  it('asks only for manifests: level playlists load as ever', () => {
    const { loader, manifest } = loaderWith(null);
    const level = { ...context, type: 'level' } as PlaylistLoaderContext;
    loader.load(level, config(null), callbacks());
    expect(manifest).not.toHaveBeenCalled();
    loader.abort();
  });
});
