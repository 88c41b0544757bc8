// Fake ports for saga and component tests and the simulated benchmarks: scripted HTTP, a virtual
// clock, a media element that records calls, storage, and all of them together (fakePorts); the
// advert ports and the page's are in fakeAdPorts.ts and fakeSystemPorts.ts.
import { createStreamLoop, TICK_MS } from '../../src/stream/loop';
import type { HttpPort, HttpRequest, HttpResponse, MediaPort, Ports } from '../../src/ports/types';
import type { MediaEvent, PlayOutcome } from '../../src/shared/media';
import { fakeAdMedia, fakeSimid, fakeVpaid } from './fakeAdPorts';
import { untilIdle } from './waits';
import {
  fakeConnection,
  fakeDevice,
  fakeMediaSession,
  fakeParent,
  fakeViewport,
  fakeWakeLock,
} from './fakeSystemPorts';
// Node has the VAST reader and the ad engine at once: the fake loader port has nothing to load.
import '../../src/vast/vastReaderInNode';
import '../../sagas/ads/adEngineInNode';
import '../../sagas/announcer/wordsInNode';
import '../../sagas/thumbnails/readerInNode';

export * from './fakeAdPorts';
export * from './fakeSystemPorts';

type Route = HttpResponse | Error | ((req: HttpRequest) => HttpResponse | Error);

export const ok = (data: unknown): HttpResponse => ({ status: 200, headers: {}, data });
export const status = (code: number): HttpResponse => ({
  status: code,
  headers: {},
  data: { message: 'x' },
});

