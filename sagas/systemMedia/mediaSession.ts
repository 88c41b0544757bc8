import { buffers, eventChannel } from 'redux-saga';
import type { UnknownAction } from 'redux';
import { call, fork, put, select, take } from 'typed-redux-saga';
import type { MediaSessionEvent } from '../../src/ports/types';
import { adsActions } from '../../src/state/ads';
import { contentActions } from '../../src/state/content';
import { mediaActions } from '../../src/state/playback';
import { selectPlayerState } from '../../src/state/selectors';
import { streamActions } from '../../src/state/stream';
import { systemMediaActions } from '../../src/state/systemMedia';
import { getPorts } from '../lib/context';
import { requestFor, sessionOf, type SystemSession } from './rules';

/** The advert's progress: what the system shows does not change with it. */
const STEADY = new Set<string>([adsActions.adProgressed.type]);

/**
 * The moments the position jumps or its pace changes; between them the system moves it on by itself
 * at the playback rate, so it is not told every second.
 */
const POSITION_MOMENTS = new Set<string>([
  mediaActions.playing.type,
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

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
 * The media session actor: the title, season and episode, poster, play state and position on the
 * media keys, the lock screen and the system's notification, and its controls as the player's own
 * requests. Each part is told to the system only when it changed.
 */
export function* mediaSessionActor() {
  const { mediaSession } = yield* getPorts();
  yield* fork(controlPresses);
  // what a page shows before it tells anything
  let before: SystemSession = {
    metadata: null,
    playbackState: 'none',
    actions: [],
    position: null,
  };
  for (;;) {
    const action: UnknownAction = yield* take('*');
    if (STEADY.has(action.type)) continue;
    const wanted = sessionOf(yield* select(selectPlayerState));
    if (!same(before.metadata, wanted.metadata))
      yield* call([mediaSession, mediaSession.setMetadata], wanted.metadata);
    if (!same(before.actions, wanted.actions))
      yield* call([mediaSession, mediaSession.setActions], wanted.actions);
    if (before.playbackState !== wanted.playbackState)
      yield* call([mediaSession, mediaSession.setPlaybackState], wanted.playbackState);
    // the position itself only at its moments; whether there is one, its duration and pace at once
    const moment = POSITION_MOMENTS.has(action.type);
    const paceChanged =
      (before.position === null) !== (wanted.position === null) ||
      before.position?.duration !== wanted.position?.duration ||
      before.position?.playbackRate !== wanted.position?.playbackRate;
    if ((moment || paceChanged) && !same(before.position, wanted.position))
      yield* call([mediaSession, mediaSession.setPositionState], wanted.position);
    before = moment || paceChanged ? wanted : { ...wanted, position: before.position };
  }
}
