// Where the ad actor finds the ad engine (adEngine.ts) once it is loaded. The browser loads it
// through the loader port (src/ports/loader.ts), which the flight log records, so that a replay's
// actor waits for it where the session's did; Node (the replay, the tools, the tests) provides it at
// once (adEngineInNode.ts).
import type * as AdEngineModule from './adEngine';

export type AdEngine = Pick<
  typeof AdEngineModule,
  'openAdSession' | 'playAd' | 'startPreparedEarly'
>;

let provided: AdEngine | null = null;

export function provideAdEngine(engine: AdEngine): void {
  provided = engine;
}

/** The engine, once loaded; an actor that plays an advert before it asked the loader port is a bug. */
export function adEngine(): AdEngine {
  if (!provided) throw new Error('The ad engine is not loaded: ask the loader port first');
  return provided;
}
