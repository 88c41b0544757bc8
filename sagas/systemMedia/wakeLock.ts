import { buffers, eventChannel } from 'redux-saga';
import { call, fork, put, race, select, take } from 'typed-redux-saga';
import { adsActions } from '../../src/state/ads';
import { contentActions } from '../../src/state/content';
import { mediaActions, playbackRequests } from '../../src/state/playback';
import { systemActions } from '../../src/state/system';
import { selectPlayerState } from '../../src/state/selectors';
import { systemMediaActions } from '../../src/state/systemMedia';
import { anyOf } from '../lib/anyOf';
import { stoppedForGood } from '../lib/stoppedForGood';
import { untilFirstFrameSettled } from '../lib/firstFrameSettled';
import { getPorts } from '../lib/context';
import { wakeLockWanted, changingForSystem } from './rules';

/** A break's end: the ad actor asks for the film again at once when it resumes. */
const breakEnd = anyOf([adsActions.breakEnded.type, adsActions.breakPassed.type]);

/**
 * The element's answers to a play (the film plays, or it does not), and a new episode or stream,
 * whose own start decides: no resume is awaited past them.
 */
const playAnswer = anyOf([
  mediaActions.playing.type,
  mediaActions.paused.type,
  mediaActions.ended.type,
  mediaActions.autoplayBlocked.type,
  mediaActions.reset.type,
  contentActions.episodeSelected.type,
  adsActions.breakStarted.type,
  systemActions.playbackFailed.type,
]);

/**
 * The wake lock actor: asks for the screen to stay on when the film (or an advert) starts playing and
 * lets it go on pause, at an advert's end when the film does not resume, on a hidden page (where the
 * browser lets it go itself) and on a failure; asks again when the page shows while the film plays.
 * A refusal or a browser without the API changes nothing else.
 *
 * Nothing plays before the session's first frame, so it asks nothing until that has settled, then
 * what the state wants. Started after that (a restart, or a replay from a checkpoint), it takes what
 * the state wants as asked and held: the browser still holds the lock the crashed one asked for, so
 * it asks nothing until that changes. Only a player destroyed lets the lock go; a crash leaves it
 * held.
 */
export function* wakeLockActor() {
  const fresh = yield* untilFirstFrameSettled();
  const { wakeLock, clock } = yield* getPorts();
  const baseline = !fresh && wakeLockWanted(yield* select(selectPlayerState));
  const lock = {
    /** asked for and not let go since (a refused request counts: it is asked again on the next start) */
    asked: baseline,
    /** the browser granted it and it has not been let go since: only then is a release logged */
    held: baseline,
  };
  const releases = eventChannel<{ type: 'released' }>(
    (emit) => wakeLock.subscribe(emit),
    buffers.expanding(2),
  );
  yield* fork(function* browserReleases() {
    try {
      for (;;) {
        yield* take(releases);
        lock.asked = false;
        lock.held = false;
        yield* put(systemMediaActions.wakeLockReleased({ by: 'browser' }));
      }
    } finally {
      releases.close();
    }
  });
  function* letGo() {
    const { held } = lock;
    lock.held = false;
    yield* call([wakeLock, wakeLock.release]);
    if (held) yield* put(systemMediaActions.wakeLockReleased({ by: 'player' }));
  }
  /** the film resumes after a break: the lock is kept until the element answers the play */
  let resuming = false;
  /** asks for the lock or lets it go until that holds: the state may move on while the browser answers */
  function* askAsWanted() {
    for (;;) {
      const wanted = wakeLockWanted(yield* select(selectPlayerState), { resuming });
      if (wanted === lock.asked) return;
      lock.asked = wanted;
      if (wanted) {
        const outcome = yield* call([wakeLock, wakeLock.request]);
        lock.held = outcome === 'held';
        yield* put(systemMediaActions.wakeLockRequested({ outcome }));
      } else yield* letGo();
    }
  }
  try {
    yield* askAsWanted();
    for (;;) {
      // the position reports pass by without waking this actor: it has nothing to do with them
      const action = yield* take(changingForSystem);
      if (playAnswer(action)) resuming = false;
      if (lock.asked && breakEnd(action)) {
        // Only a film the break stopped resumes; one that plays on (a break with no adverts) gets no
        // answer to the play, and nothing would end the wait.
        const stopped = (yield* select(selectPlayerState)).media.paused;
        // not let go between the advert and the film: the play comes within this task, or not at all
        const { resumed } = yield* race({
          resumed: take(playbackRequests.playRequested.type),
          not: call([clock, clock.sleep], 0),
        });
        resuming = stopped && Boolean(resumed);
      }
      yield* askAsWanted();
    }
  } finally {
    if (lock.asked && (yield* stoppedForGood())) yield* letGo();
  }
}
