// Why a checkpoint did not hold: the state paths where the log and the replay differ, and for each
// the action that last changed it in the replay, with the actor that put it (or the input it was).
import { isDeepStrictEqual } from 'node:util';

/** One action of the replay: who dispatched it, and the state after it (a reference: states are immutable). */
export interface StateStep {
  /** the actor that put it, or 'input' for an action from outside the actors */
  actor: string;
  type: string;
  seq: number | null;
  state: unknown;
}

export interface StateDifference {
  path: string;
  logged: unknown;
  replayed: unknown;
  /**
   * the replay's last action that changed this path; when none did (an action that should have
   * changed it did not), the last action of its slice ('slice'); null when there is neither
   */
  changedBy: (Omit<StateStep, 'state'> & { how: 'changed' | 'slice' }) | null;
}

/** How many actions back the replay keeps to find a cause, and how many differing paths it names. */
export const STEPS_KEPT = 2_000;
const PATHS_NAMED = 5;

type Path = (string | number)[];

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/** The leaf paths where two JSON values differ, in document order, at most `limit`. */
export function differingPaths(a: unknown, b: unknown, limit = PATHS_NAMED, at: Path = []): Path[] {
  if (isDeepStrictEqual(a, b)) return [];
  if (!isObject(a) || !isObject(b) || Array.isArray(a) !== Array.isArray(b)) return [at];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const found: Path[] = [];
  for (const key of keys) {
    const step: string | number = Array.isArray(a) ? Number(key) : key;
    found.push(...differingPaths(a[key], b[key], limit - found.length, [...at, step]));
    if (found.length >= limit) break;
  }
  return found;
}

const valueAt = (value: unknown, path: Path) =>
  path.reduce<unknown>((v, key) => (isObject(v) ? v[key as string] : undefined), value);

export const formatPath = (path: Path) =>
  path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('') ||
  '(the whole state)';

/** The last step that changed the value at `path`, compared with the step before it. */
function lastChange(steps: readonly StateStep[], path: Path): StateStep | null {
  for (let i = steps.length - 1; i > 0; i--) {
    const step = steps[i] as StateStep;
    const before = steps[i - 1] as StateStep;
    if (!isDeepStrictEqual(valueAt(step.state, path), valueAt(before.state, path))) return step;
  }
  return null;
}

/** The last step whose action belongs to the slice the path is in (its type's prefix). */
function lastOfSlice(steps: readonly StateStep[], path: Path): StateStep | null {
  const slice = `${String(path[0])}/`;
  for (let i = steps.length - 1; i > 0; i--) {
    if ((steps[i] as StateStep).type.startsWith(slice)) return steps[i] as StateStep;
  }
  return null;
}

/** What differs between the logged and the replayed state, and what last changed each in the replay. */
export function stateDifferences(
  logged: unknown,
  replayed: unknown,
  steps: readonly StateStep[],
): StateDifference[] {
  return differingPaths(logged, replayed).map((path) => {
    const changed = lastChange(steps, path);
    const cause = changed ?? lastOfSlice(steps, path);
    return {
      path: formatPath(path),
      logged: valueAt(logged, path),
      replayed: valueAt(replayed, path),
      changedBy: cause && {
        actor: cause.actor,
        type: cause.type,
        seq: cause.seq,
        how: changed ? 'changed' : 'slice',
      },
    };
  });
}

/** The steps of a replay: at least the last STEPS_KEPT of them. */
export function stepRecorder() {
  const steps: StateStep[] = [];
  return {
    steps,
    add(step: StateStep) {
      steps.push(step);
      // trimmed in batches, so a long replay does not shift the array on every action
      if (steps.length > 2 * STEPS_KEPT) steps.splice(0, steps.length - STEPS_KEPT);
    },
  };
}
