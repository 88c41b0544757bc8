import { buffers, eventChannel } from 'redux-saga';
import type { UnknownAction } from 'redux';
import { call, fork, put, race, select, take } from 'typed-redux-saga';
import { adsActions } from '../../src/state/ads';
import { mediaActions, playbackRequests } from '../../src/state/playback';
import { systemActions } from '../../src/state/system';
import { selectPlayerState } from '../../src/state/selectors';
import { systemMediaActions } from '../../src/state/systemMedia';
import { getPorts } from '../lib/context';
import { wakeLockWanted } from './rules';

/** The reports of steady playback: whether the screen stays on does not change with them. */
const STEADY = new Set<string>([mediaActions.positionChanged.type, adsActions.adProgressed.type]);

/** A break's end: the ad actor asks for the film again at once when it resumes. */
const BREAK_ENDS = new Set<string>([adsActions.breakEnded.type, adsActions.breakPassed.type]);

/** The element's answers to a play: the film plays, or it does not. */
const PLAY_ANSWERS = new Set<string>([
  mediaActions.playing.type,
  mediaActions.paused.type,
  mediaActions.ended.type,
  mediaActions.autoplayBlocked.type,
  adsActions.breakStarted.type,
  systemActions.playbackFailed.type,
]);

/**
 * The wake lock actor: asks for the screen to stay on when the film (or an advert) starts playing and
 * lets it go on pause, at an advert's end when the film does not resume, on a hidden page (where the
 * browser lets it go itself) and on a failure; asks again when the page shows while the film plays.
 * A refusal or a browser without the API changes nothing else.
 */
export function* wakeLockActor() {
  const { wakeLock, clock } = yield* getPorts();
  /** asked for and not let go since (a refused request counts: it is asked again on the next start) */
  const lock = { asked: false };
  const releases = eventChannel<{ type: 'released' }>(
    (emit) => wakeLock.subscribe(emit),
    buffers.expanding(2),
  );
  yield* fork(function* browserReleases() {
    try {
      for (;;) {
        yield* take(releases);
        lock.asked = false;
        yield* put(systemMediaActions.wakeLockReleased({ by: 'browser' }));
      }
    } finally {
      releases.close();
    }
  });
  /** the film resumes after a break: the lock is kept until the element answers the play */
  let resuming = false;
  for (;;) {
    const action: UnknownAction = yield* take('*');
    if (STEADY.has(action.type)) continue;
    if (PLAY_ANSWERS.has(action.type)) resuming = false;
    if (lock.asked && BREAK_ENDS.has(action.type)) {
      // not let go between the advert and the film: the play comes within this task, or not at all
      const { resumed } = yield* race({
        resumed: take(playbackRequests.playRequested.type),
        not: call([clock, clock.sleep], 0),
      });
      resuming = Boolean(resumed);
    }
    // until it holds: the state may move on while the browser answers a request
    for (;;) {
      const s = yield* select(selectPlayerState);
      const wanted = wakeLockWanted(s, { resuming });
      if (wanted === lock.asked) break;
      lock.asked = wanted;
      if (wanted) {
        const outcome = yield* call([wakeLock, wakeLock.request]);
        yield* put(systemMediaActions.wakeLockRequested({ outcome }));
      } else {
        yield* call([wakeLock, wakeLock.release]);
        yield* put(systemMediaActions.wakeLockReleased({ by: 'player' }));
      }
    }
  }
}
