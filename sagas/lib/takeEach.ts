import type { Action } from 'redux';
import { takeEvery } from 'typed-redux-saga';
import { anyOf } from './anyOf';

/** An action creator as Redux Toolkit makes it: its type, and a guard for its actions. */
interface ActionKind<A extends Action> {
  type: string;
  match: (action: unknown) => action is A;
}

/** One case of takeEach: the actions of some kinds, and the handler each of them forks. */
export interface ActionCase {
  types: readonly string[];
  handle: (action: never) => unknown;
}

/** The actions of a kind (of any of several kinds: the union of theirs). */
type ActionOf<K> = K extends ActionKind<infer A> ? A : never;

/** A case of takeEach, its handler typed by the action creator (or creators) it answers. */
export function on<K extends ActionKind<Action>>(
  kinds: K | readonly K[],
  handle: (action: ActionOf<K>) => unknown,
): ActionCase {
  const list = (Array.isArray(kinds) ? kinds : [kinds]) as readonly K[];
  return { types: list.map((k) => k.type), handle };
}

/**
 * takeEvery for several kinds of action with a single taker out. redux-saga offers each action the
 * player dispatches (the position, once a second) to every taker out, so an actor with one taker
 * in place of ten costs the report less; each action still forks its own handler, as takeEvery does.
 * A kind named by two cases is a mistake: which one would answer would depend on their order.
 */
export function takeEach(...cases: readonly ActionCase[]) {
  const handlers = new Map<string, (action: Action) => unknown>();
  for (const { types, handle } of cases)
    for (const type of types) {
      if (handlers.has(type)) throw new Error(`takeEach: "${type}" has two handlers`);
      handlers.set(type, handle as (action: Action) => unknown);
    }
  // (every action taken has its handler: the pattern is the handlers' kinds)
  return takeEvery(anyOf([...handlers.keys()]), (action: Action) =>
    handlers.get(action.type)?.(action),
  );
}
