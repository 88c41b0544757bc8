// Code the player loads after its start, as a port: the flight log records when it came, so that a
// replay's actors wait for it where the session's did (a bare dynamic import in an actor would not
// be in the log).
import type { LoaderPort } from './types';
import { provideXmlLibrary } from '../vast/xmlLibrary';

export function createLoaderPort(): LoaderPort {
  let xml: Promise<boolean> | null = null;
  return {
    loadXmlParser: () =>
      (xml ??= import('fast-xml-parser').then(
        ({ XMLParser, XMLValidator }) => {
          provideXmlLibrary({ XMLParser, XMLValidator });
          return true;
        },
        () => {
          xml = null; // the network may be back for the next advert
          return false;
        },
      )),
  };
}
