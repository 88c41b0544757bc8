// The creative driver of a video ad: the ad's own <video> through the ad media port.
import type { SagaIterator } from 'redux-saga';
import { call, fork, put, race, select } from 'typed-redux-saga';
import type { AdMediaEvent } from '../../src/ports/types';
import type { PlayOutcome } from '../../src/shared/media';
import { adsActions, selectAdMuted, selectAdVolume } from '../../src/state/ads';
import { QUARTILES, VAST_ERROR } from '../../src/vast/model';
import { selectAdWanted } from '../../src/state/selectors';
import { getPorts } from '../lib/context';
import { joinTask, type TaskOf } from '../lib/tasks';
import { plain } from '../lib/plainEffects';
import {
  loaded,
  paused,
  playing,
  progressed,
  startedPlaying,
  volumeChanged,
  type AdRun,
  type CreativeDriver,
} from './adLoop';
import type { AdOutcome } from './adOutcome';
import { MEDIA_TIMEOUT_MS } from './limits';
import type { PreparedSession } from './openAdSession';

/** play(), which a stalled element may never settle: null after the media time limit. */
function* playWithinLimit() {
  const { adMedia, clock } = yield* getPorts();
  const { played } = yield* race({
    played: plain.call([adMedia, adMedia.play]),
    timeout: plain.call([clock, clock.sleep], MEDIA_TIMEOUT_MS),
  });
  return played ?? null;
}

/** The ad <video>'s events, and the outcome of each play attempt the driver starts. */
export type VideoEvent = AdMediaEvent | { type: 'played'; outcome: PlayOutcome | null };
type VideoRun = AdRun<VideoEvent>;
/** a play() started at the break's head, before the loop */
export type EarlyPlay = TaskOf<PlayOutcome | null>;

/**
 * The prepared ad started at the very head of its break when it is open, loaded and wanted, so the
 * click's first ad frame does not wait for the break's bookkeeping. Null when it cannot be.
 */
export function* startPreparedEarly(prepared: PreparedSession | null) {
  if (!prepared || prepared.task.isRunning()) return null;
  const session = prepared.task.result();
  // a SIMID ad's video waits for its creative (simidCreative.ts)
  if (!session?.preloaded || !session.media || session.creative !== 'video') return null;
  if (!(yield* select(selectAdWanted))) return null;
  const { adMedia } = yield* getPorts();
  const loaded = yield* call([adMedia, adMedia.load], session.media.url);
  if (!loaded.ready) return null;
  yield* call([adMedia, adMedia.show], true);
  return yield* fork(playWithinLimit);
}

/**
 * One attempt to start the ad (or the outcome of one started early, at the break's head): without
 * sound when the browser refuses sound without a gesture, as content does. Reported to the inbox.
 */
function* attemptPlay(run: VideoRun, early: EarlyPlay | null) {
  const { adMedia } = yield* getPorts();
  let outcome = early ? yield* joinTask(early) : yield* playWithinLimit();
  if (outcome && !outcome.ok && outcome.reason === 'not-allowed') {
    const volume = yield* select(selectAdVolume);
    yield* call([adMedia, adMedia.setVolume], volume, true);
    outcome = yield* playWithinLimit();
  }
  yield* put(run.inbox, { kind: 'media', event: { type: 'played', outcome } });
}

/** A play attempt's outcome: not in time or not playable ends the ad; refused sound asks a click. */
function* played(run: VideoRun, outcome: PlayOutcome | null): SagaIterator<AdOutcome | null> {
  const { track } = run;
  if (!outcome)
    return yield* track.failed(VAST_ERROR.MEDIA_TIMEOUT, 'The ad did not start in time');
  if (!outcome.ok && outcome.reason === 'not-allowed') yield* put(adsActions.adNeedsClick());
  if (!outcome.ok && outcome.reason === 'failed')
    return yield* track.failed(VAST_ERROR.CANNOT_PLAY, 'The ad video cannot play');
  return null;
}

