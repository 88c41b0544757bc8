import type { Store } from '@reduxjs/toolkit';
import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { PlayerState } from '../state';
import type { PlaybackState } from '../state/playback';
import { EveryChangeStore } from './hooks';

/** What the once-a-second position report changes: no component selects these with usePlayerSelector. */
const POSITION_FIELDS: ReadonlySet<string> = new Set<keyof PlaybackState>([
  'currentTime',
  'duration',
  'bufferedEnd',
  'playedSeconds',
  'videoPlayedSeconds',
]);

/** Whether the state moved from `before` to `after` in the position fields only, or not at all. */
export function positionOnly(before: PlayerState, after: PlayerState): boolean {
  if (before === after) return true;
  for (const slice of Object.keys(after) as (keyof PlayerState)[]) {
    if (slice !== 'media' && before[slice] !== after[slice]) return false;
  }
  for (const field of Object.keys(after.media) as (keyof PlaybackState)[]) {
    if (!POSITION_FIELDS.has(field) && before.media[field] !== after.media[field]) return false;
  }
  return true;
}

/**
 * The store as React-Redux sees it: told of every change but one that only moves the position.
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
        const skip = positionOnly(seen, now);
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
