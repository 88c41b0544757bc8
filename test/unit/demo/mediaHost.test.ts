/** @jest-environment node */
// The films' CDN of the tests and benchmarks: a folder on an origin of its own, broken on demand.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMediaHost, type MediaHost } from '../../../demo/mediaHost';

const root = mkdtempSync(join(tmpdir(), 'media-host-'));
const SEGMENT = Buffer.alloc(188 * 4, 0x47);
let host: MediaHost;
const get = (path: string, init?: RequestInit) => fetch(`${host.url}${path}`, init);
/** the error a request fails with, or null when it is answered within `ms` */
const failure = (path: string, ms = 2000) =>
  get(path, { signal: AbortSignal.timeout(ms) }).then(
    () => null,
    (error: Error) => error,
  );

/**
 * The error code of a request on a connection of its own (fetch may send it on a kept-alive one
 * that was just cut, before the host hears it), or null when answered.
 */
const errorOnNewConnection = (path: string) =>
  new Promise<string | null>((resolve) => {
    const req = request(`${host.url}${path}`, { agent: false }, (res) => {
      res.resume();
      resolve(null);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message)).end();
  });

beforeAll(async () => {
  mkdirSync(join(root, 'film'));
  writeFileSync(
    join(root, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nfilm/index.m3u8\n',
  );
  writeFileSync(join(root, 'film', 'seg0.ts'), SEGMENT);
  host = await startMediaHost(root);
});
afterEach(() => host.heal());
afterAll(() => host.close());

describe('the media host', () => {
  it('serves the folder on loopback to any origin, with the types of HLS', async () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const master = await get('/master.m3u8');
    expect(master.status).toBe(200);
    expect(master.headers.get('access-control-allow-origin')).toBe('*');
    expect(master.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(await master.text()).toContain('film/index.m3u8');
    const segment = await get('/film/seg0.ts');
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(Buffer.from(await segment.arrayBuffer())).toEqual(SEGMENT);
    expect(host.requests().map((r) => r.path)).toEqual(['/master.m3u8', '/film/seg0.ts']);
  });

  it('answers 503 in its 503 mode, then serves again when healed', async () => {
    await host.fail('status503');
    const res = await get('/master.m3u8');
    expect(res.status).toBe(503);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    await host.heal();
    expect((await get('/master.m3u8')).status).toBe(200);
  });

  it('resets every connection in its reset mode, still listening', async () => {
    await host.fail('reset');
    expect(await errorOnNewConnection('/film/seg0.ts')).toBe('ECONNRESET'); // no status: a browser's response code 0
    expect(host.requests().at(-1)?.path).toBe('/film/seg0.ts'); // heard, then cut
    await host.heal();
    expect((await get('/film/seg0.ts')).status).toBe(200);
  });

  it('refuses connections in its refuse mode and listens again on the same port when healed', async () => {
    const before = host.requests().length;
    await host.fail('refuse');
    expect(await errorOnNewConnection('/master.m3u8')).toBe('ECONNREFUSED');
    expect(host.requests()).toHaveLength(before);
    await host.heal();
    expect((await get('/master.m3u8')).status).toBe(200);
  });

  it('never answers in its hang mode, and lets the hung requests go when healed', async () => {
    await host.fail('hang');
    const timedOut = await failure('/film/seg0.ts', 300);
    expect(timedOut?.name).toBe('TimeoutError');
    const pending = failure('/film/seg0.ts', 5000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await host.heal();
    expect((await pending)?.name).toBe('TypeError'); // destroyed, not answered
    expect((await get('/film/seg0.ts')).status).toBe(200);
  });

  it('answers 404 to the next requests of a path ending so, as many times as asked', async () => {
    host.notFound('seg0.ts', 2);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await get('/film/seg0.ts')).status);
    expect(statuses).toEqual([404, 404, 200]);
    expect((await get('/master.m3u8')).status).toBe(200);
  });

  it('answers a generated text at a path, read anew at each request, and fails with the host', async () => {
    let priority = ['A', 'B'];
    host.serveText('/steering.json', 'application/json', () =>
      JSON.stringify({ 'PATHWAY-PRIORITY': priority }),
    );
    const first = await get('/steering.json?_HLS_pathway=A');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(await first.json()).toEqual({ 'PATHWAY-PRIORITY': ['A', 'B'] });
    priority = ['B', 'A'];
    expect(await (await get('/steering.json')).json()).toEqual({ 'PATHWAY-PRIORITY': ['B', 'A'] });
    await host.fail('status503');
    expect((await get('/steering.json')).status).toBe(503);
  });
});
