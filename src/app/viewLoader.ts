// Brings the interface in when the viewer needs it (viewWanted), and takes the page's own loading
// placeholder away once the catalog has answered, whether or not the interface is there by then: it
// must never hide the film, nor stay if the interface cannot be had.
import type { PlayerState } from '../state';
import { loadingPlaceholderShown, VIEW_AT_THE_LATEST_MS, viewWanted } from './viewWanted';

/** Tries at the interface's bundle before the film plays on without it. */
export const VIEW_LOAD_TRIES = 3;
/** Between two tries. */
export const VIEW_RETRY_MS = 1_000;

export interface ViewLoading {
  store: { getState(): PlayerState; subscribe(listener: () => void): () => void };
  autoPlay: boolean;
  /** the page's own loading placeholder, if it is still there */
  placeholder: Element | null;
  /** fetches the interface's bundle and renders it (it replaces the placeholder) */
  mount(): Promise<void>;
  /** the interface could not be had, after every try */
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

  async function tryMount(triesLeft: number): Promise<void> {
    try {
      await mount();
    } catch (error) {
      if (triesLeft <= 1) {
        removePlaceholder();
        onFailure(error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, VIEW_RETRY_MS));
      return tryMount(triesLeft - 1);
    }
  }

  let requested = false;
  const request = () => {
    if (requested) return;
    requested = true;
    stopWatching();
    clearTimeout(deadline);
    void tryMount(VIEW_LOAD_TRIES);
  };
  const stopWatching = store.subscribe(() => {
    if (viewWanted(store.getState(), autoPlay)) request();
  });
  const deadline = setTimeout(request, VIEW_AT_THE_LATEST_MS);
  if (viewWanted(store.getState(), autoPlay)) request();
}
