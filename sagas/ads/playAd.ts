import type { SagaIterator } from 'redux-saga';
import type { Action } from 'redux';
import type { Channel, Task } from 'redux-saga';
import { call, fork, join, put, race, select, take } from 'typed-redux-saga';
import { joinTask, type TaskOf } from '../lib/tasks';
import { plain } from '../lib/plainEffects';
import type { AdMediaEvent } from '../../src/ports/types';
import type { PlayOutcome } from '../../src/shared/media';
import {
  adRequests,
  adsActions,
  selectAdMuted,
  selectAdVolume,
  selectSkipOffset,
} from '../../src/state/ads';
import { contentActions } from '../../src/state/content';
import { chooseMediaFile } from '../../src/vast/media';
import { VAST_ERROR, type VastAd, type VastStep } from '../../src/vast/model';
import { offsetSeconds } from '../../src/vast/offsets';
import { BANDWIDTH_KEY } from '../../src/stream/levels';
import { getPorts } from '../lib/context';
import { adWanted, openInbox, QUARTILES, type AdOutcome, type Wake } from './adLoop';
import { fetchVast } from './fetchVast';
import { runVpaid } from './playVpaid';
import { MEDIA_TIMEOUT_MS, STALL_TIMEOUT_MS } from './limits';
import { adTracking, fire } from './tracking';

type AdWake = Wake<AdMediaEvent>;

/** play(), which a stalled element may never settle: null after the media time limit. */
export function* playWithinLimit() {
  const { adMedia, clock } = yield* getPorts();
  const { played } = yield* race({
    played: plain.call([adMedia, adMedia.play]),
    timeout: plain.call([clock, clock.sleep], MEDIA_TIMEOUT_MS),
  });
  return played ?? null;
}

/**
 * One attempt to start the ad (or the outcome of one started early, at the break's head): without
 * sound when the browser refuses sound without a gesture, as content does. Reported to the ad's inbox.
 */
function* attemptPlay(inbox: Channel<AdWake>, early: Task | null) {
  const { adMedia } = yield* getPorts();
  let outcome = (early ? yield* join(early) : yield* playWithinLimit()) as PlayOutcome | null;
  if (outcome && !outcome.ok && outcome.reason === 'not-allowed') {
    const volume = yield* select(selectAdVolume);
    yield* call([adMedia, adMedia.setVolume], volume, true);
    outcome = yield* playWithinLimit();
  }
  yield* put(inbox, { kind: 'played', outcome });
}

