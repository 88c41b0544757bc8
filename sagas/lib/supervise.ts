import { call, put } from 'redux-saga/effects';
import { systemActions } from '../../src/state/system';

export const MAX_RESTARTS = 3;

export type Actor = () => Generator<unknown, unknown, never>;

function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Runs an actor and restarts it when it crashes, reporting each crash as an action.
 * One failing actor never takes the others down; a crash loop stops after MAX_RESTARTS.
 */
export function* supervise(name: string, actor: Actor) {
  for (let restarts = 0; ; restarts++) {
    try {
      yield call(actor);
      return;
    } catch (error) {
      yield put(systemActions.actorCrashed({ actor: name, message: messageOf(error), restarts }));
      if (restarts >= MAX_RESTARTS) return;
    }
  }
}
