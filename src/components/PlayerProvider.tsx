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

/** Whether a slice moved in its unseen fields only, or not at all. */
function unseenOnly<T extends object>(before: T, after: T, unseen: ReadonlySet<string>) {
  for (const field of Object.keys(after) as (keyof T & string)[]) {
    if (!unseen.has(field) && before[field] !== after[field]) return false;
  }
  return true;
}

/**
 * Whether the state moved from `before` to `after` in fields no component selects with
 * usePlayerSelector only (the position, the bandwidth estimate), or not at all.
 */
export function unseenByView(before: PlayerState, after: PlayerState): boolean {
  if (before === after) return true;
  for (const slice of Object.keys(after) as (keyof PlayerState)[]) {
    if (before[slice] === after[slice]) continue;
    const unseen = UNSEEN_FIELDS[slice];
    if (!unseen || !unseenOnly(before[slice], after[slice], unseen)) return false;
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
function withoutPositionOnlyChanges(store: Store<PlayerState>): Store<PlayerState> {
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
  const view = useMemo(() => withoutPositionOnlyChanges(store), [store]);
  return (
    <EveryChangeStore.Provider value={store}>
      <Provider store={view}>{children}</Provider>
    </EveryChangeStore.Provider>
  );
}
