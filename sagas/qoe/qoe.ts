import type { UnknownAction } from 'redux';
import { call, put, select } from 'typed-redux-saga';
import { mediaActions, selectPlayedSeconds } from '../../src/state/playback';
import { qoeActions, selectQoe, TIMED_ACTIONS, timeMatters } from '../../src/state/qoe';
import { selectPlayerState } from '../../src/state/selectors';
import { streamActions } from '../../src/state/stream';
import { streamHealthActions } from '../../src/state/streamHealth';
import { resumeActions, selectAutoplay } from '../../src/state/resume';
import { getPorts } from '../lib/context';
import { on, takeEach } from '../lib/takeEach';

/**
 * The moment of an action that a figure needs (a start intent, a first frame, a stall's start or
 * end, a break asked for), from the clock port, as an action: the reducer does the arithmetic, and
 * a replay reads the same clock from the log.
 */
function* clockAfter(action: UnknownAction) {
  if (!timeMatters(yield* select(selectQoe), action.type)) return;
  const { clock } = yield* getPorts();
  const atMs = yield* call([clock, clock.now]);
  yield* put(qoeActions.clocked({ of: action.type, atMs }));
}

/** Another level plays: its bitrate, from the played seconds now, for the time-weighted average. */
function* levelPlayed({ payload }: ReturnType<typeof streamActions.levelSwitched>) {
  const state = yield* select(selectPlayerState);
  const level = state.stream.levels[payload.level];
  yield* put(
    qoeActions.levelPlayed({
      bitrate: level?.bitrate ?? null,
      height: level?.height ?? null,
      playedSeconds: selectPlayedSeconds(state),
    }),
  );
}

/**
 * The element's frame counts, read before something resets them within the episode (hls.js's media
 * recovery attaches the element afresh, another studio's source or the stop after a failure loads
 * it anew): the episode's counts go on from them.
 */
function* keepFrames() {
  const { media } = yield* getPorts();
  yield* put(qoeActions.framesKept(yield* call([media, media.playbackQuality])));
}

function* onRecovering() {
  // a network recovery loads on in the same element: its counts go on by themselves
  if ((yield* select(selectPlayerState)).stream.lastError?.kind === 'media') yield* keepFrames();
}

function* onReset({ payload }: ReturnType<typeof mediaActions.reset>) {
  if (payload?.keepPlayed) yield* keepFrames(); // the same episode, another source
}

/**
 * Whether the episode chosen starts by itself (the host page's choice included), kept beside the
 * moment it was asked for: that moment is its start intent only if so.
 */
function* autoplayDecided() {
  yield* put(qoeActions.autoplayDecided({ autoplay: yield* select(selectAutoplay) }));
}

/**
 * The quality-of-experience actor: times what the viewer waits for, and tells which level plays
 * from when. It remembers nothing of its own (the tallies are the state's), so a restart goes on
 * where it was.
 */
export function* qoeActor() {
  yield* takeEach(
    { types: TIMED_ACTIONS, handle: clockAfter },
    on(streamActions.levelSwitched, levelPlayed),
    on(resumeActions.decided, autoplayDecided),
    on(streamHealthActions.recovering, onRecovering),
    on(mediaActions.reset, onReset),
    on(streamHealthActions.failed, keepFrames),
  );
}
