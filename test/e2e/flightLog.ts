// The invariant of every browser test: the player's flight log replays in Node with zero divergence.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'puppeteer-core';
import type { FlightLog } from '../../src/recorder/format';
import { replayLog } from '../../tools/replay/replay';
import { formatDivergence } from '../../tools/replay/report';
import { ARTIFACTS } from './browser';

export async function exportFlightLog(frame: Frame): Promise<FlightLog> {
  const json = await frame.evaluate(() => window.__player!.exportLog());
  return JSON.parse(json) as FlightLog;
}

/** Exports the log, saves it under test/artifacts/, and fails the test on the first divergence. */
export async function expectReplayable(frame: Frame, name: string): Promise<FlightLog> {
  const log = await exportFlightLog(frame);
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, `${name}.flight.json`), JSON.stringify(log));
  const result = await replayLog(log);
  if (!result.ok)
    throw new Error(`The flight log of "${name}" does not replay:\n${formatDivergence(result)}`);
  return log;
}
