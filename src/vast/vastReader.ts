// The VAST reader (parse.ts, with fast-xml-parser under it and the parts it reads: icons,
// verifications, interactive files) is about 24 KB of gzipped script, needed only once an advert's
// VAST document has come: it is not on the way to the film's first frame. The browser loads it
// through the loader port (src/ports/loader.ts), which the flight log records, so that a replay
// waits for it where the session did; Node (the replay, the tools, the tests) provides it at once
// (vastReaderInNode.ts).
import type { parseVastDocument } from './parse';
import { loadedLater } from '../shared/loadedLater';

export interface VastReader {
  parseVastDocument: typeof parseVastDocument;
}

const reader = loadedLater<VastReader>('The VAST reader');

export const provideVastReader = reader.provide;

/** The reader, once loaded; an actor that reads VAST before it asked the loader port is a bug. */
export const vastReader = reader.get;
