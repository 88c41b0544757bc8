// Static text files as a CDN serves them: compressed once, then sent from memory. Compressing the
// same script on every request would cost the demo server's CPU, which on a small machine is the
// browser's too, and a real CDN does not pay it.
import type { RequestHandler } from 'express';
import { readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.m3u8',
  '.vtt',
  '.xml',
  '.svg',
]);

/** Serves the gzip of a compressible file under `root` to a client that takes gzip; else next(). */
export function compressedStatic(root: string): RequestHandler {
  const cache = new Map<string, { version: string; body: Buffer }>();
  const base = resolve(root);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.acceptsEncodings('gzip'))
      return next();
    let path: string;
    try {
      path = resolve(join(base, decodeURIComponent(req.path)));
    } catch {
      return next();
    }
    // as express.static: nothing outside the folder, no dot files, no file asked for as a folder
    const inside = path.startsWith(base + sep) && !path.slice(base.length).includes(`${sep}.`);
    if (!inside || req.path.endsWith('/') || !COMPRESSIBLE.has(extname(path))) return next();
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile()) return next();
    const version = `${stat.mtimeMs}:${stat.size}`;
    let entry = cache.get(path);
    if (entry?.version !== version) {
      entry = { version, body: gzipSync(readFileSync(path), { level: 9 }) };
      cache.set(path, entry);
    }
    res.type(extname(path));
    res.set({
      'Content-Encoding': 'gzip',
      Vary: 'Accept-Encoding',
      'Cache-Control': 'public, max-age=0',
    });
    res.send(entry.body);
  };
}
