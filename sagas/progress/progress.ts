import type { Task } from 'redux-saga';
import { call, cancel, fork, put, race, select, take } from 'typed-redux-saga';
import { on, takeEach } from '../lib/takeEach';
import {
  selectCurrentEpisode,
  selectCurrentSecond,
  selectDurationSecond,
} from '../../src/state/selectors';
import { plain } from '../lib/plainEffects';
import { contentActions, selectCurrentEpisodeId } from '../../src/state/content';
import { nextUpActions } from '../../src/state/nextUp';
import { mediaActions, playbackRequests, selectMedia } from '../../src/state/playback';
import { atEpisodeEnd, resumeActions, selectSavedTime } from '../../src/state/resume';
import { viewportActions } from '../../src/state/viewport';
import type { PlayerState } from '../../src/state';
import { getPorts } from '../lib/context';
import { PROGRESS_KEY } from '../lib/storageKeys';
import { anyOf } from '../lib/anyOf';
import { storedPositions } from '../lib/storedValues';

const selectNextUp = (s: PlayerState) => s.nextUp;

/** SPEC.md section 9: saved progress is written at most every 10 s. */
export const PROGRESS_EVERY_MS = 10_000;

/**
 * The episode's end as it is written: the media's duration or the catalog's, whichever is later, so
 * that the continue prompt (decided on the catalog's) never offers it.
 */
const selectEpisodeEnd = (s: PlayerState) =>
  Math.max(selectDurationSecond(s), selectCurrentEpisode(s)?.duration ?? 0);

/**
 * Writes where the viewer is in the current episode into episodesTimeProgress; `finished`: its end
 * (the credits' countdown ran out), which no continue prompt offers, as after the episode's own end
 * or a stop in the media's last seconds.
 */
function* writeProgress(finished = false, leaving = false) {
  // during the switch to another episode the old video's position is nobody's: it would undo the
  // finished one, or be written under the next episode's id once it is chosen; only the end itself
  // and the leaving of an episode not ended yet are written
  const { requested, ended } = yield* select(selectNextUp);
  if (requested && !finished && !(leaving && !ended)) return;
  const { storage } = yield* getPorts();
  const episodeId = yield* select(selectCurrentEpisodeId);
  // the end is written as the element's end writes it: its position then, the duration
  const time = yield* select(finished ? selectDurationSecond : selectCurrentSecond);
  if (episodeId === null || time < 1) return;
  const { duration } = yield* select(selectMedia);
  const saved = finished || atEpisodeEnd(time, duration) ? yield* select(selectEpisodeEnd) : time;
  const progress = storedPositions(yield* call([storage, storage.get], PROGRESS_KEY));
  yield* call(
    [storage, storage.set],
    PROGRESS_KEY,
    JSON.stringify({ ...progress, [episodeId]: saved }),
  );
}

/** While playing, a write every 10 s; pausing, leaving the episode or the page writes at once. */
function* whilePlaying() {
  const { clock } = yield* getPorts();
  for (;;) {
    const { stopped } = yield* race({
      tick: plain.call([clock, clock.sleep], PROGRESS_EVERY_MS),
      stopped: plain.take(
        anyOf([
          mediaActions.paused.type,
          mediaActions.ended.type,
          nextUpActions.countdownEnded.type,
          contentActions.episodeRequested.type,
        ]),
      ),
    });
    yield* call(
      writeProgress,
      Boolean(stopped && nextUpActions.countdownEnded.match(stopped)),
      Boolean(stopped && contentActions.episodeRequested.match(stopped)),
    );
    if (stopped) return;
  }
}

/** Leaving the page writes at once (synchronously, inside the browser's pagehide). */
function* onPageVisibility(action: ReturnType<typeof viewportActions.pageVisibilityChanged>) {
  if (action.payload.hidden) yield* call(writeProgress);
}

function* continueWatching() {
  const savedTime = yield* select(selectSavedTime);
  // the prompt may have been decided on the catalog's duration, before the media's was known: at
  // the media's own end there is nothing left to continue
  const { duration } = yield* select(selectMedia);
  if (savedTime !== null && atEpisodeEnd(savedTime, duration)) {
    yield* call(startOver);
    return;
  }
  if (savedTime !== null) yield* put(playbackRequests.seekRequested({ time: savedTime }));
  yield* put(playbackRequests.playRequested());
}

function* startOver() {
  yield* put(playbackRequests.seekRequested({ time: 0 }));
  yield* put(playbackRequests.playRequested());
}

/** The save loop of the playing now, restarted by each playing (as takeLatest would). */
function* eachPlaying(playingNow: boolean) {
  let loop: Task | null = playingNow ? yield* fork(whilePlaying) : null;
  for (;;) {
    yield* take(mediaActions.playing.type);
    if (loop) yield* cancel(loop);
    loop = yield* fork(whilePlaying);
  }
}

/**
 * The progress actor: where the viewer is in each episode (the viewer's other memory is the
 * preferences actor's) and the answer to the continue prompt.
 */
export function* progressActor() {
  // restarted after a crash while the film plays, it saves on from where it is
  const { started, paused } = yield* select(selectMedia);
  yield* fork(eachPlaying, started && !paused);
  yield* takeEach(
    on(resumeActions.continueRequested, continueWatching),
    on(resumeActions.startOverRequested, startOver),
    on(viewportActions.pageVisibilityChanged, onPageVisibility),
  );
}
