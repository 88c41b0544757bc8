import type { Action } from 'redux';
import { put, race, select, setContext, take } from 'typed-redux-saga';
import { plain } from './plainEffects';
import { MAX_RESTARTS, selectCrashes, systemActions } from '../../src/state/system';

export { MAX_RESTARTS };

export type Actor = () => Generator<unknown, unknown, never>;

/** One run of an actor, seen by the actor through the saga context (`stoppedForGood`). */
export interface ActorRun {
  /** stopped by a crash drill: a crash, though redux-saga cancels the actor to make it */
  drilled: boolean;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Runs an actor and restarts it when it crashes, reporting each crash as an action.
 * One failing actor never takes the others down; a crash loop stops after MAX_RESTARTS.
 */
export function* supervise(name: string, actor: Actor) {
  const drill = (a: Action) =>
    systemActions.crashDrillRequested.match(a) && a.payload.actor === name;
  // counted from the state's crashes: an actor started again at a checkpoint keeps its count
  const before = (yield* select(selectCrashes)).filter((c) => c.actor === name).length;
  for (let restarts = before; ; restarts++) {
    const run: ActorRun = { drilled: false };
    yield* setContext({ actorRun: run });
    try {
      const { drilled } = yield* race({
        done: plain.call(actor),
        // marked before the race cancels the actor, so that it knows it crashed
        drilled: plain.call(function* () {
          yield* take(drill);
          run.drilled = true;
          return true;
        }),
      });
      // A crash drill (QA, reliability tests) crashes the actor as a real error would.
      if (drilled) throw new Error(`Crash drill in actor "${name}"`);
      return;
    } catch (error) {
      yield* put(systemActions.actorCrashed({ actor: name, message: messageOf(error), restarts }));
      if (restarts >= MAX_RESTARTS) return;
    }
  }
}
