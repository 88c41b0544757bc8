// Code the player loads after its start, as a port: the flight log records when it came, so that a
// replay's actors wait for it where the session's did (a bare dynamic import in an actor would not
// be in the log).
import type { LoaderPort } from './types';
import { provideVastReader } from '../vast/vastReader';
import { provideAdEngine } from '../../sagas/ads/adEngineHandle';

/** Takes the SIMID frame's adapter factory once loaded: the page that has the player makes its port. */
export type SimidAdapterTaker = (create: typeof import('./simid').createSimidPort) => void;

export function createLoaderPort(takeSimidAdapter: SimidAdapterTaker): LoaderPort {
  let xml: Promise<boolean> | null = null;
  let simid: Promise<boolean> | null = null;
  let adEngine: Promise<boolean> | null = null;
  return {
    loadXmlParser: () =>
      (xml ??= import('../vast/parse').then(
        ({ parseVastDocument }) => {
          provideVastReader({ parseVastDocument });
          return true;
        },
        () => {
          xml = null; // the network may be back for the next advert
          return false;
        },
      )),
    loadSimid: () =>
      (simid ??= import('./simid').then(
        ({ createSimidPort }) => {
          takeSimidAdapter(createSimidPort);
          return true;
        },
        () => {
          simid = null;
          return false;
        },
      )),
    loadAdEngine: () =>
      (adEngine ??= import('../../sagas/ads/adEngine').then(
        (engine) => {
          provideAdEngine(engine);
          return true;
        },
        () => {
          adEngine = null;
          return false;
        },
      )),
  };
}