/** Plays one resolved ad to an end state, firing its tracking; never longer than its limits allow. */
function* runAd(ad: VastAd, mediaUrl: string, contentTime: number, early: Task | null) {
  const { adMedia, clock } = yield* getPorts();
  const { inbox, tasks, close } = yield* openInbox<AdMediaEvent>((emit) => adMedia.subscribe(emit));
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
    since: yield* call([clock, clock.now]),
  };
  const track = adTracking(ad, contentTime, mediaUrl, () => run.currentTime);

  /** SPEC.md section 4: hidden stops; the viewer's click decides; otherwise 51% visible plays. */
  const decide = function* (): SagaIterator<AdOutcome | null> {
    if (!run.loaded) return null;
    const wanted = yield* select(adWanted);
    if (wanted && run.mediaPaused && !run.playPending) {
      run.playPending = true;
      tasks.push(yield* fork(attemptPlay, inbox, null));
    } else if (!wanted && !run.mediaPaused) {
      run.pausing = true;
      yield* call([adMedia, adMedia.pause]);
    }
    return null;
  };

  /** The outcome of a play attempt: refused for good asks for the viewer's click. */
  const onPlayed = function* (outcome: PlayOutcome | null): SagaIterator<AdOutcome | null> {
    run.playPending = false;
    if (!outcome)
      return yield* track.failed(VAST_ERROR.MEDIA_TIMEOUT, 'The ad did not start in time');
    if (!outcome.ok && outcome.reason === 'not-allowed') yield* put(adsActions.adNeedsClick());
    if (!outcome.ok && outcome.reason === 'failed')
      return yield* track.failed(VAST_ERROR.CANNOT_PLAY, 'The ad video cannot play');
    return null;
  };

  const onMedia = function* (event: AdMediaEvent): SagaIterator<AdOutcome | null> {
    switch (event.type) {
      case 'loaded':
        run.loaded = true;
        if (event.duration > 0) run.durationSec = event.duration;
        run.since = yield* call([clock, clock.now]);
        return yield* decide();
      case 'playing':
        run.mediaPaused = false;
        run.since = yield* call([clock, clock.now]);
        if (!run.started) {
          run.started = true;
          yield* put(adsActions.adStarted());
          yield* track.impression();
          yield* track.event('start');
        } else if (run.pausing) {
          yield* track.event('resume');
        }
        run.pausing = false;
        yield* put(adsActions.adPlaying());
        return null;
      case 'pause':
        run.mediaPaused = true;
        // The media's own pause at its end is not the viewer's.
        if (!run.pausing) return null;
        yield* put(adsActions.adPaused());
        yield* track.event('pause');
        return null;
      case 'timeupdate': {
        if (event.currentTime > run.currentTime) run.since = yield* call([clock, clock.now]);
        run.currentTime = event.currentTime;
        if (event.duration > 0) run.durationSec = event.duration;
        const d = run.durationSec;
        if (d > 0) {
          for (const [name, share] of QUARTILES) {
            if (run.currentTime >= d * share) yield* track.event(name);
          }
        }
        yield* track.progressTo(run.currentTime, d > 0 ? d : null);
        const second = Math.floor(run.currentTime);
        if (second !== run.shownSecond) {
          run.shownSecond = second;
          yield* put(adsActions.adProgressed({ currentTime: run.currentTime, durationSec: d }));
        }
        return null;
      }
      case 'volumechange': {
        const was = yield* select(selectAdMuted);
        yield* put(adsActions.volumeChanged({ volume: event.volume, muted: event.muted }));
        if (was !== event.muted && run.started) yield* track.event(event.muted ? 'mute' : 'unmute');
        return null;
      }
      case 'ended':
        for (const [name] of QUARTILES) yield* track.event(name);
        yield* track.event('complete');
        return { status: 'completed', error: null };
      case 'error':
        if (!run.started && event.code === 4)
          return yield* track.failed(
            VAST_ERROR.MEDIA_NOT_FOUND,
            `Media file not found: ${event.message}`,
          );
        if (!run.started && event.code === 3)
          return yield* track.failed(
            VAST_ERROR.CANNOT_PLAY,
            `Media file cannot play: ${event.message}`,
          );
        return yield* track.failed(
          VAST_ERROR.MEDIA_DELIVERY,
          `Media delivery failed: ${event.message}`,
        );
    }
  };

  const onAction = function* (action: Action): SagaIterator<AdOutcome | null> {
    if (adRequests.skipRequested.match(action)) {
      const skipAt = yield* select(selectSkipOffset);
      // SPEC.md section 5: skipping only once the skip time has passed.
      if (skipAt === null || run.currentTime < skipAt) return null;
      yield* track.event('skip');
      return { status: 'skipped', error: null };
    }
    if (adRequests.clickThroughRequested.match(action)) {
      yield* track.click();
      return yield* decide();
    }
    if (adRequests.volumeRequested.match(action)) {
      yield* call([adMedia, adMedia.setVolume], action.payload.volume, action.payload.muted);
      return null;
    }
    if (contentActions.episodeSelected.match(action)) return { status: 'stopped', error: null };
    return yield* decide(); // play/pause click, page visibility, intersection
  };

  try {
    const preloaded = yield* call([adMedia, adMedia.load], mediaUrl);
    yield* call([adMedia, adMedia.show], true);
    if (early) {
      run.playPending = true;
      tasks.push(yield* fork(attemptPlay, inbox, early));
    }
    if (preloaded.ready)
      yield* put(inbox, { kind: 'media', event: { type: 'loaded', duration: preloaded.duration } });
    for (;;) {
      const wake = yield* take<AdWake>(inbox);
      let outcome: AdOutcome | null = null;
      if (wake.kind === 'media') outcome = yield* onMedia(wake.event);
      else if (wake.kind === 'played') outcome = yield* onPlayed(wake.outcome);
      else if (wake.kind === 'action') outcome = yield* onAction(wake.action);
      else if (!run.loaded && wake.now - run.since >= MEDIA_TIMEOUT_MS)
        outcome = yield* track.failed(
          VAST_ERROR.MEDIA_TIMEOUT,
          'The media file did not load in time',
        );
      else if (run.loaded && !run.mediaPaused && wake.now - run.since >= STALL_TIMEOUT_MS)
        outcome = yield* track.failed(VAST_ERROR.MEDIA_DELIVERY, 'The media file stalled');
      if (outcome) return outcome;
    }
  } finally {
    yield* close();
    yield* call([adMedia, adMedia.pause]);
  }
}

