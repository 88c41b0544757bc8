// A client of the demo server's test controls under /__test/ (README, "The demo backend").

import type { Fault } from './faults';

export type { Fault };

export interface FaultOptions {
  /** how many requests it applies to; every request until cleared when absent */
  times?: number;
  /** only for browser contexts with this `fault_scope` cookie */
  scope?: string;
}

export interface FaultRule extends FaultOptions {
  path: string;
  fault: Fault;
}

/** A tracking beacon the demo server received. */
export interface Beacon {
  method: string;
  path: string;
  query: Record<string, string>;
  time: number;
}

export interface DemoRequest {
  method: string;
  path: string;
  time: number;
}

/** Where a script finds the demo server: KINO_DEMO_URL, else http://127.0.0.1:8080 (npm start). */
export function demoBaseUrl(env: Record<string, string | undefined> = process.env): string {
  return (env.KINO_DEMO_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

async function expectOk(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  return res;
}

/** The demo server at `baseUrl`: its pages' addresses, faults, beacons and request log. */
export function demoServer(baseUrl: string = demoBaseUrl(), fetchImpl: Fetch = fetch) {
  const base = baseUrl.replace(/\/+$/, '');
  const call = async (method: string, path: string, body?: unknown) =>
    expectOk(
      await fetchImpl(`${base}/__test${path}`, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      }),
      `${method} /__test${path}`,
    );
  const json = async <T>(path: string): Promise<T> =>
    (await call('GET', path)).json() as Promise<T>;
  return {
    url: base,
    /** the address of a page of the demo, e.g. page('/host.html?movie_id=1') */
    page: (path: string) => `${base}${path.startsWith('/') ? '' : '/'}${path}`,
    faults: {
      /** injects `fault` on a path (a prefix when it ends with '*'); resolves with every rule */
      set: async (path: string, fault: Fault, options: FaultOptions = {}): Promise<FaultRule[]> =>
        (await call('POST', '/faults', { path, fault, ...options })).json() as Promise<FaultRule[]>,
      list: () => json<FaultRule[]>('/faults'),
      /** every fault (and hung request), or those of one scope */
      clear: async (scope?: string): Promise<void> => {
        await call(
          'DELETE',
          scope === undefined ? '/faults' : `/faults?scope=${encodeURIComponent(scope)}`,
        );
      },
    },
    /** every tracking beacon received, in order */
    beacons: () => json<Beacon[]>('/beacons'),
    clearBeacons: async (): Promise<void> => {
      await call('DELETE', '/beacons');
    },
    /** every request received, in order */
    requests: () => json<DemoRequest[]>('/requests'),
    clearRequests: async (): Promise<void> => {
      await call('DELETE', '/requests');
    },
  };
}

export type DemoServerClient = ReturnType<typeof demoServer>;
