// Segments as heavy as their rung says. The demo's ladders are small encodes, so that the repository
// stays a few megabytes; `nominal.json` beside a master playlist gives a variant's folder the rate its
// BANDWIDTH declares ({"720p": 2818000, ...}, bits per second of the folder's own segments), and each
// of its media segments goes out padded to that rate times the segment's duration: fMP4 with an ISO
// BMFF `free` box, MPEG-TS with null packets (PID 0x1FFF), which demuxers and decoders skip. The
// network then carries a real ladder's bytes while the decoder sees a small picture.
import type { RequestHandler } from 'express';
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';

const TS_PACKET = 188;
const SEGMENT_TYPES: Record<string, string> = { '.m4s': 'video/iso.segment', '.ts': 'video/mp2t' };

/** `bytes` of padding a demuxer skips, after a segment of the given kind (the padding's own size) */
export function paddingOf(kind: '.m4s' | '.ts', bytes: number): Buffer {
  if (kind === '.ts') {
    const packets = Math.ceil(bytes / TS_PACKET);
    const padding = Buffer.alloc(packets * TS_PACKET, 0xff);
    for (let i = 0; i < packets; i += 1) padding.set([0x47, 0x1f, 0xff, 0x10], i * TS_PACKET); // sync, PID 0x1FFF, payload only
    return padding;
  }
  const size = Math.max(bytes, 8); // a box is at least its header
  const padding = Buffer.alloc(size);
  padding.writeUInt32BE(size, 0);
  padding.write('free', 4, 'latin1');
  return padding;
}

/** each segment's duration in seconds, by its file name, from a media playlist's #EXTINF lines */
export function segmentDurations(playlist: string): Map<string, number> {
  const durations = new Map<string, number>();
  let duration: number | null = null;
  for (const line of playlist.split(/\r?\n/)) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    else if (duration !== null && line.trim() && !line.startsWith('#')) {
      durations.set(basename(line.trim().replace(/\?.*/, '')), duration);
      duration = null;
    }
  }
  return durations;
}

export interface NominalSizeOptions {
  /** Cache-Control max-age of the padded segments (the benchmark's warm cache); by default revalidated */
  maxAgeS?: number;
}

/** Serves the media segments of the variants `root/nominal.json` names at their nominal size; else next(). */
export function nominalSize(root: string, { maxAgeS }: NominalSizeOptions = {}): RequestHandler {
  const base = resolve(root);
  const rates = readRates(join(base, 'nominal.json'));
  const playlists = new Map<string, Map<string, number>>();
  const durationOf = (variant: string, file: string) => {
    let durations = playlists.get(variant);
    if (!durations) {
      const playlist = readFileSync(join(base, variant, 'index.m3u8'), 'utf8');
      durations = segmentDurations(playlist);
      playlists.set(variant, durations);
    }
    return durations.get(file);
  };
  return (req, res, next) => {
    if (!rates || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    let path: string;
    try {
      path = resolve(join(base, decodeURIComponent(req.path)));
    } catch {
      return next();
    }
    const kind = extname(path);
    const type = SEGMENT_TYPES[kind];
    const variant = dirname(path).slice(base.length + 1);
    const rate = rates[variant];
    if (!path.startsWith(base + sep) || !type || rate === undefined) return next();
    if (!statSync(path, { throwIfNoEntry: false })?.isFile()) return next();
    const duration = durationOf(variant, basename(path));
    if (duration === undefined) return next();
    const segment = readFileSync(path);
    const missing = Math.round((rate * duration) / 8) - segment.length;
    const body =
      missing > 0 ? Buffer.concat([segment, paddingOf(kind as '.m4s' | '.ts', missing)]) : segment;
    res.type(type);
    res.set('Cache-Control', `public, max-age=${maxAgeS ?? 0}`); // as express.static: revalidated
    res.send(body);
  };
}

/** the folders' rates, each a positive number of bits per second; null without nominal.json */
function readRates(file: string): Record<string, number> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null; // no nominal.json (or none that parses): the segments go out as they are
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const rates = Object.entries(parsed).filter(
    (entry): entry is [string, number] =>
      typeof entry[1] === 'number' && Number.isFinite(entry[1]) && entry[1] > 0,
  );
  return Object.fromEntries(rates);
}
