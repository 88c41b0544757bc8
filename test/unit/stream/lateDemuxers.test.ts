// A segment of MPEG-TS or packed audio reaches hls.js only once the demuxers' bundle is in: they are
// asked for as its load begins, the loaded segment waits for them, and a bundle that fails is told
// as the engine's failure rather than handed to an hls.js that cannot demux it. Fragmented MP4 and
// subtitles never wait and never ask; an init segment is judged by its bytes (MPEG-TS may have one).
import type {
  FragmentLoaderContext,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  XhrLoader,
} from 'hls.js';
import { demuxingLoader } from '../../../src/stream/lateDemuxers';

/** The start of an MPEG-TS segment: 188-byte packets, each beginning with 0x47. */
function tsBytes() {
  const bytes = new Uint8Array(376);
  bytes[0] = bytes[188] = 0x47;
  return bytes.buffer;
}

/** The start of a fragmented MP4 init segment: a box of type `ftyp`. */
function mp4Bytes() {
  const bytes = new Uint8Array(32);
  bytes.set([0, 0, 0, 32, ...[...'ftyp'].map((c) => c.charCodeAt(0))]);
  return bytes.buffer;
}

/** hls.js's loader as far as the gate is concerned: a load whose answer the test gives. */
class FakeLoader {
  callbacks: LoaderCallbacks<LoaderContext> | null = null;
  stats = { aborted: false };
  load(
    _context: LoaderContext,
    _config: LoaderConfiguration,
    callbacks: LoaderCallbacks<LoaderContext>,
  ) {
    this.callbacks = callbacks;
  }
  answer(data = tsBytes()) {
    this.callbacks?.onSuccess({ url: 'seg', data }, this.stats as never, {} as never, null);
  }
  abort() {
    this.stats.aborted = true;
  }
  destroy() {
    this.callbacks = null;
  }
}

const tsSegment = { frag: { type: 'main', sn: 3, initSegment: null } };
const mp4Segment = { frag: { type: 'main', sn: 3, initSegment: { sn: 'initSegment' } } };
const initSegment = { frag: { type: 'main', sn: 'initSegment', initSegment: null } };
const subtitleSegment = { frag: { type: 'subtitle', sn: 3, initSegment: null } };

function deferred() {
  let settle: (ok: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((resolve) => (settle = resolve));
  return { promise, settle };
}

function gate() {
  const bundle = deferred();
  const demuxers = jest.fn(() => bundle.promise);
  const missing = jest.fn();
  const Loader = demuxingLoader(FakeLoader as unknown as typeof XhrLoader, demuxers, missing);
  const loader = new Loader({} as never) as unknown as FakeLoader;
  const callbacks = { onSuccess: jest.fn(), onError: jest.fn(), onTimeout: jest.fn() };
  const load = (context: object) =>
    (loader as unknown as XhrLoader).load(
      context as FragmentLoaderContext,
      {} as LoaderConfiguration,
      callbacks,
    );
  return { bundle, demuxers, missing, loader, callbacks, load };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the demuxing fragment loader', () => {
  it.each([
    ['a fragmented MP4 segment', mp4Segment, tsBytes()],
    ['an init segment of fragmented MP4', initSegment, mp4Bytes()],
    ['a subtitle segment', subtitleSegment, tsBytes()],
  ])('hands %s over at once, without the demuxers', (_name, context, data) => {
    const { demuxers, loader, callbacks, load } = gate();
    load(context);
    loader.answer(data);
    expect(callbacks.onSuccess).toHaveBeenCalledTimes(1);
    expect(demuxers).not.toHaveBeenCalled();
  });

  it("holds an MPEG-TS stream's init section (its EXT-X-MAP) until the demuxers are in", async () => {
    const { bundle, demuxers, loader, callbacks, load } = gate();
    load(initSegment);
    expect(demuxers).not.toHaveBeenCalled(); // not known before its bytes
    loader.answer(tsBytes());
    expect(demuxers).toHaveBeenCalledTimes(1);
    await settled();
    expect(callbacks.onSuccess).not.toHaveBeenCalled();
    bundle.settle(true);
    await settled();
    expect(callbacks.onSuccess).toHaveBeenCalledTimes(1);
  });

  it('asks for the demuxers as an MPEG-TS segment begins, and holds the segment until they are in', async () => {
    const { bundle, demuxers, missing, loader, callbacks, load } = gate();
    load(tsSegment);
    expect(demuxers).toHaveBeenCalledTimes(1); // beside the segment, not after it
    loader.answer();
    await settled();
    expect(callbacks.onSuccess).not.toHaveBeenCalled();
    bundle.settle(true);
    await settled();
    expect(callbacks.onSuccess).toHaveBeenCalledTimes(1);
    expect(missing).not.toHaveBeenCalled();
  });

  it('never hands over a segment whose demuxers failed: the failure is told once', async () => {
    const { bundle, missing, loader, callbacks, load } = gate();
    load(tsSegment);
    loader.answer();
    bundle.settle(false);
    await settled();
    expect(callbacks.onSuccess).not.toHaveBeenCalled();
    expect(callbacks.onError).not.toHaveBeenCalled();
    expect(missing).toHaveBeenCalledTimes(1);
  });

  it('tells of failed demuxers once for the engine, however many of its segments were held', async () => {
    const bundle = deferred();
    const missing = jest.fn();
    const Loader = demuxingLoader(
      FakeLoader as unknown as typeof XhrLoader,
      () => bundle.promise,
      missing,
    );
    const callbacks = { onSuccess: jest.fn(), onError: jest.fn(), onTimeout: jest.fn() };
    for (const type of ['main', 'audio']) {
      const loader = new Loader({} as never);
      loader.load(
        { frag: { ...tsSegment.frag, type } } as unknown as FragmentLoaderContext,
        {} as LoaderConfiguration,
        callbacks,
      );
      (loader as unknown as FakeLoader).answer();
    }
    bundle.settle(false);
    await settled();
    expect(missing).toHaveBeenCalledTimes(1);
    expect(callbacks.onSuccess).not.toHaveBeenCalled();
  });

  it.each(['abort', 'destroy'] as const)(
    'drops a held segment on %s: nothing reaches hls.js once the demuxers come',
    async (end) => {
      const { bundle, missing, loader, callbacks, load } = gate();
      load(tsSegment);
      loader.answer();
      loader[end]();
      bundle.settle(true);
      await settled();
      expect(callbacks.onSuccess).not.toHaveBeenCalled();
      expect(missing).not.toHaveBeenCalled();
    },
  );
});
