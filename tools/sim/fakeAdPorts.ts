// Fake advert ports for saga tests: the advert's <video>, the VPAID and SIMID creatives' frames.
import type {
  AdMediaEvent,
  AdMediaPort,
  SimidEvent,
  SimidPort,
  VpaidEvent,
  VpaidPort,
} from '../../src/ports/types';
import type { PlayOutcome } from '../../src/shared/media';

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
