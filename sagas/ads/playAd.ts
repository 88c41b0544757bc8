import type { Action } from 'redux';
import { buffers, channel, eventChannel, type Channel, type EventChannel } from 'redux-saga';
import { call, cancel, fork, join, put, race, select, take, takeEvery } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import type { AdMediaEvent, PlayOutcome } from '../../src/ports/types';
import type { PlayerState } from '../../src/state';
import { adRequests, adsActions, type AdEndStatus } from '../../src/state/ads';
import { contentActions } from '../../src/state/content';
import { viewportActions } from '../../src/state/viewport';
import { chooseMediaFile } from '../../src/vast/media';
import {
  VAST_ERROR,
  type VastAd,
  type VastErrorCode,
  type VastStep,
  type VastMediaFile,
} from '../../src/vast/model';
import { offsetSeconds } from '../../src/vast/offsets';
import { getPorts } from '../lib/context';
import { fetchVast } from './fetchVast';
import { MEDIA_TIMEOUT_MS, STALL_TIMEOUT_MS, VISIBILITY_THRESHOLD, WATCHDOG_MS } from './limits';
import { createOnceSet, fire, type TrackingContext } from './tracking';

export interface AdOutcome {
  status: AdEndStatus;
  error: { code: VastErrorCode; message: string } | null;
}

/** VAST quartile events at 25, 50 and 75% of the duration (SPEC.md section 9). */
const QUARTILES: [string, number][] = [
  ['firstQuartile', 0.25],
  ['midpoint', 0.5],
  ['thirdQuartile', 0.75],
];

/** What wakes the ad's loop: its media element, the viewer and the page, the watchdog. */
type Wake =
  | { kind: 'media'; event: AdMediaEvent }
  | { kind: 'action'; action: Action }
  | { kind: 'watchdog'; now: number };

const WAKING_ACTIONS = [
  adRequests.skipRequested.type,
  adRequests.clickThroughRequested.type,
  adRequests.playPauseRequested.type,
  adRequests.volumeRequested.type,
  viewportActions.pageVisibilityChanged.type,
  viewportActions.intersectionChanged.type,
  contentActions.episodeSelected.type,
];

function* forwardMedia(events: EventChannel<AdMediaEvent>, inbox: Channel<Wake>) {
  for (;;) {
    const event = (yield take(events)) as AdMediaEvent;
    yield put(inbox, { kind: 'media', event });
  }
}

function* watchdog(inbox: Channel<Wake>) {
  const { clock } = yield* getPorts();
  for (;;) {
    yield call([clock, clock.sleep], WATCHDOG_MS);
    yield put(inbox, { kind: 'watchdog', now: (yield call([clock, clock.now])) as number });
  }
}

const tracked = (ad: VastAd, event: string) =>
  ad.tracking.filter((t) => t.event === event).map((t) => t.url);

