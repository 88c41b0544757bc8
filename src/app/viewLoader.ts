// Brings the interface in when the viewer needs it (viewWanted), and takes the page's own loading
// placeholder away once the catalog has answered, whether or not the interface is there by then: it
// must never hide the film, nor stay if the interface cannot be had.
import type { PlayerState } from '../state';
import { loadingPlaceholderShown, VIEW_AT_THE_LATEST_MS, viewWanted } from './viewWanted';

export interface ViewLoading {
  store: { getState(): PlayerState; subscribe(listener: () => void): () => void };
  autoPlay: boolean;
  /** the page's own loading placeholder, if it is still there */
  placeholder: Element | null;
  /** fetches the interface's bundle and renders it (it replaces the placeholder) */
  mount(): Promise<void>;
  /** the interface could not be had */
  onFailure(error: unknown): void;
}

export function loadViewWhenWanted({
  store,
  autoPlay,
  placeholder,
  mount,
  onFailure,
}: ViewLoading) {
  const removePlaceholder = () => placeholder?.remove();
  if (placeholder) {
    const stop = store.subscribe(() => {
      if (loadingPlaceholderShown(store.getState())) return;
      removePlaceholder();
      stop();
    });
  }

  // One try: a dynamic import that failed stays failed for the page (the browser keeps the failure,
  // and so does the bundle's own loader), so another would only hold the viewer up.
  function mountOnce() {
    mount().catch((error: unknown) => {
      removePlaceholder();
      onFailure(error);
    });
  }

  let requested = false;
  const request = () => {
    if (requested) return;
    requested = true;
    stopWatching();
    clearTimeout(deadline);
    mountOnce();
  };
  const stopWatching = store.subscribe(() => {
    if (viewWanted(store.getState(), autoPlay)) request();
  });
  const deadline = setTimeout(request, VIEW_AT_THE_LATEST_MS);
  if (viewWanted(store.getState(), autoPlay)) request();
}
