// Reads a thumbnails WebVTT file into the cues the state keeps (thumbnails.ts). It is loaded with the
// first file, after the film's first frame (sagas/thumbnails/readerHandle.ts): the start has no use
// for it.
import { webAddress } from '../shared/address';
import type { CompactCue, ThumbnailCue, Thumbnails } from './thumbnails';

/** Cues read from a file at most (one a second for five hours): the rest are not read. */
export const MAX_READ_THUMBNAIL_CUES = 18_000;
/**
 * Cues kept at most: a picture for each of 1000 places along the bar is more than a pointer can
 * tell apart, and keeps the state (and each flight-log checkpoint) within tens of kilobytes.
 */
export const MAX_THUMBNAIL_CUES = 1000;

const TIMESTAMP = /^(?:(\d+):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const XYWH = /^xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)$/;

/** A WebVTT timestamp (`hh:mm:ss.ttt` or `mm:ss.ttt`) in seconds; null when it is not one. */
function seconds(text: string): number | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const [, h, min, s, ms] = m;
  return Number(h ?? 0) * 3600 + Number(min) * 60 + Number(s) + Number(ms) / 1000;
}

/** Image addresses resolved against the file's, each once (a sprite is named by hundreds of cues). */
type Resolve = (path: string) => string | null;

function resolverFor(base: string): Resolve {
  const resolved = new Map<string, string | null>();
  return (path) => {
    if (!resolved.has(path)) {
      // not an http(s) address: no image
      resolved.set(path, webAddress(path, base)?.href ?? null);
    }
    return resolved.get(path) ?? null;
  };
}

/** The cue's image: an http(s) address, its tile from the fragment; null when it is neither. */
function imageOf(text: string, resolve: Resolve): Pick<ThumbnailCue, 'image' | 'tile'> | null {
  const hash = text.indexOf('#');
  const image = resolve(hash < 0 ? text : text.slice(0, hash));
  if (!image) return null;
  if (hash < 0 || hash === text.length - 1) return { image, tile: null };
  const m = XYWH.exec(text.slice(hash + 1));
  if (!m) return null; // a fragment other than pixels (percent:) is not drawn
  // the pattern's four groups of digits, read as numbers (no tuple assumed of the file's text)
  const tile = { x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Number(m[4]) };
  if (tile.w === 0 || tile.h === 0) return null;
  return { image, tile };
}

/** One block of the file as a cue; null for a note, a style, or a cue that is not well formed. */
function cueOf(block: string, resolve: Resolve): ThumbnailCue | null {
  const lines = block.split('\n').map((line) => line.trim());
  // an optional identifier line comes before the timing line
  const timing = lines.findIndex((line) => line.includes('-->'));
  if (timing < 0 || timing > 1) return null;
  const [from = '', rest = ''] = (lines[timing] ?? '').split('-->').map((part) => part.trim());
  const start = seconds(from);
  const end = seconds(rest.split(/\s+/)[0] ?? ''); // cue settings may follow
  const payload = lines[timing + 1];
  if (start === null || end === null || end <= start || !payload) return null;
  const image = imageOf(payload, resolve);
  return image && { start, end, ...image };
}

/**
 * Every k-th cue of too many, each lasting until the next kept one starts (the last until the end
 * of the cues it stands for): fewer pictures, but still along the whole film.
 */
function thinned(cues: ThumbnailCue[], max: number): ThumbnailCue[] {
  if (cues.length <= max) return cues;
  const every = Math.ceil(cues.length / max);
  const kept: ThumbnailCue[] = [];
  cues.forEach((cue, i) => {
    if (i % every !== 0) return;
    const next = cues[i + every];
    const last = cues.slice(i, i + every).reduce((end, c) => Math.max(end, c.end), cue.end);
    kept.push({ ...cue, end: next ? Math.max(next.start, cue.end) : last });
  });
  return kept;
}

/** Milliseconds are as fine as a WebVTT timestamp gets: no float noise in the state. */
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The cues with each image address once, each cue as numbers. */
function compacted(cues: ThumbnailCue[]): Thumbnails {
  const images: string[] = [];
  const index = new Map<string, number>();
  const compact = cues.map((cue): CompactCue => {
    let i = index.get(cue.image);
    if (i === undefined) {
      i = images.push(cue.image) - 1;
      index.set(cue.image, i);
    }
    const { tile } = cue;
    return tile
      ? [ms(cue.start), ms(cue.end), i, tile.x, tile.y, tile.w, tile.h]
      : [ms(cue.start), ms(cue.end), i];
  });
  return { images, cues: compact };
}

/**
 * The cues of a thumbnails WebVTT file, in time order. A cue that is not well formed is skipped; a
 * file that is not WebVTT has none.
 */
export function parseThumbnailsVtt(text: string, vttUrl: string): ThumbnailCue[] {
  const normal = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t]|\n|$)/.test(normal)) return [];
  const blocks = normal.split(/\n[ \t]*\n/).slice(1);
  const resolve = resolverFor(vttUrl);
  const cues: ThumbnailCue[] = [];
  for (const block of blocks) {
    const cue = cueOf(block.replace(/^\n+/, ''), resolve);
    if (cue) cues.push(cue);
    if (cues.length >= MAX_READ_THUMBNAIL_CUES) break;
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** A thumbnails file as the state keeps it: at most MAX_THUMBNAIL_CUES cues, compacted. */
export function readThumbnails(text: string, vttUrl: string): Thumbnails {
  return compacted(thinned(parseThumbnailsVtt(text, vttUrl), MAX_THUMBNAIL_CUES));
}
