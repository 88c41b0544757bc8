import { useEffect, useLayoutEffect, useRef } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { PlayerState } from '../state';

export const usePlayerSelector = useSelector.withTypes<PlayerState>();
export const usePlayerDispatch = useDispatch;

/**
 * Keeps a piece of the DOM in step with the state without a React commit: for what changes every
 * second of playback (the progress bar, the time), where a commit a second costs more main-thread
 * time than the rest of the player's work. `select` must be stable (defined outside the component);
 * `write` gets the value once on mount and again each time it changes.
 */
export function useStateInDom<T>(select: (state: PlayerState) => T, write: (value: T) => void) {
  const store = useStore<PlayerState>();
  const writer = useRef(write);
  useLayoutEffect(() => {
    writer.current = write;
  });
  useLayoutEffect(() => {
    let shown = select(store.getState());
    writer.current(shown);
    return store.subscribe(() => {
      const value = select(store.getState());
      if (Object.is(value, shown)) return;
      shown = value;
      writer.current(value);
    });
  }, [store, select]);
}

/**
 * Returns focus to a menu's button when its menu closes with the focus inside it (keyboard users
 * continue from there); a click elsewhere keeps the focus where it went.
 */
export function useFocusReturn(open: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasOpen.current && !open && lost) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return button;
}
