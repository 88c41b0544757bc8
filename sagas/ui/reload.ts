import { call, select } from 'typed-redux-saga';
import { selectBridge } from '../../src/state/bridge';
import { selectContentId } from '../../src/state/content';
import { selectFailure } from '../../src/state/system';
import { getPorts } from '../lib/context';

const selectEpisodeId = (s: { content: { currentEpisodeId: number | null } }) =>
  s.content.currentEpisodeId;

/**
 * The message's reload button: the player page loaded again. A film whose stream failed is taken up
 * with the same episode where it was (its time code), not from the start or the continue prompt;
 * any other failure loads the same address again.
 */
export function* reloadAfterFailure() {
  const { page } = yield* getPorts();
  const movieId = yield* select(selectContentId);
  const atS = (yield* select(selectFailure))?.atS;
  if (!movieId || atS === undefined) {
    yield* call([page, page.reload]);
    return;
  }
  yield* call([page, page.reloadFor], {
    movieId,
    episodeId: yield* select(selectEpisodeId),
    origin: (yield* select(selectBridge)).target,
    atS,
  });
}
