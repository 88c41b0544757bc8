// The player's interface: React, its styles and every component, in a bundle of its own that the
// page loads once the interface has something to do (see viewWanted), never on the way to the film's
// first frame.
import type { Store } from '@reduxjs/toolkit';
import { createRoot } from 'react-dom/client';
import { PlayerProvider } from '../components/PlayerProvider';
import { PlayerRoot } from '../components/PlayerRoot';
import { provideAnnouncerWords } from '../../sagas/announcer/wordsHandle';
import type { PlayerState } from '../state';
import { announcementFor } from '../state/announcements';
import { uiActions } from '../state/ui';

/**
 * Renders the interface into the element, replacing the page's own loading placeholder, and hands
 * the announcer the words its status region says.
 */
export function mountView(store: Store<PlayerState>, element: HTMLElement, onReload: () => void) {
  createRoot(element).render(
    <PlayerProvider store={store}>
      <PlayerRoot onReload={onReload} />
    </PlayerProvider>,
  );
  provideAnnouncerWords(announcementFor);
  store.dispatch(uiActions.viewMounted());
}
