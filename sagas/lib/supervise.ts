import type { Action } from 'redux';
import { multicastChannel, type MulticastChannel } from 'redux-saga';
import { call, put, race, select, setContext, take, takeEvery } from 'typed-redux-saga';
import { getPorts } from './context';
import type { PlayerState } from '../../src/state';
import { plain } from './plainEffects';
import { newErrorId } from './errorId';
import {
  MAX_RESTARTS,
  selectBootEnded,
  selectCrashes,
  selectFailure,
  systemActions,
} from '../../src/state/system';

export { MAX_RESTARTS };

export type Actor = () => Generator<unknown, unknown, never>;

/**
 * Whether the session can go on without an actor, asked when it stops for good: an essential one
 * (true for the state) ends the session as a fatal error does; an optional one is reported and the
 * film goes on without its part (docs/reliability.md).
 */
export type Essential = (state: PlayerState) => boolean;
export const OPTIONAL: Essential = () => false;

/** One run of an actor, seen by the actor through the saga context (`stoppedForGood`). */
export interface ActorRun {
  /** stopped by a crash drill: a crash, though redux-saga cancels the actor to make it */
  drilled: boolean;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * An actor stopped for good: told as an action (the error report has it with the flight log), and
 * when the session cannot go on without it, the message with its id instead of a player that no
 * longer answers, and the host's error event.
 */
function* stopped(name: string, essential: Essential, message: string) {
  const vital = essential(yield* select((s: PlayerState) => s));
  yield* put(systemActions.actorStopped({ actor: name, essential: vital }));
  if (!vital || (yield* select(selectFailure))) return;
  const failure = {
    reason: 'actor-stopped' as const,
    errorId: yield* newErrorId(),
    address: null,
    detail: `Actor "${name}" stopped after ${MAX_RESTARTS} restarts: ${message}`,
  };
  const booted = yield* select(selectBootEnded);
  yield* put(booted ? systemActions.playbackFailed(failure) : systemActions.bootFailed(failure));
  // the stream actor, which stops the media after a failure, may be the one that stopped: the film
  // must not play on behind the message (paused first, so that the state does not say playing)
  const { media, adMedia } = yield* getPorts();
  yield* call([media, media.pause]);
  yield* call([media, media.unload]);
  yield* call([adMedia, adMedia.pause]);
}

/** The crash drills asked for, relayed to the supervisors (see relayCrashDrills). */
type CrashDrill = ReturnType<typeof systemActions.crashDrillRequested>;
export type CrashDrills = MulticastChannel<CrashDrill>;

/**
 * Relays each crash drill asked for to the supervisors: one taker of the store's actions in place
 * of one in each supervisor, as every taker out is offered each action the player dispatches.
 */
export function* relayCrashDrills(drills: CrashDrills) {
  yield* takeEvery(systemActions.crashDrillRequested.type, (action: CrashDrill) =>
    drills.put(action),
  );
}

/**
 * Runs an actor and restarts it when it crashes, reporting each crash as an action.
 * One failing actor never takes the others down; a crash loop stops after MAX_RESTARTS.
 * `drills`: the crash drills relayed to it (a supervisor run on its own, in a test, is never drilled).
 */
export function* supervise(
  name: string,
  actor: Actor,
  essential: Essential = OPTIONAL,
  drills: CrashDrills = multicastChannel(),
) {
  const drill = (a: Action) =>
    systemActions.crashDrillRequested.match(a) && a.payload.actor === name;
  // counted from the state's crashes: an actor started again at a checkpoint keeps its count
  const before = (yield* select(selectCrashes)).filter((c) => c.actor === name).length;
  if (before > MAX_RESTARTS) return; // stopped for good before (a replay resumed at a checkpoint)
  for (let restarts = before; ; restarts++) {
    const run: ActorRun = { drilled: false };
    yield* setContext({ actorRun: run });
    try {
      const { drilled } = yield* race({
        done: plain.call(actor),
        // marked before the race cancels the actor, so that it knows it crashed
        drilled: plain.call(function* () {
          yield* take(drills, drill);
          run.drilled = true;
          return true;
        }),
      });
      // A crash drill (QA, reliability tests) crashes the actor as a real error would.
      if (drilled) throw new Error(`Crash drill in actor "${name}"`);
      return;
    } catch (error) {
      const message = messageOf(error);
      yield* put(systemActions.actorCrashed({ actor: name, message, restarts }));
      if (restarts >= MAX_RESTARTS) {
        yield* stopped(name, essential, message);
        return;
      }
    }
  }
}
