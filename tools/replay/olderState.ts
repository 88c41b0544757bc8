// A checkpoint from an older build lacks the state fields added since. The reducers and the session's
// checks read those fields, so this build's initial values fill them in: the replay then reports the
// difference as a divergence at the checkpoint (the build line says why) instead of a TypeError, and
// the session's findings and ad story still come out of the log.
import { rootReducer, type PlayerState } from '../../src/state';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function filled(defaults: unknown, value: unknown): unknown {
  if (value === undefined) return defaults;
  if (!isPlainObject(defaults) || !isPlainObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [key, fallback] of Object.entries(defaults)) out[key] = filled(fallback, value[key]);
  return out;
}

/** The checkpoint's state, with any field this build has and it lacks at its initial value. */
export function withThisBuildsFields(state: unknown): PlayerState {
  return filled(rootReducer(undefined, { type: '@@replay/fields' }), state) as PlayerState;
}
