// The engines the cross-engine suite runs in, and what every one of its tests ends with.
import type { FlightLog } from '../../../src/recorder/format';
import { expectLogReplays } from '../flightLog';
import type { Doc, Engine, EngineName } from './driver';
import { puppeteerEngine } from './puppeteerEngine';
import { webkitEngine } from './webkitEngine';

export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

export const startEngine = (name: EngineName): Promise<Engine> =>
  name === 'webkit' ? webkitEngine() : puppeteerEngine(name);

/**
 * The session was sound: the player's page refused nothing under its Content-Security-Policy
 * (docs/security.md), and its flight log, exported in the browser, replays in Node.
 */
export async function expectSoundSession(player: Doc, name: string): Promise<FlightLog> {
  expect(await player.eval<unknown[]>('window.__player.policyViolations()')).toEqual([]);
  const json = await player.eval<string>('window.__player.exportLog()');
  return expectLogReplays(JSON.parse(json) as FlightLog, name);
}
