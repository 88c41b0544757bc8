import type { Store } from '@reduxjs/toolkit';
import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { PlayerState } from '../state';
import type { PlaybackState } from '../state/playback';
import type { StreamState } from '../state/stream';
import { EveryChangeStore } from './hooks';

/** What the once-a-second position report changes: no component selects these with usePlayerSelector. */
const POSITION_FIELDS: ReadonlySet<string> = new Set<keyof PlaybackState>([
  'currentTime',
  'duration',
  'bufferedEnd',
  'playedSeconds',
  'videoPlayedSeconds',
]);

/** The bandwidth estimate, kept every 10 s of playing: the actors' memory, never shown. */
const BANDWIDTH_FIELDS: ReadonlySet<string> = new Set<keyof StreamState>([
  'bandwidth',
  'bandwidthKeptAtMs',
]);

/** The fields of a slice that no component selects with usePlayerSelector, by slice. */
const UNSEEN_FIELDS: Partial<Record<keyof PlayerState, ReadonlySet<string>>> = {
  media: POSITION_FIELDS,
  stream: BANDWIDTH_FIELDS,
};

/** A slice of the state as its fields by name. */
const fieldsOf = (state: PlayerState, slice: string) =>
  state[slice as keyof PlayerState] as object as Readonly<Record<string, unknown>>;

/**
 * Whether the state moved from `before` to `after` in fields no component selects with
 * usePlayerSelector only (the position, the bandwidth estimate), or not at all. Asked at every
 * change, the position's once a second among them: `for...in` walks the keys without making an
 * array of them (half the time of Object.keys in code run too seldom to be optimised).
 */
export function unseenByView(before: PlayerState, after: PlayerState): boolean {
  if (before === after) return true;
  for (const slice in after) {
    const was = fieldsOf(before, slice);
    const now = fieldsOf(after, slice);
    if (was === now) continue;
    const unseen = UNSEEN_FIELDS[slice as keyof PlayerState];
    if (!unseen) return false;
    for (const field in now) if (was[field] !== now[field] && !unseen.has(field)) return false;
  }
  return true;
}

/**
 * The store as React-Redux sees it: told of every change but one that only moves the position (or
 * the bandwidth estimate).
 * Each notification runs every mounted component's selectors (about sixty), once a second for
 * nothing: what shows the position is written into the DOM by useStateInDom, or follows it with
 * usePositionSelector, both on the store itself.
 */
function withoutUnseenChanges(store: Store<PlayerState>): Store<PlayerState> {
  return {
    ...store,
    subscribe(listener) {
      let seen = store.getState();
      return store.subscribe(() => {
        const now = store.getState();
        const skip = unseenByView(seen, now);
        seen = now;
        if (!skip) listener();
      });
    },
  };
}

/** The player's store for its React tree. */
export function PlayerProvider({
  store,
  children,
}: {
  store: Store<PlayerState>;
  children: ReactNode;
}) {
  const view = useMemo(() => withoutUnseenChanges(store), [store]);
  return (
    <EveryChangeStore.Provider value={store}>
      <Provider store={view}>{children}</Provider>
    </EveryChangeStore.Provider>
  );
}
