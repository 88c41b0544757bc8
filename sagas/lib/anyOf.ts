import type { Action, UnknownAction } from 'redux';

/**
 * A take pattern for any of these action types. redux-saga matches an array pattern by building a
 * matcher for each of its types on every action dispatched; a set answers with one look-up.
 */
export function anyOf(types: readonly string[]): (action: { type: string }) => boolean {
  const set = new Set(types);
  return (action) => set.has(action.type);
}

/**
 * A take pattern from a test on actions, typed so that take gives what it matches as the plain
 * action every dispatched one is (redux-saga types a take by its pattern's guard): no cast after it.
 */
export const actionWhere =
  (test: (action: Action) => boolean) =>
  (action: Action): action is UnknownAction =>
    test(action);