/** Plays one resolved ad to an end state, firing its tracking; never longer than its limits allow. */
function* runAd(ad: VastAd, mediaUrl: string, contentTime: number) {
  const { adMedia, clock } = yield* getPorts();
  const once = createOnceSet();
  const events = eventChannel<AdMediaEvent>(
    (emit) => adMedia.subscribe(emit),
    buffers.expanding(16),
  );
  const inbox = channel<Wake>(buffers.expanding(16));
  const tasks = [
    (yield fork(forwardMedia, events, inbox)) as Task,
    (yield fork(watchdog, inbox)) as Task,
    (yield takeEvery(WAKING_ACTIONS, function* (action: Action) {
      yield put(inbox, { kind: 'action', action });
    })) as Task,
  ];
  const run = {
    loaded: false,
    started: false,
    mediaPaused: true,
    /** the pause was ours (viewer, visibility, click-through), not the media's end */
    pausing: false,
    playPending: false,
    currentTime: 0,
    durationSec: ad.durationSec ?? 0,
    shownSecond: -1,
    since: (yield call([clock, clock.now])) as number,
  };
  const context = (): TrackingContext => ({
    adPlayhead: run.currentTime,
    contentPlayhead: contentTime,
    assetUri: mediaUrl,
  });
  const fireOnce = function* (key: string, urls: string[]) {
    if (once.first(key)) yield* fire(urls, context());
  };
  const failed = function* (code: VastErrorCode, message: string): Generator<unknown, AdOutcome> {
    // SPEC.md section 7: the error URLs carry the code in [ERRORCODE]
    if (once.first('error')) yield* fire(ad.errorUrls, { ...context(), errorCode: code });
    return { status: 'error', error: { code, message } };
  };

  /** play(), which a stalled element may never settle: null after the media time limit. */
  const playWithin = function* () {
    const { played } = (yield race({
      played: call([adMedia, adMedia.play]),
      timeout: call([clock, clock.sleep], MEDIA_TIMEOUT_MS),
    })) as { played?: PlayOutcome };
    return played ?? null;
  };

  /** SPEC.md section 4: hidden stops; the viewer's click decides; otherwise 51% visible plays. */
  const decide = function* (): Generator<unknown, AdOutcome | null> {
    if (!run.loaded) return null;
    const s = (yield select((st: PlayerState) => ({
      choice: st.ads.userChoice,
      hidden: st.viewport.hidden,
      ratio: st.viewport.visibleRatio,
      needsClick: st.ads.ad?.needsClick ?? false,
    }))) as {
      choice: 'play' | 'pause' | null;
      hidden: boolean;
      ratio: number;
      needsClick: boolean;
    };
    const wanted =
      !s.hidden &&
      (s.choice === 'play' ||
        (s.choice === null && !s.needsClick && s.ratio >= VISIBILITY_THRESHOLD));
    if (wanted && run.mediaPaused && !run.playPending) {
      run.playPending = true;
      let outcome = (yield* playWithin()) as PlayOutcome | null;
      if (!outcome) return yield* failed(VAST_ERROR.MEDIA_TIMEOUT, 'The ad did not start in time');
      if (!outcome.ok && outcome.reason === 'not-allowed') {
        // No sound without a gesture: muted, as content does; failing that, the viewer's click.
        const volume = (yield select((st: PlayerState) => st.ads.volume)) as number;
        yield call([adMedia, adMedia.setVolume], volume, true);
        outcome = (yield* playWithin()) as PlayOutcome | null;
        if (!outcome)
          return yield* failed(VAST_ERROR.MEDIA_TIMEOUT, 'The ad did not start in time');
        if (!outcome.ok && outcome.reason === 'not-allowed') yield put(adsActions.adNeedsClick());
      }
      run.playPending = false;
      if (!outcome.ok && outcome.reason === 'failed')
        return yield* failed(VAST_ERROR.CANNOT_PLAY, 'The ad video cannot play');
    } else if (!wanted && !run.mediaPaused) {
      run.pausing = true;
      yield call([adMedia, adMedia.pause]);
    }
    return null;
  };

  const onMedia = function* (event: AdMediaEvent): Generator<unknown, AdOutcome | null> {
    switch (event.type) {
      case 'loaded':
        run.loaded = true;
        if (event.duration > 0) run.durationSec = event.duration;
        run.since = (yield call([clock, clock.now])) as number;
        return yield* decide();
      case 'playing':
        run.mediaPaused = false;
        run.since = (yield call([clock, clock.now])) as number;
        if (!run.started) {
          run.started = true;
          yield put(adsActions.adStarted());
          yield* fireOnce('impression', ad.impressions);
          yield* fireOnce('start', tracked(ad, 'start'));
        } else if (run.pausing) {
          yield* fire(tracked(ad, 'resume'), context());
        }
        run.pausing = false;
        yield put(adsActions.adPlaying());
        return null;
      case 'pause':
        run.mediaPaused = true;
        // The media's own pause at its end is not the viewer's.
        if (!run.pausing) return null;
        yield put(adsActions.adPaused());
        yield* fire(tracked(ad, 'pause'), context());
        return null;
      case 'timeupdate': {
        if (event.currentTime > run.currentTime)
          run.since = (yield call([clock, clock.now])) as number;
        run.currentTime = event.currentTime;
        if (event.duration > 0) run.durationSec = event.duration;
        const d = run.durationSec;
        if (d > 0) {
          for (const [name, share] of QUARTILES) {
            if (run.currentTime >= d * share) yield* fireOnce(name, tracked(ad, name));
          }
        }
        for (const [i, t] of ad.tracking.entries()) {
          if (t.event !== 'progress' || !t.offset) continue;
          const at = offsetSeconds(t.offset, d > 0 ? d : null);
          if (at !== null && run.currentTime >= at) yield* fireOnce(`progress-${i}`, [t.url]);
        }
        const second = Math.floor(run.currentTime);
        if (second !== run.shownSecond) {
          run.shownSecond = second;
          yield put(adsActions.adProgressed({ currentTime: run.currentTime, durationSec: d }));
        }
        return null;
      }
      case 'volumechange': {
        const was = (yield select((st: PlayerState) => st.ads.muted)) as boolean;
        yield put(adsActions.volumeChanged({ volume: event.volume, muted: event.muted }));
        if (was !== event.muted && run.started)
          yield* fire(tracked(ad, event.muted ? 'mute' : 'unmute'), context());
        return null;
      }
      case 'ended':
        for (const [name] of QUARTILES) yield* fireOnce(name, tracked(ad, name));
        yield* fireOnce('complete', tracked(ad, 'complete'));
        return { status: 'completed', error: null };
      case 'error':
        if (!run.started && event.code === 4)
          return yield* failed(
            VAST_ERROR.MEDIA_NOT_FOUND,
            `Media file not found: ${event.message}`,
          );
        if (!run.started && event.code === 3)
          return yield* failed(VAST_ERROR.CANNOT_PLAY, `Media file cannot play: ${event.message}`);
        return yield* failed(VAST_ERROR.MEDIA_DELIVERY, `Media delivery failed: ${event.message}`);
    }
  };

  const onAction = function* (action: Action): Generator<unknown, AdOutcome | null> {
    if (adRequests.skipRequested.match(action)) {
      const skipAt = (yield select((st: PlayerState) => st.ads.ad?.skipOffsetSec ?? null)) as
        number | null;
      // SPEC.md section 5: skipping only once the skip time has passed.
      if (skipAt === null || run.currentTime < skipAt) return null;
      yield* fireOnce('skip', tracked(ad, 'skip'));
      return { status: 'skipped', error: null };
    }
    if (adRequests.clickThroughRequested.match(action)) {
      yield* fire(ad.clickTracking, context());
      return yield* decide();
    }
    if (adRequests.volumeRequested.match(action)) {
      yield call([adMedia, adMedia.setVolume], action.payload.volume, action.payload.muted);
      return null;
    }
    if (contentActions.episodeSelected.match(action)) return { status: 'stopped', error: null };
    return yield* decide(); // play/pause click, page visibility, intersection
  };

  try {
    const preloaded = (yield call([adMedia, adMedia.load], mediaUrl)) as {
      ready: boolean;
      duration: number;
    };
    yield call([adMedia, adMedia.show], true);
    if (preloaded.ready)
      yield put(inbox, { kind: 'media', event: { type: 'loaded', duration: preloaded.duration } });
    for (;;) {
      const wake = (yield take(inbox)) as Wake;
      let outcome: AdOutcome | null = null;
      if (wake.kind === 'media') outcome = yield* onMedia(wake.event);
      else if (wake.kind === 'action') outcome = yield* onAction(wake.action);
      else if (!run.loaded && wake.now - run.since >= MEDIA_TIMEOUT_MS)
        outcome = yield* failed(VAST_ERROR.MEDIA_TIMEOUT, 'The media file did not load in time');
      else if (run.loaded && !run.mediaPaused && wake.now - run.since >= STALL_TIMEOUT_MS)
        outcome = yield* failed(VAST_ERROR.MEDIA_DELIVERY, 'The media file stalled');
      if (outcome) return outcome;
    }
  } finally {
    for (const task of tasks) yield cancel(task);
    events.close();
    inbox.close();
    yield call([adMedia, adMedia.pause]);
  }
}

