// Brings the interface in when the viewer needs it (viewWanted). Until then the page's own loading
// placeholder while the catalog is asked, and its spinner while the film waits for data: neither may
// hide the film, nor stay if the interface cannot be had.
import type { PlayerState } from '../state';
import type { FilmBuffer } from './filmCanSpareTheLink';
import {
  STALL_WANTS_INTERFACE_MS,
  filmStalled,
  loadingPlaceholderShown,
  pageSpinnerShown,
  viewWanted,
} from './viewWanted';

export interface ViewLoading {
  store: { getState(): PlayerState; subscribe(listener: () => void): () => void };
  autoPlay: boolean;
  /** the page's own loading placeholder, if it is still there */
  placeholder: Element | null;
  /** the page's own spinner (hidden at first), if it is there */
  spinner: HTMLElement | null;
  /** fetches the interface's bundle and renders it (it replaces the placeholder and the spinner) */
  mount(): Promise<void>;
  /** the interface could not be had */
  onFailure(error: unknown): void;
  /** where the viewer's clicks and keys are heard */
  interaction: EventTarget;
  /** the film's element: its buffer, read live, and its `progress` and `timeupdate` events */
  film?: { buffer: FilmBuffer; events: EventTarget };
}

const VIEWER_ASKS = ['pointerdown', 'keydown'] as const;
/**
 * A mouse moved over the playing film looks for its controls (they show on pointer movement); before
 * the first frame it passes by on its way somewhere, and the link is the first segment's.
 */
const VIEWER_LOOKS = 'pointermove';
/** the film's buffer grew, or its playhead moved */
const FILM_TELLS = ['progress', 'timeupdate'] as const;

export function loadViewWhenWanted({
  store,
  autoPlay,
  placeholder,
  spinner,
  mount,
  onFailure,
  interaction,
  film,
}: ViewLoading) {
  const stopEarlyElements = store.subscribe(() => {
    const state = store.getState();
    if (loadingPlaceholderShown(state)) return;
    placeholder?.remove();
    if (spinner) spinner.hidden = !pageSpinnerShown(state, autoPlay);
  });
  const removeEarlyElements = () => {
    stopEarlyElements();
    placeholder?.remove();
    spinner?.remove();
  };

  // One try: a dynamic import that failed stays failed for the page (the bundle's own loader keeps
  // the failed load, and Firefox the failed import), so another would only hold the viewer up.
  function mountOnce() {
    mount().then(removeEarlyElements, (error: unknown) => {
      removeEarlyElements();
      onFailure(error);
    });
  }

  // No deadline: on a slow start the interface's bundle would share the link with the first
  // segment and hold the first frame back; the page's spinner stands in for it until then. A
  // viewer who clicks or presses a key wants the controls whatever the link, and so do one who moves
  // the mouse over the playing film and one whose film has stood waiting for data a while.
  let requested = false;
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  const request = () => {
    if (requested) return;
    requested = true;
    clearTimeout(stallTimer);
    stopWatching();
    for (const type of VIEWER_ASKS) interaction.removeEventListener(type, request, true);
    interaction.removeEventListener(VIEWER_LOOKS, lookedFor, true);
    for (const type of FILM_TELLS) film?.events.removeEventListener(type, check);
    mountOnce();
  };
  const watchStall = (stalled: boolean) => {
    if (stalled && stallTimer === undefined)
      stallTimer = setTimeout(request, STALL_WANTS_INTERFACE_MS);
    else if (!stalled && stallTimer !== undefined) {
      clearTimeout(stallTimer);
      stallTimer = undefined;
    }
  };
  const check = () => {
    const state = store.getState();
    if (viewWanted(state, autoPlay, film?.buffer)) request();
    else watchStall(filmStalled(state));
  };
  const lookedFor = () => {
    if (store.getState().media.started) request();
  };
  const stopWatching = store.subscribe(check);
  for (const type of VIEWER_ASKS) interaction.addEventListener(type, request, true);
  interaction.addEventListener(VIEWER_LOOKS, lookedFor, true);
  for (const type of FILM_TELLS) film?.events.addEventListener(type, check);
  check();
}
