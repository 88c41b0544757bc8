// When the interface's bundle is fetched. Until then the page shows its own loading placeholder, its
// spinner, then the film: the first frame waits for no React, no styles and no components, and on a
// slow link the bundle does not take the bytes of the segments the film plays next.
import type { PlayerState } from '../state';
import { filmCanSpareTheLink } from './filmCanSpareTheLink';

/**
 * Whether the viewer needs the interface now: the film plays (its controls, once the film can spare
 * the link), the player waits for the viewer (no autoplay, a continue prompt, a blocked autoplay), or
 * shows something that is not the film (a message, an advert). A viewer's click or key asks for it
 * at once (viewLoader.ts).
 */
export function viewWanted(state: PlayerState, autoPlay: boolean): boolean {
  const { system, media, resume, ads } = state;
  return (
    !autoPlay ||
    system.failure !== null || // a boot or a stream that failed: its message
    (system.boot === 'ready' && !resume.autoplay) ||
    (media.started && filmCanSpareTheLink(media)) ||
    media.autoplayBlocked ||
    ads.activeBreak !== null
  );
}

/** The page's placeholder stays while the catalog is asked; then the film shows through. */
export const loadingPlaceholderShown = (state: PlayerState) => state.system.boot === 'loading';

/** The page's spinner: after the catalog, while the film's first frame is awaited with nothing else to show. */
export const startSpinnerShown = (state: PlayerState, autoPlay: boolean) =>
  !loadingPlaceholderShown(state) && !state.media.started && !viewWanted(state, autoPlay);
