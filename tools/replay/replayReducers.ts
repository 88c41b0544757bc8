// The replay of the reducers alone, from a log's first checkpoint: for a log whose start was
// dropped, where the actors' inner state is lost.
import { isDeepStrictEqual } from 'node:util';
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import { rootReducer, type PlayerState } from '../../src/state';
import { withThisBuildsFields } from './olderState';
import {
  asLogged,
  PRECEDING,
  type Divergence,
  type ReplayOptions,
  type ReplayResult,
} from './replayResult';
import { stepRecorder, stateDifferences } from './stateCause';

/** With dropped entries the actors' inner state is lost: replay the reducers from the first checkpoint. */
export function replayReducers(
  log: FlightLog,
  options: ReplayOptions,
  started: number,
): ReplayResult {
  const reducer = options.reducer ?? rootReducer;
  const entries = log.entries;
  const history: ReplayResult['history'] = [];
  let state: PlayerState | undefined;
  let divergence: Divergence | null = null;
  const steps = stepRecorder();
  for (let i = 0; i < entries.length && !divergence; i++) {
    const entry = entries[i] as LogEntry;
    if (entry.kind === 'checkpoint') {
      if (state === undefined) {
        state = withThisBuildsFields(entry.state);
        steps.add({ actor: '-', type: '(the first checkpoint)', seq: entry.seq, state });
      } else if (!isDeepStrictEqual(entry.state, asLogged(state))) {
        const differences = stateDifferences(entry.state, asLogged(state), steps.steps);
        divergence = {
          differences,
          index: i,
          seq: entry.seq,
          t: entry.t,
          reason: 'the state differs from the checkpoint',
          expected: entry,
          actual: { kind: 'state', state: asLogged(state) },
          actor: differences.find((d) => d.changedBy)?.changedBy?.actor ?? '-',
          preceding: entries.slice(Math.max(0, i - PRECEDING), i),
        };
      }
    } else if ((entry.kind === 'in' || entry.kind === 'put') && state !== undefined) {
      state = reducer(state, entry.action);
      const actor = entry.kind === 'put' ? entry.actor : 'input';
      steps.add({ actor, type: entry.action.type, seq: entry.seq, state });
      if (options.keepHistory) history.push({ action: entry.action, state: asLogged(state) });
    }
  }
  const last = entries[entries.length - 1];
  return {
    ok: divergence === null,
    mode: 'reducers',
    entries: entries.length,
    virtualMs: (last?.t ?? 0) - (entries[0]?.t ?? 0),
    wallMs: performance.now() - started,
    divergence,
    history,
    uncaught: [],
  };
}
