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
  return keepFlightLog(await exportFlightLog(frame), name);
}

function keepFlightLog(log: FlightLog, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, `${name}.flight.json`);
  writeFileSync(file, JSON.stringify(log));
  return { log, file };
}

/**
 * The findings a test asks for itself: the crashes of its crash drills, and the message an essential
 * actor drilled past its restarts puts up.
 */
function onlyDrilledCrashes(stdout: string): boolean {
  const findings = stdout
    .split('\n')
    .map((line) => /^\s+[\d.]+ s\s+([\w-]+): (.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null);
  return (
    findings.length > 0 &&
    findings.every(
      ([, kind, message]) =>
        (kind === 'actor-crash' || kind === 'error-while-playable') &&
        (message ?? '').includes('Crash drill'),
    )
  );
}

/**
 * Exports the log, saves it under test/artifacts/, and replays it with the replay command in its own
 * process (its virtual clock must not touch this process's timers); fails on the first divergence,
 * and on any broken promise of the player (a finding) but the crashes the test drilled.
 */
export async function expectReplayable(frame: Frame, name: string): Promise<FlightLog> {
  return expectLogReplays(await exportFlightLog(frame), name);
}

/** As expectReplayable, for a log got otherwise (the host SDK's getFlightLog). */
export async function expectLogReplays(log: FlightLog, name: string): Promise<FlightLog> {
  await replayKept(log, name);
  return log;
}

/** As expectReplayable, answering what the replay command printed (the ad story among it). */
export async function expectReplayReport(frame: Frame, name: string): Promise<string> {
  return replayKept(await exportFlightLog(frame), name);
}

async function replayKept(log: FlightLog, name: string): Promise<string> {
  const { file } = keepFlightLog(log, name);
  try {
    const { stdout } = await promisify(execFile)(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['tools/replay/cli.ts', file, '--html', file.replace(/\.json$/, '.html')],
      {
        cwd: ROOT,
      },
    );
    return stdout;
  } catch (error) {
    const { stdout, stderr, code } = error as { stdout?: string; stderr?: string; code?: number };
    if (code === 3 && onlyDrilledCrashes(stdout ?? '')) return stdout ?? '';
    const report = `${stdout ?? ''}${stderr ?? ''}`;
    throw new Error(`The flight log of "${name}" does not replay (${file}):\n${report}`, {
      cause: error,
    });
  }
}
