// fast-xml-parser and its helpers are about 20 KB of gzipped script, needed only once an advert's
// VAST document has come: they are not on the way to the film's first frame. The browser loads them
// through the loader port (src/ports/loader.ts), which the flight log records, so that a replay
// waits for them where the session did; Node (the replay, the tools, the tests) provides them at once
// (xmlLibraryInNode.ts).
import type { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface XmlLibrary {
  XMLParser: typeof XMLParser;
  XMLValidator: typeof XMLValidator;
}

let provided: XmlLibrary | null = null;

export function provideXmlLibrary(library: XmlLibrary): void {
  provided = library;
}

/** The library, once loaded; an actor that parses before it asked the loader port is a bug. */
export function xmlLibrary(): XmlLibrary {
  if (!provided) throw new Error('The XML parser is not loaded: ask the loader port first');
  return provided;
}