/**
 * One ad of a break, from its VAST address to an end state: created -> loaded -> started ->
 * playing <-> paused -> stopped | skipped | completed | error. Every step is an action.
 */
/** The media file the player would play for an ad, or null (403). */
function* chooseMedia(ad: VastAd) {
  const { adMedia } = yield* getPorts();
  const size = (yield call([adMedia, adMedia.size])) as { width: number; height: number };
  return chooseMediaFile(ad.mediaFiles, {
    width: size.width,
    height: size.height,
    bandwidthKbps: null,
    // VPAID creatives are not played yet: only media the <video> element can play
    canPlay: (type, codec, apiFramework) =>
      apiFramework?.toUpperCase() !== 'VPAID' && adMedia.canPlay(type, codec),
  });
}

/**
 * Resolves an ad ahead of its break and starts loading its media file (hidden), so that the viewer's
 * play click shows the ad's first frame without waiting for the VAST chain and the first bytes.
 */
export function* prepareAd(vastUrl: string) {
  const { adMedia } = yield* getPorts();
  const step: VastStep = yield* fetchVast(vastUrl);
  if (step.kind !== 'ad') return step;
  const media = yield* chooseMedia(step.ad);
  if (media) yield call([adMedia, adMedia.load], media.url);
  return step;
}

