// The golden flight logs of test/replay/, by name, for the tests that read them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlightLog } from '../../src/recorder/format';
import type { ReplayResult } from '../../tools/replay/replay';
import { foldStates } from '../../tools/replay/sessionStates';

export const GOLDEN_DIR = __dirname;

/** The golden logs of sessions with an ad break that played or tried to play an ad. */
export const AD_LOGS = [
  'preroll-complete',
  'preroll-skip',
  'preroll-vpaid',
  'preroll-broken-vast',
  'midroll',
];

/** A flight log by its path under test/replay/, without `.flight.json` (e.g. 'midroll', 'findings/preroll'). */
export const loadGolden = (name: string) =>
  JSON.parse(readFileSync(join(GOLDEN_DIR, `${name}.flight.json`), 'utf8')) as FlightLog;

/**
 * The log as a longer session's report gives it when its front was dropped: from a checkpoint of the
 * state after its entry `index` (standing in for that entry), then the entries after it.
 */
export function droppedBefore(log: FlightLog, index: number): FlightLog {
  const { entry, state } = foldStates(log)[index]!;
  return {
    header: { ...log.header, dropped: index + 1 },
    entries: [
      { seq: entry.seq, t: entry.t, kind: 'checkpoint', state },
      ...log.entries.slice(index + 1),
    ],
  };
}

/** The result of a clean replay of the log, for the tools that draw a session beside its replay. */
export const replayedClean = (log: FlightLog): ReplayResult => ({
  ok: true,
  mode: 'full',
  entries: log.entries.length,
  virtualMs: 0,
  wallMs: 1,
  divergence: null,
  history: [],
  uncaught: [],
});
