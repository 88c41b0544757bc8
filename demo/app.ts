// The demo backend: serves the built player and stands in for every server the player talks to.
import compression from 'compression';
import express, { type Request } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { catalog as demoCatalog, LONG_FILM_MASTER_JSON, longFilmOn } from './catalog';
import { clearKeyLicenseRoute } from './clearKey';
import { PROTECTED_FILMS } from './protectedFilms';
import { protectedFilmDir } from '../tools/protectedFilm';
import { compressedStatic } from './compressedStatic';
import { nominalSize } from './nominalSize';
import { createFaults, isFault } from './faults';
import { parseEnvelope, type Beacon, type Envelope } from './sinks';
import { testInitPage } from './testInit';
import { demoToken, TOKEN_LIFETIME_S } from './tokens';
import { bearerOf, isExpired } from '../src/api/token';

const ROOT = resolve(__dirname, '..');
const FIXTURES = join(__dirname, 'fixtures');
const VAST_NAME = /^[a-z0-9-]+$/;
const DEFAULT_AD_LIST = ['skippable', 'nonskippable'];
const LOG_LIMIT = 5000;

export interface DemoServerOptions {
  /** the built player (npm run build) */
  distDir?: string;
  /** serve with COOP/COEP, so pages are cross-origin isolated (finer timers for benchmarks) */
  crossOriginIsolated?: boolean;
  /** more folders to serve, by URL path, before the demo's own (the benchmark's pages and media) */
  mounts?: Record<string, string>;
  /** the VAST fixtures of an ad list asked for without ?vast= (the browser tests start with none) */
  defaultAdList?: string[];
  /** Cache-Control max-age of padded media segments (nominalSize), for a warm browser cache */
  segmentMaxAgeS?: number;
  /**
   * absolute addresses of the long film's master playlist on other hosts (demo/mediaHost.ts): the
   * long film (movie 5) is then played from them, by a master JSON, the first one the default
   */
  longFilmSources?: string[];
}

const originOf = (req: Request) => `${req.protocol}://${req.get('host')}`;
/**
 * `?track=<origin>` on the ad list and the VAST documents: their tracking URLs go to that host
 * instead (a tracker that is down, in a test); anything but an http(s) origin is ignored.
 */