/** Answers by URL; a missing route is a 404. */
export function fakeHttp(routes: Record<string, Route>): HttpPort & { requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  return {
    requests,
    async request(req: HttpRequest) {
      requests.push(req);
      const route = routes[req.url];
      const answer = typeof route === 'function' ? route(req) : (route ?? status(404));
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

/**
 * A clock on virtual time: sleeps resolve, in order, only when the test advances time. Its wall
 * clock starts at `epoch` (a later session: a later one).
 */
export function virtualClock(epoch = EPOCH) {
  let now = 0;
  const timers: { due: number; resolve: () => void }[] = [];
  return {
    port: {
      now: () => now,
      sleep: (ms: number) =>
        new Promise<void>((resolve) => timers.push({ due: now + ms, resolve })),
      epochMs: () => epoch + now,
    },
    get now() {
      return now;
    },
    /** Sleeps not yet due (read only: for tests that check timers do not pile up). */
    get pending() {
      return timers.length;
    },
    /** Moves time on by ms, firing each due timer and letting the sagas it wakes run. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        timers.sort((a, b) => a.due - b.due);
        const next = timers[0];
        if (!next || next.due > end) break;
        timers.shift();
        now = next.due;
        next.resolve();
        await untilIdle(); // every saga the timer woke has run, however many awaits it takes
      }
      now = end;
    },
  };
}

/** A media element that records calls; with a clock, its position moves while it plays. */
export function fakeMedia(
  playOutcome: PlayOutcome = { ok: true },
  clock?: { now: () => number; sleep: (ms: number) => Promise<void> },
) {
  const listeners = new Set<(e: MediaEvent) => void>();
  const calls: { method: string; args: unknown[] }[] = [];
  const state = {
    currentTime: 0,
    duration: 24,
    paused: true,
    bufferedEnd: 30,
    bandwidth: 0,
    at: 0,
    droppedFrames: 0,
    totalFrames: 0,
    /** what engineIdleMs answers */
    engineIdleMs: 0,
    /** what buffered answers, when not [[0, bufferedEnd]] */
    ranges: null as [number, number][] | null,
    volume: 1,
    muted: false,
  };
  const record = (method: string, ...args: unknown[]) => calls.push({ method, args });
  const advance = () => {
    const t = clock?.now() ?? 0;
    if (!state.paused)
      state.currentTime = Math.min(state.duration, state.currentTime + (t - state.at) / 1000);
    state.at = t;
  };
  const loop = createStreamLoop();
  const raw = () => {
    advance();
    const { currentTime, duration, bufferedEnd, paused, bandwidth } = state;
    return { currentTime, duration, bufferedEnd, paused, bandwidth };
  };
  const port: MediaPort = {
    async load(source) {
      record('load', source);
      loop.reset();
      state.currentTime = source.startAt;
      return { engine: 'hls.js' };
    },
    async play() {
      record('play');
      return playOutcome;
    },
    pause: () => {
      record('pause');
      state.paused = true; // as an element's, at once; its pause event comes later
    },
    playbackQuality: () => ({ dropped: state.droppedFrames, total: state.totalFrames }),
    seek: (time) => {
      record('seek', time);
      state.currentTime = time;
    },
    sample: () => loop.sample(raw()),
    setLevel: (level) => void record('setLevel', level),
    setAudioTrack: (id) => void record('setAudioTrack', id),
    setSubtitleTrack: (id) => void record('setSubtitleTrack', id),
    setRate: (rate) => void record('setRate', rate),
    setVolume: (volume, muted) => {
      record('setVolume', volume, muted);
      Object.assign(state, { volume, muted });
    },
    volume: () => ({ volume: state.volume, muted: state.muted }),
    buffered: () => state.ranges ?? [[0, state.bufferedEnd]],
    recover: (kind) => void record('recover', kind),
    engineIdleMs: () => state.engineIdleMs,
    unload: () => void record('unload'),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  // Like the browser adapter: the stream loop samples every 100 ms while playing (on the test's
  // clock) and reports the samples that show something new.
  let ticking = 0;
  const tickFrom = (run: number) =>
    clock?.sleep(TICK_MS).then(() => {
      if (run !== ticking || state.paused) return;
      advance();
      const sample = loop.tick(state.currentTime, state.paused, raw);
      if (sample) emit({ type: 'tick', sample });
      void tickFrom(run);
    });
  const emit = (e: MediaEvent) => {
    advance();
    if (e.type === 'playing') {
      state.paused = false;
      void tickFrom(++ticking);
    }
    if (e.type === 'pause' || e.type === 'ended') state.paused = true;
    listeners.forEach((l) => l(e));
  };
  return { port, calls, emit, listeners, state };
}

/** The fake wall clock: 2026-11-22T00:00:00Z. */
export const EPOCH = Date.UTC(2026, 10, 22);

export function fakeStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: (key: string) => values.get(key) ?? null,
    set: (key: string, value: string) => void values.set(key, value),
    remove: (key: string) => void values.delete(key),
  };
}

export interface SentStat {
  event: string;
  payload: Record<string, unknown>;
}

export function fakePorts(
  overrides: Partial<Ports> = {},
): Ports & { posted: Record<string, unknown>[]; sentStats: SentStat[] } {
  const posted: Record<string, unknown>[] = [];
  const sentStats: SentStat[] = [];
  return {
    http: fakeHttp({}),
    media: fakeMedia().port,
    clock: { now: () => 0, sleep: () => new Promise<void>(() => undefined), epochMs: () => EPOCH },
    rng: { next: () => 0.5 },
    parent: fakeParent(posted).port,
    storage: fakeStorage(),
    cookies: fakeStorage(),
    page: { subscribe: () => () => undefined, reloadFor: () => undefined, reload: () => undefined },
    connection: fakeConnection().port,
    adMedia: fakeAdMedia().port,
    vpaid: fakeVpaid().port,
    simid: fakeSimid().port,
    beacon: { fire: () => undefined },
    viewport: fakeViewport().port,
    stats: { send: (event, payload) => sentStats.push({ event, payload }) > 0 },
    clipboard: { copy: async () => true },
    device: fakeDevice(),
    mediaSession: fakeMediaSession().port,
    wakeLock: fakeWakeLock().port,
    // the VAST reader is there (below), and a fake SIMID port needs no code
    loader: {
      loadXmlParser: () => Promise.resolve(true),
      loadSimid: () => Promise.resolve(true),
      loadAdEngine: () => Promise.resolve(true),
      loadThumbnailsReader: () => Promise.resolve(true),
    },
    posted,
    sentStats,
    ...overrides,
  };
}
