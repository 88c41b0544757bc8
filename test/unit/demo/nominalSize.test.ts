/** @jest-environment node */
// A ladder's segments go out as heavy as their rung's rate says, padded so that demuxers skip it.
import express from 'express';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nominalSize, segmentDurations } from '../../../demo/nominalSize';

const root = mkdtempSync(join(tmpdir(), 'ladder-'));
const FMP4 = Buffer.from('0000000c6d6f6f6600000000', 'hex'); // a 12-byte box standing for a segment
const TS = Buffer.alloc(188 * 2, 0x47);
let server: Server;
let base: string;

beforeAll(async () => {
  for (const rung of ['720p', '240p', 'audio']) mkdirSync(join(root, rung));
  const playlist = '#EXTM3U\n#EXTINF:4.000,\nseg0.m4s\n#EXTINF:2.5,\nseg1.ts?v=1\n#EXT-X-ENDLIST\n';
  for (const rung of ['720p', '240p', 'audio']) {
    writeFileSync(join(root, rung, 'index.m3u8'), playlist);
    writeFileSync(join(root, rung, 'seg0.m4s'), FMP4);
    writeFileSync(join(root, rung, 'seg1.ts'), TS);
  }
  writeFileSync(join(root, 'nominal.json'), JSON.stringify({ '720p': 2_000_000, '240p': 'fast' }));
  const app = express();
  app.use('/cached', nominalSize(root, { maxAgeS: 600 }));
  app.use(nominalSize(root), express.static(root));
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const get = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
};

it("pads an fMP4 segment to its rung's rate times its duration with a free box after it", async () => {
  const { response, body } = await get('/720p/seg0.m4s');
  expect(body.length).toBe((2_000_000 * 4) / 8);
  expect(body.subarray(0, FMP4.length)).toEqual(FMP4);
  expect(body.readUInt32BE(FMP4.length)).toBe(body.length - FMP4.length);
  expect(body.toString('latin1', FMP4.length + 4, FMP4.length + 8)).toBe('free');
  expect(response.headers.get('content-type')).toBe('video/iso.segment');
  expect(response.headers.get('cache-control')).toBe('public, max-age=0');
});

it('pads an MPEG-TS segment with whole null packets', async () => {
  const { body } = await get('/720p/seg1.ts');
  const wanted = (2_000_000 * 2.5) / 8;
  expect(body.length).toBeGreaterThanOrEqual(wanted);
  expect(body.length - wanted).toBeLessThan(188);
  expect((body.length - TS.length) % 188).toBe(0);
  for (let at = TS.length; at < body.length; at += 188)
    expect([...body.subarray(at, at + 4)]).toEqual([0x47, 0x1f, 0xff, 0x10]);
});

it('sends other folders, playlists and rates that are no number as they are', async () => {
  expect((await get('/240p/seg0.m4s')).body).toEqual(FMP4);
  expect((await get('/audio/seg1.ts')).body).toEqual(TS);
  expect((await get('/720p/index.m3u8')).body.toString()).toContain('#EXTINF:4.000');
});

it('keeps the segments in a cache for as long as asked', async () => {
  const { response, body } = await get('/cached/720p/seg0.m4s');
  expect(body.length).toBe(1_000_000);
  expect(response.headers.get('cache-control')).toBe('public, max-age=600');
});

it("reads each segment's duration from the playlist, query strings aside", () => {
  expect(
    segmentDurations('#EXTINF:6.006,\nfilm/seg0.ts\n#EXT-X-BYTERANGE:10\n#EXTINF:5,t\nb.ts?x'),
  ).toEqual(
    new Map([
      ['seg0.ts', 6.006],
      ['b.ts', 5],
    ]),
  );
});
