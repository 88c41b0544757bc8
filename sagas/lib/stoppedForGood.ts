import { cancelled, getContext } from 'typed-redux-saga';
import type { ActorRun } from './supervise';

/**
 * In an actor's `finally`: whether it was stopped for good (the player destroyed), not crashed.
 * A crash drill cancels the actor too, yet stands for a crash.
 */
export function* stoppedForGood() {
  if (!(yield* cancelled())) return false;
  const run = yield* getContext<ActorRun | undefined>('actorRun');
  return !run?.drilled;
}
