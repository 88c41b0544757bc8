// The whole player (store and every actor) on fake ports, for saga tests that run it end to end.
import { createActionTap } from '../../src/app/actionTap';
import { createPlayer } from '../../src/app/createPlayer';
import { parseConfig, type ConfigSources } from '../../src/app/config';
import type { Ports } from '../../src/ports/types';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ok } from './fakePorts';

const DEMO_FIXTURES = join(__dirname, '..', '..', 'demo', 'fixtures');

export const BASE = 'https://demo.example';

/**
 * The player on these ports; `sources` adds what the page tells (a host origin, frame data). Its
 * `tap` lets a test wait for an action (tools/sim/waits.ts, `untilAction`).
 */
export function startPlayer(search: string, ports: Ports, sources: Partial<ConfigSources> = {}) {
  const tap = createActionTap();
  const config = parseConfig({ search, origin: BASE, ...sources });
  return { ...createPlayer({ ports, config, middleware: [tap.middleware] }), tap };
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
    ...masterJsonRoutes(entry.episodes),
  };
}

/**
 * The sources and subtitles of the demo's master JSONs the episodes play through
 * (demo/fixtures/<name>.json). Their other fields (markers, thumbnails) describe the demo's 24 s
 * media, not the simulated media, whose time runs on: a test that wants them gives its own.
 */
function masterJsonRoutes(episodes: unknown) {
  const paths = new Set(
    (Array.isArray(episodes) ? (episodes as { m3u8MasterFilePath?: unknown }[]) : [])
      .map((e) => e.m3u8MasterFilePath)
      .filter((p): p is string => typeof p === 'string' && /^\/media\/[\w-]+\.json$/.test(p))
      .filter((p) => existsSync(join(DEMO_FIXTURES, p.slice('/media/'.length)))),
  );
  return Object.fromEntries(
    [...paths].map((path) => {
      const master = JSON.parse(
        readFileSync(join(DEMO_FIXTURES, path.slice('/media/'.length)), 'utf8'),
      ) as { sources: unknown; subtitles: unknown };
      return [`${BASE}${path}`, ok({ sources: master.sources, subtitles: master.subtitles })];
    }),
  );
}
