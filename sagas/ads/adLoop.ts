// The one ad loop, for video ads and VPAID creatives alike: one inbox that the creative's events,
// the viewer's and the page's actions and a watchdog all write to, read in order. What is the same
// for every creative (play state, skip, volume, progress, quartiles, time limits, tracking,
// viewability) is here; a creative driver turns its own events into these and carries out the loop's
// commands. Its industry icons show and are tracked as it plays (icons.ts).
import type { Action } from 'redux';
import { buffers, channel, type Channel, type SagaIterator, type Task } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeEvery } from 'typed-redux-saga';
import {
  adRequests,
  adsActions,
  selectAdMuted,
  selectSkipOffset,
  selectVolumeAsked,
} from '../../src/state/ads';
import { contentActions } from '../../src/state/content';
import { viewportActions } from '../../src/state/viewport';
import { QUARTILES, type VastAd, type VastErrorCode, type VastOffset } from '../../src/vast/model';
import { offsetSeconds } from '../../src/vast/offsets';
import { anyOf } from '../lib/anyOf';
import { getPorts } from '../lib/context';
import { MEDIA_TIMEOUT_MS, STALL_TIMEOUT_MS, WATCHDOG_MS } from './limits';
import { selectAdWanted } from '../../src/state/selectors';
import { adTracking, type AdTracking } from './tracking';
import { adIcons, type IconKeeper } from './icons';
import { verificationsNotRun } from './verification';
import { adViewability, type ViewabilityMeter } from './viewability';
import type { AdOutcome } from './adOutcome';

const SKIPPED: AdOutcome = { status: 'skipped', error: null };
const STOPPED: AdOutcome = { status: 'stopped', error: null };

/** How long a creative may take to confirm a skip or stop before the player ends the ad itself. */
export const CONFIRM_MS = 2_000;

/** What wakes an ad's loop: its creative's events, an action, the watchdog. */
export type Wake<E> =
  | { kind: 'media'; event: E }
  | { kind: 'action'; action: Action }
  | { kind: 'watchdog'; now: number };

const WAKING_ACTIONS = anyOf([
  adRequests.skipRequested.type,
  adRequests.clickThroughRequested.type,
  adRequests.playPauseRequested.type,
  adRequests.hostPlayRequested.type,
  adRequests.volumeRequested.type,
  adRequests.industryIconClicked.type,
  adRequests.iconFallbackClosed.type,
  viewportActions.pageVisibilityChanged.type,
  viewportActions.intersectionChanged.type,
  contentActions.episodeSelected.type,
]);

/** Where one ad stands, as the loop and its creative driver see it. */
export interface AdRun<E> {
  loaded: boolean;
  /** the creative has started (its first frame is on, or it was told to start) */
  started: boolean;
  paused: boolean;
  /** the pause was the player's (viewer, visibility, click-through), so a resume is tracked */
  pausing: boolean;
  currentTime: number;
  durationSec: number;
  /** a skip offset in percent that the VAST gave no duration for: placed by the creative's */
  skipPercent: VastOffset | null;
  shownSecond: number;
  /** when the ad last loaded, started or moved on: the time limits count from it */
  since: number;
  /** an end asked of the creative, which it has not confirmed yet, and since when */
  ending: { outcome: AdOutcome; since: number } | null;
  inbox: Channel<Wake<E>>;
  driver: CreativeDriver<E>;
  /** tasks that end with the ad */
  tasks: Task[];
  track: AdTracking;
  viewability: ViewabilityMeter;
  icons: IconKeeper;
}

/** What one kind of creative does, in the loop's words. */
export interface CreativeDriver<E> {
  /** the error each time limit ends the ad with, for this kind of creative */
  limits: Record<'load' | 'stall', { code: VastErrorCode; message: string }>;
  subscribe(emit: (event: E) => void): () => void;
  /** loads the creative (and starts it, if it was started ahead) */
  begin(run: AdRun<E>): SagaIterator<void>;
  /** one of its own events (its port's, or its own commands' outcomes): what changed, or the end */
  onEvent(run: AdRun<E>, event: E): SagaIterator<AdOutcome | null>;
  /** plays (or resumes) the creative that is paused and wanted */
  play(run: AdRun<E>): SagaIterator<void>;
  pause(): SagaIterator<void>;
  /** the viewer's skip past the skip time: the end, or null until the creative confirms it */
  skip?(run: AdRun<E>): SagaIterator<AdOutcome | null>;
  setVolume(volume: number, muted: boolean): SagaIterator<void>;
  /** the creative takes its own clicks (and tracks them): the player shows no click-through */
  ownClicks?: true;
  /** whatever the ad's end, the creative stops; the outcome, when the ad had one (not cancelled) */
  end(outcome: AdOutcome | null): SagaIterator<void>;
}