/** An ad prepared before its break: its VAST resolution, running or done. */
export interface PreparedAd {
  vastUrl: string;
  task: Task;
}

export function* playAd(
  index: number,
  vastUrl: string,
  contentTime: number,
  prepared: PreparedAd | null = null,
) {
  yield put(adsActions.adCreated({ index, vastUrl }));
  const step: VastStep =
    prepared?.vastUrl === vastUrl
      ? ((yield join(prepared.task)) as VastStep)
      : yield* fetchVast(vastUrl);
  if (step.kind === 'error') {
    const { failure } = step;
    yield* fire(failure.errorUrls, {
      adPlayhead: null,
      contentPlayhead: contentTime,
      assetUri: null,
      errorCode: failure.code,
    });
    return {
      status: 'error',
      error: { code: failure.code, message: failure.message },
    } as AdOutcome;
  }
  if (step.kind !== 'ad') throw new Error('VAST resolution ended on a wrapper');
  const { ad } = step;
  if (ad.ignoredUrls.length) yield put(adsActions.urlsIgnored({ vastUrl, urls: ad.ignoredUrls }));
  const media = (yield* chooseMedia(ad)) as VastMediaFile | null;
  const durationSec = ad.durationSec ?? 0;
  yield put(
    adsActions.adLoaded({
      id: ad.id,
      title: ad.title,
      durationSec,
      skipOffsetSec: ad.skipOffset ? offsetSeconds(ad.skipOffset, ad.durationSec) : null,
      clickThrough: ad.clickThrough,
    }),
  );
  if (!media) {
    yield* fire(ad.errorUrls, {
      adPlayhead: null,
      contentPlayhead: contentTime,
      assetUri: null,
      errorCode: VAST_ERROR.NO_SUPPORTED_MEDIA,
    });
    return {
      status: 'error',
      error: { code: VAST_ERROR.NO_SUPPORTED_MEDIA, message: 'No supported media file' },
    } as AdOutcome;
  }
  return (yield call(runAd, ad, media.url, contentTime)) as AdOutcome;
}
