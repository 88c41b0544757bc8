import { fork, put, select, take } from 'typed-redux-saga';
import { on, takeEach } from '../lib/takeEach';
import { contentActions, selectCurrentEpisodeId, selectHasEpisode } from '../../src/state/content';
import type { Action } from 'redux';
import { adsActions } from '../../src/state/ads';
import {
  selectCountdownStartAfterSeek,
  selectCountdownWindow,
  selectNextUpDue,
} from '../../src/state/markerSelectors';
import { nextUpActions } from '../../src/state/nextUp';
import { mediaActions, playbackRequests, selectDuration } from '../../src/state/playback';
import { selectNextEpisode } from '../../src/state/selectors';

/**
 * The credits' countdown ran out: the episode ends here — paused at once, so the old video cannot
 * reach its own end during the switch — and the next episode is asked for as the end of an episode
 * asks for it (the episodes actor refreshes the ad list first), once.
 */
function* moveOnWhenDue() {
  if (!(yield* select(selectNextUpDue))) return;
  const next = yield* select(selectNextEpisode);
  if (!next) return;
  yield* put(nextUpActions.countdownEnded());
  yield* put(playbackRequests.pauseRequested());
  yield* put(contentActions.episodeRequested({ episodeId: next.id }));
}

/**
 * The position reports that may end the countdown: those at or past its window's end (or that move
 * the episode's duration, which bounds it). Any other action may move the window, and is looked at
 * again; the reports before the end pass by without waking the actor (steady playback's cost).
 */
function* eachPosition() {
  for (;;) {
    const endsAt = (yield* select(selectCountdownWindow))?.endsAt ?? null;
    const duration = yield* select(selectDuration);
    const action = yield* take((a: Action) =>
      mediaActions.positionChanged.match(a)
        ? (endsAt !== null && a.payload.currentTime >= endsAt) || a.payload.duration !== duration
        : !adsActions.adProgressed.match(a),
    );
    if (mediaActions.positionChanged.match(action)) yield* moveOnWhenDue();
  }
}

type SeekAction = ReturnType<typeof mediaActions.seeking | typeof mediaActions.seeked>;

/** A seek into the credits past the countdown counts down afresh from where the viewer landed. */
function* rearmAfterSeek({ payload }: SeekAction) {
  const at = yield* select(selectCountdownStartAfterSeek, payload.currentTime);
  if (at !== undefined) yield* put(nextUpActions.countdownArmed({ at }));
}

/** Another episode was asked for (the menu, the host page, the next button): no countdown overrides it. */
function* endCountdownOnChoice({ payload }: ReturnType<typeof contentActions.episodeRequested>) {
  const current = yield* select(selectCurrentEpisodeId);
  const exists = yield* select(selectHasEpisode, payload.episodeId);
  if (exists && payload.episodeId !== current) yield* put(nextUpActions.episodeChosen());
}

/**
 * The next-up actor: counts the credits down to the next episode. The count is the episode's own
 * position (selectNextUpCountdown), so it moves with the media's position reports and seeks, which
 * the flight log holds: no timer of its own.
 */
export function* nextUpActor() {
  yield* takeEach(
    on(contentActions.episodeRequested, endCountdownOnChoice),
    // at the seek's start already: the position reports at the landing come before its end
    on(mediaActions.seeking, rearmAfterSeek),
    on(mediaActions.seeked, function* (action) {
      yield* rearmAfterSeek(action);
      yield* moveOnWhenDue();
    }),
  );
  yield* fork(eachPosition);
}