function* watchdog<E>(inbox: Channel<Wake<E>>) {
  const { clock } = yield* getPorts();
  for (;;) {
    yield* call([clock, clock.sleep], WATCHDOG_MS);
    yield* put(inbox, { kind: 'watchdog', now: yield* call([clock, clock.now]) });
  }
}

/** The clock's now, from which the ad's time limits count again. */
function* restartLimits<E>(run: AdRun<E>) {
  const { clock } = yield* getPorts();
  run.since = yield* call([clock, clock.now]);
}

/**
 * Plays or pauses as SPEC.md section 4 wants: hidden stops, the viewer's click decides, else 51%
 * visible. A driver that held its creative back (a SIMID creative not ready yet) asks again here.
 */
export function* decide<E>(run: AdRun<E>) {
  if (!run.loaded || run.ending) return;
  const wanted = yield* select(selectAdWanted);
  if (wanted && run.paused) yield* run.driver.play(run);
  else if (!wanted && run.started && !run.paused) {
    run.pausing = true;
    yield* run.driver.pause();
  }
}

/** A skip offset in percent is told once the creative knows the duration it is a share of. */
function* placeSkipOffset<E>(run: AdRun<E>) {
  if (!run.skipPercent || !(run.durationSec > 0)) return;
  const skipOffsetSec = offsetSeconds(run.skipPercent, run.durationSec);
  run.skipPercent = null;
  yield* put(adsActions.skipOffsetKnown({ skipOffsetSec }));
}

/** The creative loaded (its duration, when it tells one): it may play now. */
export function* loaded<E>(run: AdRun<E>, durationSec: number) {
  run.loaded = true;
  if (durationSec > 0) run.durationSec = durationSec;
  yield* placeSkipOffset(run);
  yield* restartLimits(run);
  yield* decide(run);
}

/** The creative plays (again): a resume after the player's pause is tracked. */
export function* playing<E>(run: AdRun<E>) {
  run.paused = false;
  yield* restartLimits(run);
  if (run.pausing) yield* run.track.event('resume');
  run.pausing = false;
  yield* put(adsActions.adPlaying());
  yield* decide(run); // a pause asked while it was starting holds
}

/** The creative started (first frame, AdStarted): told, impression and start tracked, and it plays. */
export function* startedPlaying<E>(run: AdRun<E>) {
  run.started = true;
  yield* put(adsActions.adStarted());
  yield* run.track.impression();
  yield* run.track.event('start');
  yield* run.viewability.started();
  yield* run.icons.started(run.currentTime);
  yield* playing(run);
}

/** The creative paused; told and tracked when `tracked` (a video's own pause at its end is not). */
export function* paused<E>(run: AdRun<E>, tracked: boolean) {
  run.paused = true;
  if (!tracked) return;
  yield* put(adsActions.adPaused());
  yield* run.track.event('pause');
}

/** The ad is at this second of its duration: progress tracking, quartiles when asked, the countdown. */
export function* progressed<E>(run: AdRun<E>, at: number, quartiles: boolean) {
  yield* placeSkipOffset(run);
  if (at > run.currentTime) yield* restartLimits(run);
  run.currentTime = at;
  const d = run.durationSec;
  if (quartiles && d > 0) {
    for (const [name, share] of QUARTILES) if (at >= d * share) yield* run.track.event(name);
  }
  yield* run.track.progressTo(at, d > 0 ? d : null);
  yield* run.viewability.playedTo(at);
  yield* run.icons.playedTo(at);
  const second = Math.floor(at);
  if (second !== run.shownSecond) {
    run.shownSecond = second;
    yield* put(adsActions.adProgressed({ currentTime: at, durationSec: d }));
  }
}

/** The creative's volume changed: the state follows, and a mute or unmute is tracked when `tracked`. */
export function* volumeChanged<E>(run: AdRun<E>, volume: number, muted: boolean, tracked: boolean) {
  const was = yield* select(selectAdMuted);
  yield* put(adsActions.volumeChanged({ volume, muted }));
  if (was !== muted && tracked) yield* run.track.event(muted ? 'mute' : 'unmute');
}

