// Where the ad actor finds the ad engine (adEngine.ts) once it is loaded. The browser loads it
// through the loader port (src/ports/loader.ts), which the flight log records, so that a replay's
// actor waits for it where the session's did; Node (the replay, the tools, the tests) provides it at
// once (adEngineInNode.ts).
import type * as AdEngineModule from './adEngine';
import { loadedLater } from '../../src/shared/loadedLater';

export type AdEngine = Pick<
  typeof AdEngineModule,
  'openAdSession' | 'playAd' | 'startPreparedEarly'
>;

const engine = loadedLater<AdEngine>('The ad engine');

export const provideAdEngine = engine.provide;

/** The engine, once loaded; an actor that plays an advert before it asked the loader port is a bug. */
export const adEngine = engine.get;
