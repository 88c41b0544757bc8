import { buffers, eventChannel } from 'redux-saga';
import { call, fork, put, select, take } from 'typed-redux-saga';
import type { MediaSessionEvent } from '../../src/ports/types';
import { adsActions } from '../../src/state/ads';
import { contentActions } from '../../src/state/content';
import { mediaActions } from '../../src/state/playback';
import { selectPlayerState } from '../../src/state/selectors';
import { streamActions } from '../../src/state/stream';
import { systemMediaActions } from '../../src/state/systemMedia';
import { anyOf } from '../lib/anyOf';
import { stoppedForGood } from '../lib/stoppedForGood';
import { untilFirstFrameSettled } from '../lib/firstFrameSettled';
import { getPorts } from '../lib/context';
import { requestFor, sessionOf, type SystemSession, changingForSystem } from './rules';

/**
 * The moments the position jumps or its pace changes; between them the system moves it on by itself
 * at the playback rate, so it is not told every second. A stall is one: the film stops there while
 * still playing, and the system would run on.
 */
const positionMoment = anyOf([
  mediaActions.playing.type,
  mediaActions.waiting.type,
  mediaActions.paused.type,
  mediaActions.seeked.type,
  mediaActions.ended.type,
  mediaActions.durationChanged.type,
  mediaActions.reset.type,
  streamActions.rateChanged.type,
  adsActions.breakStarted.type,
  adsActions.breakEnded.type,
  contentActions.episodeSelected.type,
]);

/** The session's parts are flat (fields and lists of plain values): equal value by value. */
function same(a: object | null, b: object | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const keys = Object.keys(a);
  const values = b as Record<string, unknown>;
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => (a as Record<string, unknown>)[key] === values[key])
  );
}

/** The system's controls pressed: logged as pressed, then the player's own request for each. */
function* controlPresses() {
  const { mediaSession } = yield* getPorts();
  const presses = eventChannel<MediaSessionEvent>(
    (emit) => mediaSession.subscribe(emit),
    buffers.expanding(8),
  );
  try {
    for (;;) {
      const event = yield* take(presses);
      yield* put(systemMediaActions.controlPressed(event));
      const request = requestFor(event, yield* select(selectPlayerState));
      if (request) yield* put(request);
    }
  } finally {
    presses.close();
  }
}

/**
 * Tells the system what changed from `before` to `wanted`; the position only at its moments, and
 * whether there is one, its duration and pace at once. Answers what the system shows now.
 */
function* tell(before: SystemSession, wanted: SystemSession, moment: boolean) {
  const { mediaSession } = yield* getPorts();
  if (!same(before.metadata, wanted.metadata))
    yield* call([mediaSession, mediaSession.setMetadata], wanted.metadata);
  if (!same(before.actions, wanted.actions))
    yield* call([mediaSession, mediaSession.setActions], wanted.actions);
  if (before.playbackState !== wanted.playbackState)
    yield* call([mediaSession, mediaSession.setPlaybackState], wanted.playbackState);
  const paceChanged =
    (before.position === null) !== (wanted.position === null) ||
    before.position?.duration !== wanted.position?.duration ||
    before.position?.playbackRate !== wanted.position?.playbackRate;
  if ((moment || paceChanged) && !same(before.position, wanted.position))
    yield* call([mediaSession, mediaSession.setPositionState], wanted.position);
  return moment || paceChanged ? wanted : { ...wanted, position: before.position };
}

/** What the system shows once the player has taken it all back. */
const UNTOLD: SystemSession = {
  metadata: null,
  playbackState: 'none',
  actions: [],
  position: null,
};

/**
 * The media session actor: the title, season and episode, poster, play state and position on the
 * media keys, the lock screen and the system's notification, and its controls as the player's own
 * requests. Each part is told to the system only when it changed.
 *
 * The system shows a page's session only once its media plays, so it tells nothing before the
 * session's first frame has settled, then all of it at once. Started after that (a restart, or a
 * replay from a checkpoint), it takes what the state wants shown as told: the browser still shows
 * what the crashed one told, so it tells nothing until something changes. Only a player destroyed
 * takes it all back, so the browser's own media keys work again; a crash leaves it shown.
 */
export function* mediaSessionActor() {
  const fresh = yield* untilFirstFrameSettled();
  yield* fork(controlPresses);
  let before = fresh ? UNTOLD : sessionOf(yield* select(selectPlayerState));
  try {
    before = yield* tell(before, sessionOf(yield* select(selectPlayerState)), true);
    for (;;) {
      // the position reports pass by without waking this actor: it has nothing to do with them
      const action = yield* take(changingForSystem);
      const wanted = sessionOf(yield* select(selectPlayerState));
      before = yield* tell(before, wanted, positionMoment(action));
    }
  } finally {
    if (yield* stoppedForGood()) yield* tell(before, UNTOLD, true);
  }
}
