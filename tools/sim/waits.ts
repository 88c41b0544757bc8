// What saga tests wait for: the player gone idle, or the action or port call a test is about. None
// counts microtask turns, so a test does not pass or fail with the number of awaits in the code
// under test.
import * as timers from 'node:timers';
import type { createActionTap } from '../../src/app/actionTap';

// Node's own, taken at load: jest's fake timers replace the global one (and would not run it).
const realSetImmediate = timers.setImmediate;

/**
 * One turn of the event loop. Node runs every queued microtask (and each one those queue, however
 * long the chain) before the next macrotask, so when this resolves every promise the last step set
 * going has settled. The fake ports answer with promises resolved at once, or with virtual-time
 * sleeps only `clock.advance` fires: nothing of theirs is still on its way after the turn. It is
 * Node's own setImmediate, so it runs under jest's fake timers too.
 */
const nextTurn = () => new Promise<void>((resolve) => realSetImmediate(resolve));

/** Turns a wait lets go by with nothing new before it says the player went idle without it. */
const IDLE_TURNS = 3;

/** Resolves once the player is idle: every port answer and every saga it resumes has run. */
export function untilIdle(): Promise<void> {
  return nextTurn();
}

/**
 * Resolves as soon as `seen()` holds, checked after each turn of the event loop; rejects, naming
 * `what`, once the player has gone idle without it (it would wait for ever otherwise).
 */
export async function until(seen: () => boolean, what: string): Promise<void> {
  for (let turn = 0; !seen(); turn++) {
    if (turn === IDLE_TURNS) throw new Error(`The player went idle without ${what}`);
    await nextTurn();
  }
}

type Calls = readonly { method: string }[];

/**
 * Runs `step` (if given) and resolves once a fake port (its `calls`) has had one more call of
 * `method` than before the step; rejects if the player goes idle without it.
 */
export async function untilCall(calls: Calls, method: string, step?: () => unknown) {
  const count = () => calls.filter((c) => c.method === method).length;
  const before = count();
  await step?.();
  await until(() => count() > before, `a ${method} call`);
}

type ActionTap = Pick<ReturnType<typeof createActionTap>, 'waitFor'>;
type SeenAction = Awaited<ReturnType<ActionTap['waitFor']>>;

/**
 * Runs `step` and resolves with the next action of this type the player dispatches (the tap sees
 * actions put by actors as well as dispatched ones), after it reached the state; rejects if the
 * player goes idle without it. The wait begins before the step, so an action the step dispatches
 * at once is not missed.
 */
export async function untilAction(
  tap: ActionTap,
  type: string,
  step: () => unknown,
): Promise<SeenAction> {
  const seen = tap.waitFor(type);
  let arrived = false;
  // a wait that never ends is reported below, as idle without the action
  seen.then(() => (arrived = true)).catch(() => undefined);
  await step();
  await until(() => arrived, `a ${type} action`);
  return seen;
}
