// The adaptive-streaming benchmark's stream: six rungs of 300 to 4,300 kbit/s (the research ladder
// the network-trace studies score on, with the demo's rung names), five minutes of MPEG-TS in 4 s segments, audio and video in
// each rung as many services serve it. Each rung's picture is tiny and of its own height (36, 72, …
// 216 pixels), so a page's <video> says which rung it shows; the demo server pads every segment to its
// rung's rate (demo/nominalSize.ts), so the network carries the ladder's real bytes. Made with ffmpeg
// (Debian's package) on first use, in seconds, and kept under node_modules/.cache.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cachedFolder } from './cachedFolder';
import { FFMPEG_PATH } from './longFilm';

export const ABR_LADDER_SECONDS = 300;
export const ABR_SEGMENT_SECONDS = 4;

export interface Rung {
  name: string;
  /** the rate the master declares and the segments carry, bits per second */
  bandwidth: number;
  /** the resolution the master declares */
  resolution: string;
  /** the height of the rung's own (tiny) picture, which tells the rung on screen */
  pictureHeight: number;
}

export const ABR_LADDER: readonly Rung[] = [
  ['240p', 300_000, '426x240'],
  ['360p', 750_000, '640x360'],
  ['480p', 1_200_000, '854x480'],
  ['540p', 1_850_000, '960x540'],
  ['720p', 2_850_000, '1280x720'],
  ['1080p', 4_300_000, '1920x1080'],
].map(([name, bandwidth, resolution], i) => ({
  name: name as string,
  bandwidth: bandwidth as number,
  resolution: resolution as string,
  pictureHeight: 36 * (i + 1),
}));

const RECIPE = `v1 ${ABR_LADDER_SECONDS}s ${ABR_SEGMENT_SECONDS}s ${ABR_LADDER.map((r) => `${r.name}:${r.bandwidth}`).join(' ')}`;

/** The folder holding master.m3u8, nominal.json and a folder per rung, made if missing. */
export function abrLadderDir(): string {
  return cachedFolder('abr-ladder', RECIPE, makeLadder);
}

function makeLadder(work: string) {
  for (const rung of ABR_LADDER) {
    mkdirSync(join(work, rung.name), { recursive: true });
    const height = rung.pictureHeight;
    execFileSync(
      FFMPEG_PATH,
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `testsrc2=size=${(height * 16) / 9}x${height}:rate=10`],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050'],
        ...['-t', String(ABR_LADDER_SECONDS), '-map', '0:v', '-map', '1:a'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-b:v', '40k'],
        ...['-profile:v', 'baseline', '-level', '3.0'],
        // a key frame at every segment's start, the same in every rung, so that rungs switch cleanly
        ...['-g', '40', '-keyint_min', '40', '-sc_threshold', '0'],
        ...['-c:a', 'aac', '-b:a', '16k', '-ac', '1'],
        ...['-f', 'hls', '-hls_time', String(ABR_SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
        ...['-hls_segment_filename', join(work, rung.name, 'seg%d.ts')],
        join(work, rung.name, 'index.m3u8'),
      ],
      { stdio: 'inherit' },
    );
  }
  writeFileSync(
    join(work, 'master.m3u8'),
    [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      ...ABR_LADDER.flatMap((rung) => [
        `#EXT-X-STREAM-INF:BANDWIDTH=${rung.bandwidth},RESOLUTION=${rung.resolution},CODECS="avc1.42c01e,mp4a.40.2"`,
        `${rung.name}/index.m3u8`,
      ]),
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(work, 'nominal.json'),
    JSON.stringify(Object.fromEntries(ABR_LADDER.map((rung) => [rung.name, rung.bandwidth]))),
  );
}
