// Fake ports for saga and component tests and the simulated benchmarks: scripted HTTP, a media element that records calls.
import type { DeviceInfo } from '../../src/device/device';
import { createStreamLoop, TICK_MS } from '../../src/stream/loop';
import type {
  AdMediaEvent,
  AdMediaPort,
  ConnectionPort,
  DevicePort,
  HttpPort,
  HttpRequest,
  HttpResponse,
  MediaPort,
  ParentMessage,
  ParentPort,
  Ports,
  SimidEvent,
  SimidPort,
  ViewportEvent,
  ViewportPort,
  DisplayOutcome,
  VpaidEvent,
  VpaidPort,
  MediaSessionEvent,
  MediaSessionPort,
  WakeLockOutcome,
  WakeLockPort,
} from '../../src/ports/types';
import type { MediaEvent, PlayOutcome } from '../../src/shared/media';
// Node has the VAST reader at once: the fake loader port has nothing to load.
import '../../src/vast/vastReaderInNode';

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
        for (let i = 0; i < 20; i++) await Promise.resolve();
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

/** The advert's <video>: records calls; the test emits its events. */
export function fakeAdMedia(playOutcome: PlayOutcome = { ok: true }) {
  const listeners = new Set<(e: AdMediaEvent) => void>();
  const calls: { method: string; args: unknown[] }[] = [];
  const record = (method: string, ...args: unknown[]) => calls.push({ method, args });
  const port: AdMediaPort = {
    canPlay: (type) => type === 'video/mp4',
    size: () => ({ width: 1280, height: 720 }),
    load: (url) => {
      record('load', url);
      return { ready: false, duration: 0 };
    },
    show: (visible) => void record('show', visible),
    async play() {
      record('play');
      return playOutcome;
    },
    pause: () => void record('pause'),
    setVolume: (volume, muted) => void record('setVolume', volume, muted),
    unload: () => void record('unload'),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (e: AdMediaEvent) => listeners.forEach((l) => l(e));
  return { port, calls, emit };
}

/** A VPAID creative: records the player's commands; the test emits the creative's events. */
export function fakeVpaid() {
  const listeners = new Set<(e: VpaidEvent) => void>();
  const calls: { method: string; args: unknown[] }[] = [];
  const record =
    (method: string) =>
    (...args: unknown[]) =>
      void calls.push({ method, args });
  const port: VpaidPort = {
    load: record('load'),
    start: record('start'),
    pause: record('pause'),
    resume: record('resume'),
    skip: record('skip'),
    stop: record('stop'),
    setVolume: record('setVolume'),
    unload: record('unload'),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (e: VpaidEvent) => listeners.forEach((l) => l(e));
  return { port, calls, emit };
}

/**
 * A SIMID creative's frame: records the player's calls (send answers with message numbers from 0, as
 * the adapter does once a session is open); the test emits the creative's messages. `messages()`
 * are the types the player sent, in order.
 */
export function fakeSimid() {
  const listeners = new Set<(e: SimidEvent) => void>();
  const calls: { method: string; args: unknown[] }[] = [];
  let next = 0;
  const record =
    (method: string) =>
    (...args: unknown[]) =>
      void calls.push({ method, args });
  const port: SimidPort = {
    load(url) {
      next = 0;
      calls.push({ method: 'load', args: [url] });
    },
    send(type, args) {
      calls.push({ method: 'send', args: args === undefined ? [type] : [type, args] });
      return next++;
    },
    resolve: record('resolve'),
    reject: record('reject'),
    show: record('show'),
    open: record('open'),
    unload: record('unload'),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (e: SimidEvent) => listeners.forEach((l) => l(e));
  /** the player's messages sent so far: their types, in order */
  const messages = () => calls.filter((c) => c.method === 'send').map((c) => c.args[0] as string);
  /** the arguments of the last message of this type the player sent */
  const lastArgs = (type: string) =>
    calls.filter((c) => c.method === 'send' && c.args[0] === type).at(-1)?.args[1];
  /** the messageId the player's first message of this type to the last creative loaded had */
  const idOf = (type: string) => {
    const loaded = calls.map((c) => c.method).lastIndexOf('load');
    const sends = calls.slice(loaded + 1).filter((c) => c.method === 'send');
    return sends.findIndex((c) => c.args[0] === type);
  };
  return { port, calls, emit, messages, lastArgs, idOf, listening: () => listeners.size > 0 };
}

/**
 * The display: records the viewer's display commands; the test emits what the browser reports. The
 * change event of a host's request the browser granted waits for `release()`, so a test can send it
 * after the answer, as the browser may.
 */
export function fakeViewport() {
  const listeners = new Set<(e: ViewportEvent) => void>();
  const calls: { method: string; args: unknown[] }[] = [];
  /** what the browser answers the host's requests */
  const outcomes: { fullscreen: DisplayOutcome; pictureInPicture: DisplayOutcome } = {
    fullscreen: 'done',
    pictureInPicture: 'done',
  };
  /** whether the browser measures the player's share in view (IntersectionObserver) */
  const measures = { visibility: true };
  const emit = (e: ViewportEvent) => listeners.forEach((l) => l(e));
  /** the change events of granted requests, waiting for the test to send them (`release`) */
  const withheld: ViewportEvent[] = [];
  const granted = (outcome: DisplayOutcome, event: ViewportEvent) => {
    if (outcome === 'done') withheld.push(event);
    return outcome;
  };
  /** the browser reports the changes it granted, after its answers */
  const release = () => withheld.splice(0).forEach(emit);
  const port: ViewportPort = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    measuresVisibility: () => measures.visibility,
    toggleFullscreen: () => void calls.push({ method: 'toggleFullscreen', args: [] }),
    togglePictureInPicture: () => void calls.push({ method: 'togglePictureInPicture', args: [] }),
    requestFullscreen: async () => {
      calls.push({ method: 'requestFullscreen', args: [] });
      return granted(outcomes.fullscreen, { type: 'fullscreen', active: true, native: false });
    },
    exitFullscreen: async () => {
      calls.push({ method: 'exitFullscreen', args: [] });
      return granted('done', { type: 'fullscreen', active: false, native: false });
    },
    requestPictureInPicture: async () => {
      calls.push({ method: 'requestPictureInPicture', args: [] });
      return granted(outcomes.pictureInPicture, { type: 'pictureInPicture', active: true });
    },
    showPlaybackTargets: (kind) => void calls.push({ method: 'showPlaybackTargets', args: [kind] }),
  };
  return { port, calls, emit, release, listeners, outcomes, measures };
}

export const HOST_ORIGIN = 'https://host.example';

/**
 * The parent window: what the player posted (with the origin it was posted to), and messages sent
 * to the player as a window would.
 */
export function fakeParent(
  posted: Record<string, unknown>[] = [],
  {
    embedder = HOST_ORIGIN as string | null,
    url = 'https://demo.example/index.html?movie_id=1',
  } = {},
) {
  const listeners = new Set<(m: ParentMessage) => void>();
  const targets: string[] = [];
  /** the messages as posted (player.js ones are JSON strings); `posted` has them parsed */
  const raw: unknown[] = [];
  const port: ParentPort = {
    embedderOrigin: () => embedder,
    frameUrl: () => url,
    post(message, targetOrigin) {
      targets.push(targetOrigin);
      raw.push(message);
      posted.push(
        typeof message === 'string'
          ? (JSON.parse(message) as Record<string, unknown>)
          : (message as Record<string, unknown>),
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  /** a message from the parent window (or, with fromParent false, from another window) */
  const send = (data: unknown, origin = HOST_ORIGIN, fromParent = true) =>
    listeners.forEach((l) => l({ data, origin, fromParent }));
  return { port, posted, raw, targets, send, listeners };
}

export const DESKTOP: DeviceInfo = {
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  platform: 'Linux x86_64',
  languages: ['ru-RU', 'en'],
  utcOffsets: [-180, -180],
  screen: { width: 1920, height: 1080, colorDepth: 24, pixelRatio: 1 },
  hardwareConcurrency: 8,
  deviceMemory: 8,
  touchPoints: 0,
};

export function fakeDevice(info: DeviceInfo = DESKTOP): DevicePort {
  return {
    describe: () => info,
    sha256: async (text) => `sha256(${text.length})`,
  };
}

/**
 * The system's media controls: records what the player told them (the last of each in `shown`); the
 * test presses a control with `press`, as the system would.
 */
export function fakeMediaSession() {
  const listeners = new Set<(e: MediaSessionEvent) => void>();
  const calls: { method: string; args: unknown[] }[] = [];
  const shown: {
    metadata: Parameters<MediaSessionPort['setMetadata']>[0];
    playbackState: Parameters<MediaSessionPort['setPlaybackState']>[0];
    actions: Parameters<MediaSessionPort['setActions']>[0];
    position: Parameters<MediaSessionPort['setPositionState']>[0];
  } = { metadata: null, playbackState: 'none', actions: [], position: null };
  const port: MediaSessionPort = {
    setMetadata: (m) =>
      void (calls.push({ method: 'setMetadata', args: [m] }), (shown.metadata = m)),
    setPlaybackState: (p) =>
      void (calls.push({ method: 'setPlaybackState', args: [p] }), (shown.playbackState = p)),
    setActions: (a) => void (calls.push({ method: 'setActions', args: [a] }), (shown.actions = a)),
    setPositionState: (p) =>
      void (calls.push({ method: 'setPositionState', args: [p] }), (shown.position = p)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const press = (e: MediaSessionEvent) => listeners.forEach((l) => l(e));
  return { port, calls, shown, press };
}

/**
 * The viewer's connection: online and answering until the test says otherwise. `drop` takes the
 * network away (the browser says offline when `offline`), `restore` brings it back (with the
 * browser's online event when it had said offline).
 */
export function fakeConnection() {
  const listeners = new Set<(e: { online: boolean }) => void>();
  /** `down`: addresses (by their start) that do not answer while the rest does */
  const net = { online: true, answers: true, probes: [] as string[], down: [] as string[] };
  const port: ConnectionPort = {
    online: () => net.online,
    probe: async (url) => {
      net.probes.push(url);
      return net.answers && !net.down.some((start) => url.startsWith(start));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const tell = (online: boolean) => listeners.forEach((l) => l({ online }));
  return {
    port,
    net,
    drop({ offline = false } = {}) {
      net.answers = false;
      if (offline && net.online) {
        net.online = false;
        tell(false);
      }
    },
    restore() {
      net.answers = true;
      if (!net.online) {
        net.online = true;
        tell(true);
      }
    },
  };
}

/** The screen wake lock: answers requests with `outcome`; `browserRelease` lets it go as a hidden page does. */
export function fakeWakeLock(outcome: WakeLockOutcome = 'held') {
  const listeners = new Set<(e: { type: 'released' }) => void>();
  const calls: string[] = [];
  const lock = { held: false, outcome };
  const port: WakeLockPort = {
    request: async () => {
      calls.push('request');
      lock.held = lock.outcome === 'held';
      return lock.outcome;
    },
    release: () => {
      calls.push('release');
      lock.held = false;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const browserRelease = () => {
    lock.held = false;
    listeners.forEach((l) => l({ type: 'released' }));
  };
  return { port, calls, lock, browserRelease };
}

/** An analytics event as the statistics port received it. */
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
    loader: { loadXmlParser: () => Promise.resolve(true), loadSimid: () => Promise.resolve(true) },
    posted,
    sentStats,
    ...overrides,
  };
}
