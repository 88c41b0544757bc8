/** @jest-environment node */
// The demo server's static files as a CDN sends them: compressed (once), and nothing it must not serve.
import express from 'express';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { compressedStatic } from '../../../demo/compressedStatic';

let server: Server;
let base: string;
const root = mkdtempSync(join(tmpdir(), 'static-'));
const SCRIPT = 'console.log("player");\n'.repeat(200);

beforeAll(async () => {
  mkdirSync(join(root, 'public'));
  writeFileSync(join(root, 'public', 'player.js'), SCRIPT);
  writeFileSync(join(root, 'public', '.secret.json'), '{"token":"x"}');
  writeFileSync(join(root, 'outside.js'), 'outside');
  const app = express();
  const dir = join(root, 'public');
  app.use(compressedStatic(dir), express.static(dir));
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A raw GET, the bytes as sent (fetch would decompress them). */
const get = (path: string, encoding = 'gzip') =>
  new Promise<{ status: number; encoding: string | null; type: string | null; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${base}${path}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'] ?? null,
            type: res.headers['content-type'] ?? null,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );

describe('compressed static files', () => {
  it('sends a script gzipped, with its type, the same bytes every time', async () => {
    const first = await get('/player.js');
    expect(first.encoding).toBe('gzip');
    expect(first.type).toMatch(/javascript/);
    expect(first.body.length).toBeLessThan(SCRIPT.length / 10);
    expect((await get('/player.js')).body).toEqual(first.body);
  });

  it('sends it as it is to a client that takes no gzip', async () => {
    const plain = await get('/player.js', 'identity');
    expect(plain.encoding).toBeNull();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('compresses what it sends whole', async () => {
    expect(gunzipSync((await get('/player.js')).body).toString()).toBe(SCRIPT);
  });

  it('serves nothing outside its folder, no dot file, no file asked for as a folder', async () => {
    expect((await get('/../outside.js')).status).toBe(404);
    expect((await get('/%2e%2e/outside.js')).status).toBe(404);
    expect((await get('/.secret.json')).status).toBe(404);
    expect((await get('/player.js/')).status).toBe(404);
  });
});
