// The player's state after every entry of a log, from its first checkpoint and the logged actions
// through the player's own reducers: what the viewer saw at each moment, for the checks of a session.
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import { rootReducer, type PlayerState } from '../../src/state';
import { withThisBuildsFields } from './olderState';

export interface Step {
  entry: LogEntry;
  /** the entry's place in log.entries */
  index: number;
  /** the state after the entry */
  state: PlayerState;
}

export type Action = { type: string; payload?: unknown };

/** The action of an entry: dispatched from outside (`in`) or put by an actor. */
export const actionOf = (e: LogEntry): Action | null =>
  e.kind === 'in' || e.kind === 'put' ? e.action : null;

export const isAction = (e: LogEntry, type: string) => actionOf(e)?.type === type;

/**
 * The state after each entry. The log's first checkpoint is the start; later checkpoints are not
 * taken over (a log changed by hand keeps what its actions say).
 */
export function foldStates(log: FlightLog): Step[] {
  const first = log.entries.findIndex((e) => e.kind === 'checkpoint');
  let state: PlayerState = rootReducer(undefined, { type: '@@findings/init' });
  return log.entries.map((entry, index) => {
    const action = actionOf(entry);
    // the first checkpoint is the state there, whatever came before it
    if (index === first && entry.kind === 'checkpoint') state = withThisBuildsFields(entry.state);
    else if (action) state = rootReducer(state, action);
    return { entry, index, state };
  });
}

/** The session's last moment: its last entry (every export ends with a checkpoint). */
export const logEnd = (log: FlightLog) => log.entries.at(-1)?.t ?? 0;
