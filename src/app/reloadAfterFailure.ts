// The failure message's reload button. Not an actor's job: the message can be that an essential
// actor stopped for good, and the button must still work then.
import type { PlayerState } from '../state';
import type { PagePort } from '../ports/types';

/**
 * A film whose stream failed is loaded again with the same content and episode, at the position it
 * stopped at (its time code), not from the start or the continue prompt; any other failure loads
 * the same address again.
 */
export function reloadAfterFailure(state: PlayerState, page: PagePort) {
  const atS = state.system.failure?.atS;
  const movieId = state.content.content?.id;
  if (!movieId || atS === undefined) {
    page.reload();
    return;
  }
  page.reloadFor({
    movieId,
    episodeId: state.content.currentEpisodeId,
    origin: state.bridge.target,
    ...(atS > 0 ? { atS } : {}),
  });
}