function* onAction<E>(run: AdRun<E>, driver: CreativeDriver<E>, action: Action) {
  if (adRequests.skipRequested.match(action)) {
    const skipAt = yield* select(selectSkipOffset);
    // SPEC.md section 5: skipping only once the skip time has passed.
    if (skipAt === null || run.currentTime < skipAt || run.ending) return null;
    yield* run.track.event('skip');
    return driver.skip ? yield* driver.skip(run) : SKIPPED;
  }
  if (adRequests.volumeRequested.match(action)) {
    yield* driver.setVolume(action.payload.volume, action.payload.muted);
    return null;
  }
  if (contentActions.episodeSelected.match(action)) return STOPPED;
  if (adRequests.clickThroughRequested.match(action) && !driver.ownClicks) yield* run.track.click();
  if (adRequests.industryIconClicked.match(action)) yield* run.icons.clicked(action.payload.index);
  yield* run.viewability.looked();
  yield* decide(run); // play/pause click, click-throughs, a fallback image, page visibility, intersection
  return null;
}

/** The watchdog's look at the time limits: a creative that never loads, stalls, or never confirms. */
function* onWatchdog<E>(run: AdRun<E>, driver: CreativeDriver<E>, now: number) {
  const { load, stall } = driver.limits;
  if (run.ending && now - run.ending.since >= CONFIRM_MS) return run.ending.outcome;
  if (!run.loaded && now - run.since >= MEDIA_TIMEOUT_MS)
    return yield* run.track.failed(load.code, load.message);
  if (run.started && !run.paused && now - run.since >= STALL_TIMEOUT_MS)
    return yield* run.track.failed(stall.code, stall.message);
  return null;
}

/** Asks the creative to end; if it does not confirm in time, the ad ends anyway. */
export function* endWhenConfirmed<E>(run: AdRun<E>, outcome: AdOutcome, command: () => void) {
  const { clock } = yield* getPorts();
  run.ending = { outcome, since: yield* call([clock, clock.now]) };
  yield* call(command);
}

/**
 * Plays one resolved ad with its creative's driver to an end state, firing its tracking; never
 * longer than its limits allow. The creative stops whatever the end. Its verification vendors hear
 * before it plays that their code does not run (verification.ts); its viewability is told once
 * (viewability.ts); its industry icons show as it plays (icons.ts).
 */
export function* runAdLoop<E extends object>(
  ad: VastAd,
  assetUri: string,
  contentTime: number,
  driver: CreativeDriver<E>,
): SagaIterator<AdOutcome> {
  const inbox = channel<Wake<E>>(buffers.expanding(16));
  const track = adTracking(ad, contentTime, assetUri, () => run.currentTime);
  const run: AdRun<E> = {
    loaded: false,
    started: false,
    paused: true,
    pausing: false,
    currentTime: 0,
    durationSec: ad.durationSec ?? 0,
    // what the ad's load could not place (playAd)
    skipPercent:
      ad.skipOffset && offsetSeconds(ad.skipOffset, ad.durationSec) === null ? ad.skipOffset : null,
    shownSecond: -1,
    since: 0,
    ending: null,
    inbox,
    driver,
    tasks: [],
    track,
    viewability: yield* adViewability(ad.viewableImpression, track),
    icons: yield* adIcons(ad.icons, track),
  };
  const unsubscribe = driver.subscribe((event) => inbox.put({ kind: 'media', event }));
  run.tasks.push(
    yield* fork(watchdog<E>, inbox),
    yield* takeEvery(WAKING_ACTIONS, function* (action: Action) {
      yield* put(inbox, { kind: 'action', action });
    }),
  );
  yield* restartLimits(run);
  let outcome: AdOutcome | null = null;
  try {
    yield* verificationsNotRun(ad.verifications, track);
    yield* driver.begin(run);
    const asked = yield* select(selectVolumeAsked); // asked between two ads, with none to take it
    if (asked) yield* driver.setVolume(asked.volume, asked.muted);
    for (;;) {
      const wake = yield* take<Wake<E>>(inbox);
      if (wake.kind === 'media') outcome = yield* driver.onEvent(run, wake.event);
      else if (wake.kind === 'action') outcome = yield* onAction(run, driver, wake.action);
      else outcome = yield* onWatchdog(run, driver, wake.now);
      if (outcome) {
        yield* run.viewability.ended();
        return outcome;
      }
    }
  } finally {
    for (const task of run.tasks) yield* cancel(task);
    unsubscribe();
    inbox.close();
    yield* driver.end(outcome);
  }
}
