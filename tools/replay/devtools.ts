// The replayed actions in the file format that Redux DevTools imports (its "lifted state" export).
import type { FlightLog } from '../../src/recorder/format';
import type { ReplayResult } from './replay';

export function toDevtoolsExport(log: FlightLog, result: ReplayResult) {
  const start = Date.parse(log.header.sessionStart) || 0;
  const first = log.entries.find((e) => e.kind === 'checkpoint');
  const initial = first?.kind === 'checkpoint' ? first.state : {};
  const times = log.entries.filter((e) => e.kind === 'in' || e.kind === 'put').map((e) => e.t);
  const actionsById: Record<number, unknown> = {
    0: { type: 'PERFORM_ACTION', action: { type: '@@INIT' }, timestamp: start },
  };
  const computedStates: { state: unknown }[] = [{ state: initial }];
  result.history.forEach(({ action, state }, i) => {
    actionsById[i + 1] = {
      type: 'PERFORM_ACTION',
      action,
      timestamp: Math.round(start + (times[i] ?? 0)),
    };
    computedStates.push({ state });
  });
  const ids = Object.keys(actionsById).map(Number);
  const lifted = {
    actionsById,
    computedStates,
    committedState: initial,
    currentStateIndex: ids.length - 1,
    nextActionId: ids.length,
    skippedActionIds: [],
    stagedActionIds: ids,
    isLocked: false,
    isPaused: false,
  };
  return { payload: JSON.stringify(lifted), preloadedState: JSON.stringify(initial) };
}
