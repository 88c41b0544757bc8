// Fake ports of the page around the player for saga tests: the display, the host window, the
// device, the system's media controls, the network's state and the screen's wake lock.
import type { DeviceInfo } from '../../src/device/device';
import type {
  ConnectionPort,
  DevicePort,
  ParentMessage,
  ParentPort,
  ViewportEvent,
  ViewportPort,
  DisplayOutcome,
  MediaSessionEvent,
  MediaSessionPort,
  WakeLockOutcome,
  WakeLockPort,
} from '../../src/ports/types';

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
