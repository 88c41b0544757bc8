// The invariant of every browser test: the player's flight log replays in Node with zero divergence.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Frame } from 'puppeteer-core';
import type { FlightLog } from '../../src/recorder/format';
import { ARTIFACTS } from './browser';

const ROOT = join(__dirname, '..', '..');

export async function exportFlightLog(frame: Frame): Promise<FlightLog> {
  const json = await frame.evaluate(() => window.__player!.exportLog());
  return JSON.parse(json) as FlightLog;
}

/** Exports the log and saves it under test/artifacts/, to read what happened. */
export async function saveFlightLog(frame: Frame, name: string) {
  const log = await exportFlightLog(frame);
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, `${name}.flight.json`);
  writeFileSync(file, JSON.stringify(log));
  return { log, file };
}

/**
 * Exports the log, saves it under test/artifacts/, and replays it with the replay command in its own
 * process (its virtual clock must not touch this process's timers); fails on the first divergence.
 */
export async function expectReplayable(frame: Frame, name: string): Promise<FlightLog> {
  const { log, file } = await saveFlightLog(frame, name);
  try {
    await promisify(execFile)(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['tools/replay/cli.ts', file, '--html', file.replace(/\.json$/, '.html')],
      {
        cwd: ROOT,
      },
    );
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const report = `${stdout ?? ''}${stderr ?? ''}`;
    throw new Error(`The flight log of "${name}" does not replay (${file}):\n${report}`, {
      cause: error,
    });
  }
  return log;
}