function trackingOrigin(req: Request): string | null {
  const value = req.query.track;
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

function pushBounded<T>(list: T[], item: T) {
  list.push(item);
  if (list.length > LOG_LIMIT) list.shift();
}

export function createDemoApp({
  distDir = join(ROOT, 'dist'),
  crossOriginIsolated = false,
  mounts = {},
  defaultAdList = DEFAULT_AD_LIST,
  segmentMaxAgeS,
  longFilmSources,
}: DemoServerOptions = {}) {
  const app = express();
  const longFilm = longFilmSources ? longFilmOn(longFilmSources) : null;
  const catalog = longFilm?.catalog ?? demoCatalog;
  const faults = createFaults();
  const beacons: Beacon[] = [];
  const envelopes: Envelope[] = [];
  const requests: { method: string; path: string; time: number }[] = [];
  let tokenCounter = 0;

  app.disable('x-powered-by');
  // Scripts, JSON, playlists and VAST go out compressed, as any CDN sends them (media segments are
  // not compressible); static files from a cache of their compressed bodies (compressedStatic).
  app.use(compression());
  if (crossOriginIsolated) {
    app.use((_req, res, next) => {
      res.set({
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      });
      next();
    });
  }

  // Test controls: faults, the beacon and envelope sinks, the request log.
  const control = express.Router();
  control.use(express.json());
  control.get('/faults', (_req, res) => res.json(faults.list()));
  control.post('/faults', (req, res) => {
    const { path, fault, times, scope } = req.body ?? {};
    if (typeof path !== 'string' || !path.startsWith('/') || !isFault(fault)) {
      return res.status(400).json({
        error: 'expected {path: "/...", fault: {type: ...}, times?: number, scope?: string}',
      });
    }
    if (scope !== undefined && (typeof scope !== 'string' || !/^[\w-]{1,64}$/.test(scope))) {
      return res.status(400).json({ error: 'scope must be 1-64 letters, digits, _ or -' });
    }
    if (times !== undefined && !(Number.isInteger(times) && times > 0)) {
      return res.status(400).json({ error: 'times must be a positive integer' });
    }
    faults.add({ path, fault, times, scope });
    res.status(201).json(faults.list());
  });
  control.delete('/faults', (req, res) => {
    faults.clear(typeof req.query.scope === 'string' ? req.query.scope : undefined);
    res.status(204).end();
  });
  control.get('/beacons', (_req, res) => res.json(beacons));
  control.delete('/beacons', (_req, res) => {
    beacons.length = 0;
    res.status(204).end();
  });
  control.get('/envelopes', (_req, res) => res.json(envelopes));
  control.delete('/envelopes', (_req, res) => {
    envelopes.length = 0;
    res.status(204).end();
  });
  control.get('/requests', (_req, res) => res.json(requests));
  control.delete('/requests', (_req, res) => {
    requests.length = 0;
    res.status(204).end();
  });
  // A page fault for the browser tests: a script of the page's own origin that throws in a task of
  // its own. An inline one would be refused by the player's policy, and the browser mutes an error
  // of the test's evaluated code to "Script error.".
  control.get('/throw.js', (req, res) => {
    const message = typeof req.query.message === 'string' ? req.query.message.slice(0, 200) : '';
    res
      .type('text/javascript')
      .set('Cache-Control', 'no-store')
      .send(`setTimeout(() => { throw new Error(${JSON.stringify(message || 'Page fault')}); });`);
  });
  app.use('/__test', control);

  app.use((req, _res, next) => {
    pushBounded(requests, { method: req.method, path: req.originalUrl, time: Date.now() });
    next();
  });
  app.use(faults.middleware);

  // Tracking sink: every beacon hit, recorded in order.
  app.all('/track/{*rest}', (req, res) => {
    const query: Record<string, string> = {};
    for (const [k, v] of new URL(req.originalUrl, 'http://x').searchParams) query[k] = v;
    pushBounded(beacons, { method: req.method, path: req.path, query, time: Date.now() });
    res.set('Cache-Control', 'no-store').status(204).end();
  });

  // Error-report sink: accepts Sentry envelopes at the path a DSN on this server points to.
  app.post(
    '/api/:project/envelope/',
    express.raw({ type: () => true, limit: '5mb' }),
    (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      pushBounded(envelopes, parseEnvelope(String(req.params.project), body, Date.now()));
      res.status(200).json({});
    },
  );

  // Catalog service. Anonymous requests are served; a bearer token that has expired is refused with
  // 401, so the player's refresh-and-retry is exercised for real.
  const api = express.Router();
  api.use((req, res, next) => {
    const token = bearerOf(req.get('authorization'));
    if (token && isExpired(token, Date.now()))
      return res.status(401).json({ message: 'Token expired' });
    next();
  });
  const entry = (id: unknown) => catalog[Number(id)];
  api.get('/contents/:id', (req, res) => {
    const found = entry(req.params.id);
    return found ? res.json(found.content) : res.status(404).json({ message: 'Content not found' });
  });
  api.get('/contents/:id/seasons', (req, res) => {
    const found = entry(req.params.id);
    return found ? res.json(found.seasons) : res.status(404).json({ message: 'Content not found' });
  });
  api.get('/contents/:id/available', (req, res) => {
    const found = entry(req.params.id);
    return found
      ? res.json({ available: found.available })
      : res.status(404).json({ message: 'Content not found' });
  });
  api.get('/episodes', (req, res) => {
    const found = entry(req.query['content-id']);
    return found
      ? res.json(found.episodes)
      : res.status(404).json({ message: 'Content not found' });
  });
  api.post('/contents/:id/episodes/:episodeId/time-progress', (_req, res) => res.status(204).end());
  api.post('/contents/:id/episodes/:episodeId/completed', (_req, res) => res.status(204).end());
  api.delete('/contents/:id/episodes/:episodeId/completed', (_req, res) => res.status(204).end());
  app.use('/catalog-api', api);

  // Authenticator service: a new bearer token in the Authorization response header.
  app.post('/authenticator/authentication/refresh', express.json(), (req, res) => {
    const { refreshToken, accessToken } = req.body ?? {};
    if (typeof refreshToken !== 'string' || typeof accessToken !== 'string' || !refreshToken) {
      return res.status(401).json({ message: 'refreshToken and accessToken are required' });
    }
    tokenCounter += 1;
    res.set('Authorization', `Bearer ${demoToken(`demo-user-${tokenCounter}`, TOKEN_LIFETIME_S)}`);
    res.set('Access-Control-Expose-Headers', 'Authorization');
    res.json({ ok: true });
  });

  // Adverts: the ad list, VAST documents (addresses rewritten to this server), the advertiser's page.
  app.get('/ad-list.json', (req, res) => {
    const names =
      typeof req.query.vast === 'string'
        ? req.query.vast.split(',').filter(Boolean)
        : defaultAdList;
    const track = trackingOrigin(req);
    const query = track ? `?track=${encodeURIComponent(track)}` : '';
    res.json({
      prerollList: names.map((name) => ({ vastUrl: `${originOf(req)}/vast/${name}.xml${query}` })),
    });
  });
  app.get('/vast/:file', (req, res) => {
    const name = String(req.params.file).replace(/\.xml$/, '');
    const path = join(FIXTURES, 'vast', `${name}.xml`);
    if (!VAST_NAME.test(name) || !existsSync(path))
      return res.status(404).type('text/plain').send('No such VAST');
    const track = trackingOrigin(req);
    let xml = readFileSync(path, 'utf8');
    if (track) xml = xml.replaceAll('{{ORIGIN}}/track/', `${track}/track/`);
    res.type('application/xml').send(xml.replaceAll('{{ORIGIN}}', originOf(req)));
  });
  app.get('/advertiser.html', (_req, res) => res.sendFile(join(FIXTURES, 'advertiser.html')));
  // The VPAID test creative (a plain script, loaded by the player's sandboxed VPAID frame).
  app.use('/vpaid', express.static(join(FIXTURES, 'vpaid')));
  // The SIMID test creative: a page the player loads in a sandboxed frame of an opaque origin, so it
  // is cross-origin to the player although this server sends both.
  app.use('/simid', express.static(join(FIXTURES, 'simid')));

  // Media: the master JSON, HLS, ad creatives and posters.
  app.get('/media/film.json', (_req, res) => res.sendFile(join(FIXTURES, 'film.json')));
  app.get('/media/series.json', (_req, res) => res.sendFile(join(FIXTURES, 'series.json')));
  if (longFilm) app.get(LONG_FILM_MASTER_JSON, (_req, res) => res.json(longFilm.master));
  // The protected films: their master JSONs, their media (made on first use), their license server.
  for (const [path, film] of Object.entries(PROTECTED_FILMS))
    app.get(path, (_req, res) => res.json(film.master));
  let protectedMedia: express.RequestHandler | null = null;
  app.use('/media/protected', (req, res, next) => {
    protectedMedia ??= express.static(protectedFilmDir(), { fallthrough: false });
    protectedMedia(req, res, next);
  });
  app.post('/drm/clearkey', express.raw({ type: () => true, limit: '64kb' }), clearKeyLicenseRoute);
  // Mounted first, so a mount can stand in for part of the demo media (the benchmark's long film).
  // Segments of a ladder's rungs at the size their rates say (nominalSize: the media stay small in git).
  const padded = (dir: string) => nominalSize(dir, { maxAgeS: segmentMaxAgeS });
  for (const [path, dir] of Object.entries(mounts))
    app.use(path, padded(dir), compressedStatic(dir), express.static(dir));

  app.use('/media/hls', padded(join(FIXTURES, 'media', 'hls')));
  app.use(
    '/media',
    compressedStatic(join(FIXTURES, 'media')),
    express.static(join(FIXTURES, 'media'), { fallthrough: false }),
  );

  // The built player: the embed page at /, the demo host page at /host.html.
  app.get(['/', '/index.html'], testInitPage(distDir));
  app.use(compressedStatic(distDir), express.static(distDir));
  app.get('/', (_req, res) =>
    res.status(503).type('text/plain').send('The player is not built: run npm run build'),
  );

  return { app, faults };
}

export interface DemoServer {
  url: string;
  close(): Promise<void>;
  /**
   * The network tests' drop: the server stops listening and cuts every open connection, so the
   * browser's requests are refused, as when the viewer's network is gone; until accept.
   */
  refuseConnections(): Promise<void>;
  /** listens again on the same port */
  acceptConnections(): Promise<void>;
}

/** Starts the demo backend on 127.0.0.1; port 0 picks a free one. */
export function startDemoServer(
  port: number,
  options: DemoServerOptions = {},
): Promise<DemoServer> {
  const { app, faults } = createDemoApp(options);
  const server = createServer(app);
  const listen = (on: number) =>
    new Promise<number>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolveListen((server.address() as AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  return listen(port).then((bound) => ({
    url: `http://127.0.0.1:${bound}`,
    close: () => {
      faults.clear();
      return server.listening ? stop() : Promise.resolve();
    },
    refuseConnections: stop,
    acceptConnections: () => listen(bound).then(() => undefined),
  }));
}
