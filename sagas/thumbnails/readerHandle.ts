// Where the thumbnails actor finds the WebVTT reader (src/stream/thumbnailsReader.ts) once loaded.
// The browser loads it through the loader port (src/ports/loader.ts) with the first file, which the
// flight log records, so that a replay's actor reads where the session's did; Node (the replay, the
// tools, the tests) provides it at once (readerInNode.ts).
import type { readThumbnails } from '../../src/stream/thumbnailsReader';
import { loadedLater } from '../../src/shared/loadedLater';

const reader = loadedLater<typeof readThumbnails>('The thumbnails reader');

export const provideThumbnailsReader = reader.provide;

/** The reader, once loaded; asked for before the loader port had it, a bug. */
export const thumbnailsReader = reader.get;
