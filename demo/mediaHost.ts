// A film's CDN for tests and benchmarks: a folder served from an origin of its own, as deployments
// serve films from another host than the player's page and catalog, which a test breaks as a CDN
// breaks: connections reset or refused, 503s, answers that never come, a missing segment.
import express, { type Response } from 'express';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { compressedStatic } from './compressedStatic';
import { nominalSize } from './nominalSize';

export type MediaHostFault = 'reset' | 'refuse' | 'status503' | 'hang';

export interface MediaHost {
  /** e.g. http://127.0.0.1:PORT (another origin than the demo server) */
  url: string;
  /** every request from now on meets this fault (open connections too: cut for reset/refuse), until heal() */
  fail(kind: MediaHostFault): Promise<void>;
  heal(): Promise<void>;
  /** the next `times` requests whose path ends with `suffix` answer 404 */
  notFound(suffix: string, times: number): void;
  /** GET `path` answers `body()` as `type`, read at each request (a generated master, a steering manifest) */
  serveText(path: string, type: string, body: () => string): void;
  /** requests seen (path and time), for tests */
  requests(): { path: string; time: number }[];
  close(): Promise<void>;
}

const LOG_LIMIT = 5000;

/** Serves `dir` on 127.0.0.1 (port 0: a free one), its segments padded as the demo server's mounts. */
export function startMediaHost(dir: string, port = 0): Promise<MediaHost> {
  let fault: MediaHostFault | null = null;
  const missing = new Map<string, number>();
  const seen: { path: string; time: number }[] = [];
  const hung = new Set<Response>();
  const texts = new Map<string, { type: string; body: () => string }>();

  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    seen.push({ path: req.path, time: Date.now() });
    if (seen.length > LOG_LIMIT) seen.shift();
    res.set('Access-Control-Allow-Origin', '*'); // hls.js loads by XHR from the player's origin
    switch (fault) {
      case 'reset':
        return req.socket.resetAndDestroy(); // a TCP RST: the browser's ERR_CONNECTION_RESET
      case 'status503':
        return res.status(503).type('text/plain').send('Service unavailable');
      case 'hang':
        hung.add(res);
        res.on('close', () => hung.delete(res));
        return;
    }
    for (const [suffix, times] of missing) {
      if (!req.path.endsWith(suffix)) continue;
      if (times <= 1) missing.delete(suffix);
      else missing.set(suffix, times - 1);
      return res.status(404).type('text/plain').send('Not found');
    }
    const text = req.method === 'GET' ? texts.get(req.path) : undefined;
    if (text) return res.type(text.type).send(text.body());
    next();
  });
  // the same bytes as the demo server's mounts (demo/app.ts): padded segments, compressed playlists
  app.use(nominalSize(dir), compressedStatic(dir), express.static(dir));

  const server = createServer(app);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let bound = port;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server.listening) return resolve();
      server.once('error', reject);
      server.listen(bound, '127.0.0.1', () => {
        server.off('error', reject);
        bound = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const releaseHung = () => {
    for (const res of hung) res.destroy();
    hung.clear();
  };

  return listen().then(() => ({
    url: `http://127.0.0.1:${bound}`,
    async fail(kind) {
      fault = kind;
      if (kind === 'refuse') return stop();
      if (kind === 'reset') for (const socket of sockets) socket.resetAndDestroy();
      return listen();
    },
    async heal() {
      fault = null;
      releaseHung();
      return listen();
    },
    notFound(suffix, times) {
      if (times > 0) missing.set(suffix, times);
    },
    serveText(path, type, body) {
      texts.set(path, { type, body });
    },
    requests: () => [...seen],
    async close() {
      fault = null;
      releaseHung();
      return stop();
    },
  }));
}
