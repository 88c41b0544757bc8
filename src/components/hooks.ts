import { useLayoutEffect } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { PlayerState } from '../state';

export const usePlayerSelector = useSelector.withTypes<PlayerState>();
export const usePlayerDispatch = useDispatch;

/**
 * Keeps a piece of the DOM in step with the state without a React commit: for what changes every
 * second of playback (the progress bar, the time), where a commit a second costs more main-thread
 * time than the rest of the player's work. `select` and `write` must be stable; `write` gets the
 * value once on mount and again each time it changes.
 */
export function useStateInDom<T>(select: (state: PlayerState) => T, write: (value: T) => void) {
  const store = useStore<PlayerState>();
  useLayoutEffect(() => {
    let shown = select(store.getState());
    write(shown);
    return store.subscribe(() => {
      const value = select(store.getState());
      if (Object.is(value, shown)) return;
      shown = value;
      write(value);
    });
  }, [store, select, write]);
}
