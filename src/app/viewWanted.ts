// When the interface's bundle is fetched. Until then the page shows its own loading placeholder and
// then the film: the first frame waits for no React, no styles and no components.
import type { PlayerState } from '../state';

/**
 * Whether the viewer needs the interface now: the film is playing (its controls), the player waits
 * for the viewer (no autoplay, a continue prompt, a blocked autoplay), or shows something that is not
 * the film (a message, an advert).
 */
export function viewWanted(state: PlayerState, autoPlay: boolean): boolean {
  const { system, media, resume, ads } = state;
  return (
    !autoPlay ||
    system.failure !== null || // a boot or a stream that failed: its message
    (system.boot === 'ready' && !resume.autoplay) ||
    media.started ||
    media.autoplayBlocked ||
    ads.activeBreak !== null
  );
}

/** The page's placeholder stays while the catalog is asked; then the film shows through. */
export const loadingPlaceholderShown = (state: PlayerState) => state.system.boot === 'loading';

/** The page's spinner: after the catalog, while the film's first frame is awaited with nothing else to show. */
export const startSpinnerShown = (state: PlayerState, autoPlay: boolean) =>
  !loadingPlaceholderShown(state) && !viewWanted(state, autoPlay);
