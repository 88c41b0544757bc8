// The hls.js engine on a jsdom <video>, with a stand-in for hls.js that attaches as hls.js 1.x does:
// where it takes a ManagedMediaSource (iPhones), the AirPlay source next to its own.
import { startHlsEngine } from '../../../src/ports/hlsEngine';
import type { HlsModule } from '../../../src/stream/hlsModule';
import type { MediaSource as MediaSourceSpec } from '../../../src/ports/types';
import { ThroughputWindow } from '../../../src/stream/throughputWindow';

const URL_M3U8 = 'https://cdn.example/film/master.m3u8';
const source: MediaSourceSpec = {
  url: URL_M3U8,
  startAt: 0,
  preferredHeight: null,
  bandwidthEstimate: null,
  subtitles: [],
};

const MEDIA_ATTACHED = 'hlsMediaAttached';

/**
 * hls.js as far as the engine's AirPlay source is concerned: attaching with a ManagedMediaSource
 * turns remote playback off and leaves its own MediaSource as the element's only <source> (as its
 * buffer controller does); `opened` is the MediaSource opening (MEDIA_ATTACHED).
 */
function fakeHlsJs({ preferManagedMediaSource = false } = {}) {
  const instances: FakeHls[] = [];
  /** hls.js's own adaptive controller, which the player's extends */
  class FakeAbrController {
    bwEstimator: unknown = null;
    constructor(public hls: FakeHls) {}
  }
  class FakeHls {
    static DefaultConfig = { abrController: FakeAbrController };
    config: Record<string, unknown>;
    listeners = new Map<string, (() => void)[]>();
    media: HTMLVideoElement | null = null;
    constructor(config: Record<string, unknown>) {
      this.config = { preferManagedMediaSource, ...config };
      instances.push(this);
    }
    on(event: string, listener: () => void) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    }
    off(event: string, listener: () => void) {
      this.listeners.set(
        event,
        (this.listeners.get(event) ?? []).filter((l) => l !== listener),
      );
    }
    loadSource() {}
    attachMedia(media: HTMLVideoElement) {
      this.media = media;
      if (!('ManagedMediaSource' in self)) return;
      media.disableRemotePlayback = true;
      media.querySelectorAll('source').forEach((s) => s.remove());
      const own = document.createElement('source');
      own.type = 'video/mp4';
      own.src = 'blob:https://player.example/mms';
      media.append(own);
    }
    opened() {
      this.listeners.get(MEDIA_ATTACHED)?.forEach((l) => l());
    }
    destroy() {
      this.listeners.clear();
    }
  }
  const module = {
    default: FakeHls,
    Events: new Proxy(
      {},
      { get: (_, name: string) => (name === 'MEDIA_ATTACHED' ? MEDIA_ATTACHED : name) },
    ),
    ErrorTypes: {},
  } as unknown as HlsModule;
  return { module, instances };
}

const sources = (video: HTMLVideoElement) =>
  [...video.querySelectorAll('source')].map((s) => `${s.type} ${s.getAttribute('src')}`);

function start({ managed = true, mediaSource = false, preferManagedMediaSource = false } = {}) {
  const globals = self as unknown as Record<string, unknown>;
  if (managed) globals.ManagedMediaSource = function ManagedMediaSource() {};
  if (mediaSource) globals.MediaSource = function MediaSource() {};
  const hlsJs = fakeHlsJs({ preferManagedMediaSource });
  const video = document.createElement('video');
  const engine = startHlsEngine(hlsJs.module, video, source, () => undefined, null, true);
  return { video, engine, hls: hlsJs.instances[0]! };
}

afterEach(() => {
  delete (self as unknown as Record<string, unknown>).ManagedMediaSource;
  delete (self as unknown as Record<string, unknown>).MediaSource;
});

