import { put, select, takeEvery } from 'typed-redux-saga';
import { contentActions } from '../../src/state/content';
import { selectNextUpDue } from '../../src/state/markerSelectors';
import { nextUpActions } from '../../src/state/nextUp';
import { mediaActions } from '../../src/state/playback';
import { selectNextEpisode } from '../../src/state/selectors';
import { anyOf } from '../lib/anyOf';

/**
 * The credits' countdown ran out: the next episode is asked for as the end of an episode asks for it
 * (the episodes actor refreshes the ad list first), once.
 */
function* moveOnWhenDue() {
  if (!(yield* select(selectNextUpDue))) return;
  const next = yield* select(selectNextEpisode);
  if (!next) return;
  yield* put(nextUpActions.countdownEnded());
  yield* put(contentActions.episodeRequested({ episodeId: next.id }));
}

/**
 * The next-up actor: counts the credits down to the next episode. The count is the episode's own
 * position (selectNextUpCountdown), so it moves with the media's position reports and seeks, which
 * the flight log holds: no timer of its own.
 */
export function* nextUpActor() {
  yield* takeEvery(
    anyOf([mediaActions.positionChanged.type, mediaActions.seeked.type]),
    moveOnWhenDue,
  );
}