/**
 * One ad of a break, from its VAST address to an end state: created -> loaded -> started ->
 * playing <-> paused -> stopped | skipped | completed | error. Every step is an action.
 */
const isVpaid = (type: string, apiFramework: string | null) =>
  apiFramework?.toUpperCase() === 'VPAID' && /javascript/i.test(type);

/** The media file the player would play for an ad, or null (403). */
function* chooseMedia(ad: VastAd) {
  const { adMedia, storage } = yield* getPorts();
  const size = yield* call([adMedia, adMedia.size]);
  // the stream's last bandwidth estimate (bits/s), kept by the stream loop
  const bandwidth = Number(yield* call([storage, storage.get], BANDWIDTH_KEY));
  return chooseMediaFile(ad.mediaFiles, {
    width: size.width,
    height: size.height,
    bandwidthKbps: bandwidth > 0 ? bandwidth / 1000 : null,
    // VPAID 2.0 JavaScript runs in the VPAID frame; everything else must play in the <video>.
    canPlay: (type, codec, apiFramework) =>
      isVpaid(type, apiFramework) || adMedia.canPlay(type, codec),
  });
}

/**
 * Resolves an ad ahead of its break and starts loading its media file (hidden), so that the viewer's
 * play click shows the ad's first frame without waiting for the VAST chain and the first bytes.
 */
export function* prepareAd(vastUrl: string): SagaIterator<PreparedResult> {
  const { adMedia } = yield* getPorts();
  const step: VastStep = yield* fetchVast(vastUrl);
  if (step.kind !== 'ad') return { step, mediaUrl: null };
  const media = yield* chooseMedia(step.ad);
  if (!media || isVpaid(media.type, media.apiFramework)) return { step, mediaUrl: null };
  yield* call([adMedia, adMedia.load], media.url);
  return { step, mediaUrl: media.url };
}

export interface PreparedResult {
  step: VastStep;
  /** the media file being preloaded */
  mediaUrl: string | null;
}

/** An ad prepared before its break: its VAST resolution (a PreparedResult), running or done. */
export interface PreparedAd {
  vastUrl: string;
  task: TaskOf<PreparedResult>;
}

/**
 * The prepared ad started at the very head of its break when it is resolved, loaded and wanted, so
 * the click's first ad frame does not wait for the break's bookkeeping. Null when it cannot be.
 */
export function* startPreparedEarly(prepared: PreparedAd | null) {
  if (!prepared || prepared.task.isRunning()) return null;
  const result = prepared.task.result();
  if (result?.step.kind !== 'ad' || !result.mediaUrl) return null;
  if (!(yield* select(adWanted))) return null;
  const { adMedia } = yield* getPorts();
  const loaded = yield* call([adMedia, adMedia.load], result.mediaUrl);
  if (!loaded.ready) return null;
  yield* call([adMedia, adMedia.show], true);
  return yield* fork(playWithinLimit);
}

export function* playAd(
  index: number,
  vastUrl: string,
  contentTime: number,
  prepared: PreparedAd | null = null,
  early: Task | null = null,
): SagaIterator<AdOutcome> {
  yield* put(adsActions.adCreated({ index, vastUrl }));
  const step: VastStep =
    prepared?.vastUrl === vastUrl
      ? (yield* joinTask(prepared.task)).step
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
  if (ad.ignoredUrls.length) yield* put(adsActions.urlsIgnored({ vastUrl, urls: ad.ignoredUrls }));
  const media = yield* chooseMedia(ad);
  const durationSec = ad.durationSec ?? 0;
  const vpaid = media !== null && isVpaid(media.type, media.apiFramework);
  yield* put(
    adsActions.adLoaded({
      id: ad.id,
      title: ad.title,
      durationSec,
      skipOffsetSec: ad.skipOffset ? offsetSeconds(ad.skipOffset, ad.durationSec) : null,
      // a VPAID creative takes its own clicks
      clickThrough: vpaid ? null : ad.clickThrough,
      vpaid,
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
  if (vpaid) return yield* call(runVpaid, ad, media.url, contentTime);
  return yield* call(runAd, ad, media.url, contentTime, early);
}
