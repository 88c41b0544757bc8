// The progress bar's preview cues as the state keeps them, and the one shown at a time. The reader
// of their WebVTT file (thumbnailsReader.ts) comes after the first frame, with the file.

/**
 * The progress bar's preview pictures: a WebVTT file whose cues name an image, or a tile of a
 * sprite (`sprite.jpg#xywh=x,y,w,h`), for a stretch of the film. Image addresses are relative to
 * the VTT's own address.
 */
export interface ThumbnailCue {
  /** seconds of the film: the cue is from start up to (not including) end */
  start: number;
  end: number;
  /** the image's address, without its fragment */
  image: string;
  /** the tile in the image, in its pixels; null for the whole image */
  tile: { x: number; y: number; w: number; h: number } | null;
}

/**
 * A cue as the state keeps it: small numbers only, its image an index into the file's `images`
 * (the state is copied into every flight-log checkpoint, so an address repeated per cue would
 * weigh megabytes). `[start, end, image]` for a whole image, `[start, end, image, x, y, w, h]` for
 * a tile.
 */
export type CompactCue =
  [number, number, number] | [number, number, number, number, number, number, number];

/** A thumbnails file as the state keeps it: each image address once, the cues in time order. */
export interface Thumbnails {
  images: string[];
  cues: CompactCue[];
}

export const NO_THUMBNAILS: Thumbnails = { images: [], cues: [] };

/** The cue shown at a time of the film: the last one begun by then that has not ended. */
export function thumbnailAt({ images, cues }: Thumbnails, time: number): ThumbnailCue | null {
  let low = 0;
  let high = cues.length; // cues[low..high) are the candidates; the answer starts at or before time
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((cues[mid]?.[0] ?? Infinity) <= time) low = mid + 1;
    else high = mid;
  }
  const cue = cues[low - 1];
  const image = cue && images[cue[2]];
  if (!cue || image === undefined || !(time < cue[1])) return null;
  const [start, end, , x, y, w, h] = cue;
  const tile = w !== undefined ? { x: x ?? 0, y: y ?? 0, w, h: h ?? 0 } : null;
  return { start, end, image, tile };
}
