// The engines the cross-engine suite runs in, and what every one of its tests ends with.
import type { FlightLog } from '../../../src/recorder/format';
import { expectLogReplays } from '../flightLog';
import type { Doc, Engine, EngineName } from './driver';
import { puppeteerEngine } from './puppeteerEngine';
import { webkitEngine } from './webkitEngine';

export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

export const startEngine = (name: EngineName): Promise<Engine> =>
  name === 'webkit' ? webkitEngine() : puppeteerEngine(name);

/** The player's flight log of this session, exported in the browser, replays in Node. */
export async function expectSessionReplays(player: Doc, name: string): Promise<FlightLog> {
  const json = await player.eval<string>('window.__player.exportLog()');
  return expectLogReplays(JSON.parse(json) as FlightLog, name);
}
