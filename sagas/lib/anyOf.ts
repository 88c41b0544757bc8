/**
 * A take pattern for any of these action types. redux-saga matches an array pattern by building a
 * matcher for each of its types on every action dispatched; a set answers with one look-up.
 */
export function anyOf(types: readonly string[]): (action: { type: string }) => boolean {
  const set = new Set(types);
  return (action) => set.has(action.type);
}