describe('hls.js engine: the AirPlay source of a ManagedMediaSource', () => {
  it("once the MediaSource is open, the stream's address is a second source and remote playback is on", () => {
    const { video, hls } = start();
    expect(video.disableRemotePlayback).toBe(true); // hls.js's, until it has opened
    hls.opened();
    expect(sources(video)).toEqual([
      'video/mp4 blob:https://player.example/mms',
      `application/x-mpegURL ${URL_M3U8}`,
    ]);
    expect(video.disableRemotePlayback).toBe(false);
  });

  it("is offered again, once, after a recovery's new attach clears the sources", () => {
    const { video, hls } = start();
    hls.opened();
    hls.attachMedia(video);
    hls.opened();
    expect(sources(video)).toEqual([
      'video/mp4 blob:https://player.example/mms',
      `application/x-mpegURL ${URL_M3U8}`,
    ]);
    expect(video.disableRemotePlayback).toBe(false);
  });

  it('goes with the engine, so the element never plays the stream itself afterwards', () => {
    const { video, hls, engine } = start();
    hls.opened();
    engine.destroy();
    expect(sources(video)).not.toContain(`application/x-mpegURL ${URL_M3U8}`);
  });

  it('where hls.js takes ManagedMediaSource by preference, also with a MediaSource there', () => {
    const { video, hls } = start({ mediaSource: true, preferManagedMediaSource: true });
    hls.opened();
    expect(sources(video)).toContain(`application/x-mpegURL ${URL_M3U8}`);
  });

  it('not where hls.js takes the MediaSource (desktop, Android): nothing added, nothing changed', () => {
    for (const browser of [
      { managed: false, mediaSource: true },
      { managed: true, mediaSource: true }, // desktop Safari: hls.js prefers MediaSource
    ]) {
      const { video, hls } = start(browser);
      hls.opened();
      expect(sources(video).filter((s) => s.startsWith('application/x-mpegURL'))).toEqual([]);
      expect(video.disableRemotePlayback).not.toBe(false);
    }
  });
});

describe("hls.js engine: the player's adaptive settings", () => {
  const config = (bandwidthEstimate: number | null) => {
    const hlsJs = fakeHlsJs();
    const video = document.createElement('video');
    startHlsEngine(
      hlsJs.module,
      video,
      { ...source, bandwidthEstimate },
      () => undefined,
      null,
      true,
    );
    const hls = hlsJs.instances[0]!;
    return { config: hls.config, hls };
  };

  it("gives hls.js its own controller, with the player's estimate", () => {
    const { config: given, hls } = config(null);
    const Controller = given.abrController as new (hls: unknown) => { bwEstimator: unknown };
    const controller = new Controller({ ...hls, config: { abrEwmaDefaultEstimate: 500_000 } });
    expect(controller.bwEstimator).toBeInstanceOf(ThroughputWindow);
    expect(given).not.toHaveProperty('abrEwmaDefaultEstimate'); // hls.js's default: 500 kbit/s
  });

  it('asks for the first segment on the lowest rung, whatever the last session knew', () => {
    expect(config(null).config.startLevel).toBe(0);
    expect(config(40_000_000).config.startLevel).toBe(0);
  });

  it("guesses from the last session's estimate, at most hls.js's own 500 kbit/s: today's network may be slower", () => {
    expect(config(300_000).config.abrEwmaDefaultEstimate).toBe(300_000);
    expect(config(40_000_000).config.abrEwmaDefaultEstimate).toBe(500_000);
  });
});

/** The engine on the plain source, and the configuration it gave hls.js. */
function engineOnPlainSource() {
  const hlsJs = fakeHlsJs();
  const engine = startHlsEngine(
    hlsJs.module,
    document.createElement('video'),
    source,
    () => undefined,
    null,
    true,
  );
  return { engine, config: hlsJs.instances[0]!.config };
}

const configGivenToHls = () => engineOnPlainSource().config;

describe('hls.js engine: no HLS interstitials', () => {
  it("leaves a stream's interstitials unplayed (the adverts are the player's VAST breaks), so hls.js keeps no controller or timeupdate listener for them", async () => {
    const given = configGivenToHls();
    expect(given).toHaveProperty('interstitialsController', undefined);
    // the real hls.js takes the key as given, over its default controller
    const { default: Hls } = await import('hls.js');
    expect(new Hls().interstitialsManager).not.toBeNull();
    expect(
      new Hls({ interstitialsController: given.interstitialsController as undefined })
        .interstitialsManager,
    ).toBeNull();
  });
});

describe("hls.js engine: nothing asked of the parts its build leaves out (tools/build/hls.mjs's UNUSED)", () => {
  it('turns on no CEA-608 captions, frame-drop cap, player-size cap or progressive streaming', () => {
    const given = configGivenToHls();
    // each would ask for a part that is an empty module in the player's build, and do nothing
    expect(given.enableCEA708Captions).toBe(false);
    for (const key of ['capLevelOnFPSDrop', 'capLevelToPlayerSize', 'progressive'])
      expect([key, given[key] ?? false]).toEqual([key, false]);
  });
});

