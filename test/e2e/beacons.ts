// The tracking beacons of a browser test: as the player fired them (its flight log's beacon port
// calls, in order) and as they reached the demo server's sink.
import type { Frame } from 'puppeteer-core';
import { demoUrl } from './browser';

export interface Beacon {
  path: string;
  query: Record<string, string>;
}

/** What reached the demo sink since it was last cleared, in the network's order. */
export async function sinkBeacons(): Promise<Beacon[]> {
  return (await fetch(demoUrl('/__test/beacons'))).json() as Promise<Beacon[]>;
}

export async function clearBeacons() {
  await fetch(demoUrl('/__test/beacons'), { method: 'DELETE' });
}

/** Every beacon the player fired, in its order. */
export async function firedBeaconUrls(frame: Frame): Promise<URL[]> {
  const log = JSON.parse(await frame.evaluate(() => window.__player!.exportLog())) as {
    entries: { kind: string; port?: string; method?: string; args?: unknown[] }[];
  };
  return log.entries
    .filter((e) => e.kind === 'call' && e.port === 'beacon' && e.method === 'fire')
    .map((e) => new URL(String(e.args?.[0])));
}

/** One advert's beacons as the player fired them, in order: path and query, past `/track/{ad}/`. */
export async function adBeacons(frame: Frame, ad: string): Promise<string[]> {
  const prefix = `/track/${ad}/`;
  return (await firedBeaconUrls(frame))
    .filter((url) => url.pathname.startsWith(prefix))
    .map((url) => `${url.pathname.replace(prefix, '')}${url.search}`);
}
