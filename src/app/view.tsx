// The player's interface: React, its styles and every component, in a bundle of its own that the
// page loads once the interface has something to do (see viewWanted), never on the way to the film's
// first frame.
import type { Store } from '@reduxjs/toolkit';
import { createRoot } from 'react-dom/client';
import { PlayerProvider } from '../components/PlayerProvider';
import { PlayerRoot } from '../components/PlayerRoot';
import type { PlayerState } from '../state';

/** Renders the interface into the element, replacing the page's own loading placeholder. */
export function mountView(store: Store<PlayerState>, element: HTMLElement, onReload: () => void) {
  createRoot(element).render(
    <PlayerProvider store={store}>
      <PlayerRoot onReload={onReload} />
    </PlayerProvider>,
  );
}
