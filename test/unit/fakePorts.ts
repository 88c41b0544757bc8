// Fake ports for saga and component tests: scripted HTTP, a media element that records calls.
import type {
  HttpPort,
  HttpRequest,
  HttpResponse,
  MediaEvent,
  MediaPort,
  PlayOutcome,
  Ports,
} from '../../src/ports/types';

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

export function fakeMedia(playOutcome: PlayOutcome = { ok: true }) {
  const listeners = new Set<(e: MediaEvent) => void>();
  const calls: { method: string; args: unknown[] }[] = [];
  const record = (method: string, ...args: unknown[]) => calls.push({ method, args });
  const port: MediaPort = {
    async load(source) {
      record('load', source);
      return { engine: 'hls.js' };
    },
    async play() {
      record('play');
      return playOutcome;
    },
    pause: () => void record('pause'),
    seek: (time) => void record('seek', time),
    unload: () => void record('unload'),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { port, calls, emit: (e: MediaEvent) => listeners.forEach((l) => l(e)), listeners };
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

export function fakePorts(
  overrides: Partial<Ports> = {},
): Ports & { posted: Record<string, unknown>[] } {
  const posted: Record<string, unknown>[] = [];
  return {
    http: fakeHttp({}),
    media: fakeMedia().port,
    clock: { now: () => 0, sleep: () => new Promise<void>(() => undefined), epochMs: () => EPOCH },
    rng: { next: () => 0.5 },
    parent: { post: (m) => void posted.push(m), subscribe: () => () => undefined },
    storage: fakeStorage(),
    cookies: fakeStorage(),
    posted,
    ...overrides,
  };
}
