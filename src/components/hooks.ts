import type { Store } from '@reduxjs/toolkit';
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { PlayerState } from '../state';

/**
 * A value of the state for a component. Under PlayerProvider it is not told of a change that only
 * moves the position (the time, duration, buffer and played seconds) or the bandwidth estimate:
 * follow those with useStateInDom or usePositionSelector.
 */
export const usePlayerSelector = useSelector.withTypes<PlayerState>();
export const usePlayerDispatch = useDispatch;

/** The store itself, told of every change (PlayerProvider gives React-Redux a quieter one). */
export const EveryChangeStore = createContext<Store<PlayerState> | null>(null);

function useEveryChangeStore(): Store<PlayerState> {
  const quieter = useStore<PlayerState>();
  return useContext(EveryChangeStore) ?? quieter;
}

/**
 * A value of the state that follows the position too, for a component that shows it and must
 * re-render with it (`select` returns a primitive or the same object for the same state).
 */
export function usePositionSelector<T>(select: (state: PlayerState) => T): T {
  const store = useEveryChangeStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/** Nothing written yet: the first value is written even out of sight. */
const UNWRITTEN = Symbol('unwritten');

/**
 * Keeps a piece of the DOM in step with the state without a React commit: for what changes every
 * second of playback (the progress bar, the time), where a commit a second costs more main-thread
 * time than the rest of the player's work. `select` must be stable (defined outside the component);
 * `write` gets the value once on mount and again each time it changes. With `seen` (stable too),
 * nothing is selected or written while it says the DOM is out of sight; the value it shows then is
 * written the moment it is seen again.
 */
export function useStateInDom<T>(
  select: (state: PlayerState) => T,
  write: (value: T) => void,
  seen?: (state: PlayerState) => boolean,
) {
  const store = useEveryChangeStore();
  const writer = useRef(write);
  useLayoutEffect(() => {
    writer.current = write;
  });
  useLayoutEffect(() => {
    let shown: T | typeof UNWRITTEN = UNWRITTEN;
    const update = () => {
      const state = store.getState();
      if (seen && !seen(state) && shown !== UNWRITTEN) return;
      const value = select(state);
      if (Object.is(value, shown)) return;
      shown = value;
      writer.current(value);
    };
    update();
    return store.subscribe(update);
  }, [store, select, seen]);
}

/**
 * Returns focus to a menu's button when its menu closes with the focus inside it (keyboard users
 * continue from there); a click elsewhere keeps the focus where it went. Where two buttons open the
 * same menu (subtitles and settings), the one that had the focus as it opened gets it back.
 */
export function useFocusReturn(open: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  const openedHere = useRef(true);
  useEffect(() => {
    // (this runs before the menu's own effect moves the focus into it)
    if (open && !wasOpen.current)
      openedHere.current =
        document.activeElement === button.current || !hasFocusedButton(document.activeElement);
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasOpen.current && !open && lost && openedHere.current) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return button;
}

/** whether the focus is on a button of the player's own (the menu was opened by a control, not a key) */
const hasFocusedButton = (active: Element | null) => active instanceof HTMLButtonElement;
