// The long film of the network tests and benchmarks: an hour of MPEG-TS in 6 s segments, one level,
// as feature films are served, with a tiny picture at a low frame rate so that it is made in
// seconds. Made with ffmpeg (Debian's package) on first use and kept under node_modules/.cache; too
// big for git (about 22 MB).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cachedFolder } from './cachedFolder';

export const LONG_FILM_SECONDS = 3600;
export const SEGMENT_SECONDS = 6;
/**
 * The rate the master says, as a real film's: hls.js sizes its buffer by it (60 MB of it, at
 * least 30 s), so the film holds about two minutes ahead as a 4 Mbit/s film would.
 */
export const LONG_FILM_NOMINAL_BPS = 4_000_000;
const RECIPE = `v1 ${LONG_FILM_SECONDS}s ${SEGMENT_SECONDS}s 128x72@5 ${LONG_FILM_NOMINAL_BPS}`;

export const FFMPEG_PATH = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const FFMPEG_HINT = `ffmpeg not found (it makes the long film of the network tests): install it with "apt-get install -y ffmpeg" (or set FFMPEG_PATH).`;

export function ffmpegFound(): boolean {
  try {
    execFileSync(FFMPEG_PATH, ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The folder holding master.m3u8 and film/ (its playlist and segments), made if missing. */
export function longFilmDir(): string {
  return cachedFolder('long-film', RECIPE, makeFilm);
}

function makeFilm(work: string) {
  mkdirSync(join(work, 'film'), { recursive: true });
  execFileSync(
    FFMPEG_PATH,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=128x72:rate=5:duration=${LONG_FILM_SECONDS}`],
      ...[
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=440:sample_rate=22050:duration=${LONG_FILM_SECONDS}`,
      ],
      ...['-map', '0:v', '-map', '1:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
      ...['-g', '30', '-keyint_min', '30', '-sc_threshold', '0', '-b:v', '20k'],
      ...['-c:a', 'aac', '-b:a', '16k', '-ac', '1'],
      ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
      ...['-hls_segment_type', 'mpegts', '-hls_segment_filename', join(work, 'film', 'seg%d.ts')],
      join(work, 'film', 'index.m3u8'),
    ],
    { stdio: 'inherit' },
  );
  writeFileSync(
    join(work, 'master.m3u8'),
    [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      `#EXT-X-STREAM-INF:BANDWIDTH=${LONG_FILM_NOMINAL_BPS},RESOLUTION=128x72`,
      'film/index.m3u8',
      '',
    ].join('\n'),
  );
}