/** A video ad's driver: `early` is a play started at the break's head, before the loop. */
export function* videoCreative(mediaUrl: string, early: EarlyPlay | null) {
  const { adMedia } = yield* getPorts();
  let playPending = false;
  const startPlay = function* (run: VideoRun, from: EarlyPlay | null) {
    playPending = true;
    run.tasks.push(yield* fork(attemptPlay, run, from));
  };
  let mutingForBrowser = false;
  let playedOnMuted = false;
  /**
   * The advert paused without the player asking. Safari pauses one it finds has sound before any
   * click: once, an audible advert plays on muted, as a start refused for its sound does. Any other
   * such pause (already muted, a second one: the viewer's context menu, the system's) shows it
   * paused, for the viewer's click; while it is not wanted (hidden, out of view) it only stays so.
   */
  const pausedByBrowser = function* (run: VideoRun) {
    yield* paused(run, false);
    if (!(yield* select(selectAdWanted))) return;
    if (playedOnMuted || (yield* select(selectAdMuted))) {
      yield* put(adsActions.adPaused());
      return;
    }
    playedOnMuted = true;
    mutingForBrowser = true;
    yield* call([adMedia, adMedia.setVolume], yield* select(selectAdVolume), true);
    if (!playPending) yield* startPlay(run, null);
  };
  const driver: CreativeDriver<VideoEvent> = {
    limits: {
      load: { code: VAST_ERROR.MEDIA_TIMEOUT, message: 'The media file did not load in time' },
      stall: { code: VAST_ERROR.MEDIA_DELIVERY, message: 'The media file stalled' },
    },
    subscribe: (emit) => adMedia.subscribe(emit),
    *begin(run) {
      const preloaded = yield* call([adMedia, adMedia.load], mediaUrl);
      yield* call([adMedia, adMedia.show], true);
      if (early) yield* startPlay(run, early);
      if (preloaded.ready) {
        const event: VideoEvent = { type: 'loaded', duration: preloaded.duration };
        yield* put(run.inbox, { kind: 'media', event });
      }
    },
    *onEvent(run, event) {
      switch (event.type) {
        case 'loaded':
          yield* loaded(run, event.duration);
          return null;
        case 'playing':
          yield* run.started ? playing(run) : startedPlaying(run);
          return null;
        case 'pause':
          if (event.atEnd === false && !run.pausing && !run.ending) {
            yield* pausedByBrowser(run);
            return null;
          }
          yield* paused(run, run.pausing); // its own pause at its end is not the viewer's
          return null;
        case 'timeupdate':
          if (event.duration > 0) run.durationSec = event.duration;
          yield* progressed(run, event.currentTime, true);
          return null;
        case 'volumechange':
          // the player's own mute is not the viewer's
          yield* volumeChanged(run, event.volume, event.muted, run.started && !mutingForBrowser);
          mutingForBrowser = false;
          return null;
        case 'ended':
          for (const [name] of QUARTILES) yield* run.track.event(name);
          yield* run.track.event('complete');
          return { status: 'completed', error: null };
        case 'error': {
          // before the first frame, a file that is not there (4) or cannot be decoded (3)
          const [code, what] =
            !run.started && event.code === 4
              ? [VAST_ERROR.MEDIA_NOT_FOUND, 'Media file not found']
              : !run.started && event.code === 3
                ? [VAST_ERROR.CANNOT_PLAY, 'Media file cannot play']
                : [VAST_ERROR.MEDIA_DELIVERY, 'Media delivery failed'];
          return yield* run.track.failed(code, `${what}: ${event.message}`);
        }
        case 'played':
          playPending = false;
          return yield* played(run, event.outcome);
      }
    },
    *play(run) {
      if (!playPending) yield* startPlay(run, null);
    },
    *pause() {
      yield* call([adMedia, adMedia.pause]);
    },
    *setVolume(volume, muted) {
      yield* call([adMedia, adMedia.setVolume], volume, muted);
    },
    *end() {
      yield* call([adMedia, adMedia.pause]);
    },
  };
  return driver;
}
