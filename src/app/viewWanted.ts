// When the interface's bundle is fetched. Until then the page shows its own loading placeholder, its
// spinner, then the film: the first frame waits for no React, no styles and no components, and on a
// slow link the bundle does not take the bytes of the segments the film plays next.
import type { PlayerState } from '../state';
import { selectRetryingLoads, selectWaitingForNetwork } from '../state/streamHealth';
import { filmCanSpareTheLink, type FilmBuffer } from './filmCanSpareTheLink';

/**
 * The player waits for the viewer (no autoplay, a continue prompt, a blocked autoplay) or has
 * something to say that is not the film (a message, an advert, the connection or the loads in
 * trouble): the interface is wanted whatever the link.
 */
function interfaceHasToSpeak(state: PlayerState, autoPlay: boolean): boolean {
  const { system, media, resume, ads } = state;
  return (
    !autoPlay ||
    system.failure !== null || // a boot or a stream that failed: its message
    (system.boot === 'ready' && !resume.autoplay) ||
    media.autoplayBlocked ||
    ads.activeBreak !== null ||
    selectWaitingForNetwork(state) ||
    selectRetryingLoads(state)
  );
}

/**
 * Whether the viewer needs the interface now: it has to speak, or the film plays (its controls) and
 * can spare the link. A viewer's click or key asks for it at once, and so does the mouse moving over
 * the playing film (viewLoader.ts).
 */
export const viewWanted = (state: PlayerState, autoPlay: boolean, buffer?: FilmBuffer): boolean =>
  interfaceHasToSpeak(state, autoPlay) ||
  (state.media.started && filmCanSpareTheLink(state.media, buffer));

/**
 * How long the film may wait for data after its first frame before the interface comes anyway: past
 * a passing dip the viewer looks at a still picture and wants the controls (to pause, to pick a lower
 * quality), and a load that hangs tells nothing until its timeout, 10 s or more.
 */
export const STALL_WANTS_INTERFACE_MS = 2_000;

/** The film has shown its first frame, is not paused, and waits for data. */
export const filmStalled = ({ media }: PlayerState) =>
  media.started && media.buffering && !media.paused;

/** The page's placeholder stays while the catalog is asked; then the film shows through. */
export const loadingPlaceholderShown = (state: PlayerState) => state.system.boot === 'loading';

/**
 * The page's spinner, while the interface is not there: after the catalog, until the film's first
 * frame, and whenever the film waits for data after it.
 */
export function pageSpinnerShown(state: PlayerState, autoPlay: boolean): boolean {
  const waitsForData = !state.media.started || filmStalled(state);
  return !loadingPlaceholderShown(state) && waitsForData && !interfaceHasToSpeak(state, autoPlay);
}