describe('hls.js engine: at work while its loads get bytes (the stall watch reads idleMs)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('counts a segment coming slowly as work, however long hls.js itself says nothing', () => {
    let now = 1000;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    const { engine, config } = engineOnPlainSource();
    const xhr = new EventTarget();
    const setUp = config.xhrSetup as (xhr: EventTarget) => void;
    setUp(xhr);
    now += 9_000;
    expect(engine.idleMs()).toBe(9_000);
    xhr.dispatchEvent(new Event('progress'));
    now += 4_000;
    expect(engine.idleMs()).toBe(4_000);
    // no byte since: silent
    now += 8_000;
    expect(engine.idleMs()).toBe(12_000);
  });
});

describe("hls.js engine: the viewer's pick of a rung", () => {
  /**
   * hls.js's level properties as far as a pick is concerned: which setter the engine used. `flushes`:
   * nextLevel finds a segment it can drop the buffer from; `aheadS`: film buffered ahead.
   */
  function engineOn(
    screen: { playing: number; loading: number; auto: boolean },
    { flushes = true, aheadS = 20 } = {},
  ) {
    const hlsJs = fakeHlsJs();
    const emitted: unknown[] = [];
    const video = document.createElement('video');
    Object.defineProperty(video, 'buffered', {
      value: { length: 1, start: () => 0, end: () => 1 + aheadS },
    });
    video.currentTime = 1;
    const engine = startHlsEngine(
      hlsJs.module,
      video,
      source,
      (event) => emitted.push(event),
      null,
      true,
    );
    const fake = hlsJs.instances[0]!;
    const hls = fake as unknown as Record<string, unknown>;
    const set: string[] = [];
    Object.defineProperties(hls, {
      currentLevel: { get: () => screen.playing, set: (l) => set.push(`currentLevel ${l}`) },
      nextLevel: {
        set: (l) => {
          set.push(`nextLevel ${l}`);
          if (flushes) fake.listeners.get('BUFFER_FLUSHING')?.forEach((listener) => listener());
        },
      },
      loadLevel: { get: () => screen.loading, set: (l) => set.push(`loadLevel ${l}`) },
      autoLevelEnabled: { get: () => screen.auto },
      levels: { get: () => [0, 1, 2, 3].map(() => ({ details: { targetduration: 4 } })) },
    });
    return { engine, set, emitted };
  }

  it('another rung than the one on screen: its buffer goes, so the pick shows at once', () => {
    const { engine, set } = engineOn({ playing: 1, loading: 1, auto: true });
    engine.setLevel(2);
    expect(set).toEqual(['currentLevel 2']);
  });

  it('the rung on screen while the automatic choice loads a higher one: from the next segment', () => {
    const { engine, set } = engineOn({ playing: 2, loading: 3, auto: true });
    engine.setLevel(2);
    expect(set).toEqual(['nextLevel 2']);
  });

  it('the rung on screen, hls.js finding nothing to drop with three segments of the other ahead: at once', () => {
    const { engine, set } = engineOn(
      { playing: 2, loading: 3, auto: true },
      { flushes: false, aheadS: 12.5 },
    );
    engine.setLevel(2);
    expect(set).toEqual(['nextLevel 2', 'currentLevel 2']);
  });

  it('the rung on screen, hls.js finding nothing to drop with two segments ahead at most: from the next segments', () => {
    const { engine, set } = engineOn(
      { playing: 2, loading: 3, auto: true },
      { flushes: false, aheadS: 8 },
    );
    engine.setLevel(2);
    expect(set).toEqual(['nextLevel 2']);
  });

  it('just after a pick of another rung, while hls.js still names the old one on screen: at once, not after the buffer of the first pick', () => {
    // 480p on screen, 240p picked a moment ago (its segments are what is buffered ahead)
    const { engine, set } = engineOn({ playing: 2, loading: 0, auto: false });
    engine.setLevel(2);
    expect(set).toEqual(['currentLevel 2']);
  });

  it('the rung already picked and on screen: nothing flushed, the choice told', async () => {
    const { engine, set, emitted } = engineOn({ playing: 2, loading: 2, auto: false });
    engine.setLevel(2);
    expect(set).toEqual(['loadLevel 2']);
    await Promise.resolve();
    expect(emitted).toContainEqual({ type: 'levelSwitched', level: 2, auto: false });
  });
});
