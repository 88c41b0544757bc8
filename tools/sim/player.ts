// The whole player (store and every actor) on fake ports, for saga tests that run it end to end.
import { createPlayer } from '../../src/app/createPlayer';
import { parseConfig, type ConfigSources } from '../../src/app/config';
import type { Ports } from '../../src/ports/types';
import { ok } from './fakePorts';

export const BASE = 'https://demo.example';

/** The player on these ports; `sources` adds what the page tells (a host origin, frame data). */
export function startPlayer(search: string, ports: Ports, sources: Partial<ConfigSources> = {}) {
  return createPlayer({ ports, config: parseConfig({ search, origin: BASE, ...sources }) });
}

/** Lets pending promises (port calls) and the sagas they resume run to completion. */
export async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** The catalog's answers for one content (its entry in the demo catalog). */
export function catalogRoutes(
  id: number,
  entry: { content: unknown; seasons: unknown; episodes: unknown },
) {
  const api = (path: string) => `${BASE}/catalog-api${path}`;
  return {
    [api(`/contents/${id}`)]: ok(entry.content),
    [api(`/contents/${id}/seasons`)]: ok(entry.seasons),
    [api(`/episodes?content-id=${id}`)]: ok(entry.episodes),
  };
}
