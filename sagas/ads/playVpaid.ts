import type { SagaIterator } from 'redux-saga';
import type { Action } from 'redux';
import { call, put, select, take } from 'typed-redux-saga';
import type { VpaidEvent } from '../../src/ports/types';
import { adRequests, adsActions, selectAdMuted, selectSkipOffset } from '../../src/state/ads';
import { contentActions } from '../../src/state/content';
import { VAST_ERROR, type VastAd } from '../../src/vast/model';
import { getPorts } from '../lib/context';
import { adWanted, openInbox, type AdOutcome, type Wake } from './adLoop';
import { MEDIA_TIMEOUT_MS, STALL_TIMEOUT_MS } from './limits';
import { adTracking } from './tracking';

/** VPAID's own quartile events, by the VAST tracking event each one fires. */
const VPAID_TRACKING: Partial<Record<VpaidEvent['type'], string>> = {
  AdVideoStart: 'start',
  AdVideoFirstQuartile: 'firstQuartile',
  AdVideoMidpoint: 'midpoint',
  AdVideoThirdQuartile: 'thirdQuartile',
  AdVideoComplete: 'complete',
};

/** How long a creative may take to confirm a skip or stop before the player ends the ad itself. */
const CONFIRM_MS = 2_000;

/**
 * A VPAID 2.0 creative from load to an end state. Its events are mapped onto the ad statuses
 * (AdStarted -> started, AdPlaying/AdPaused -> playing/paused, AdSkipped -> skipped, AdStopped ->
 * completed or stopped, AdError -> error 901), its quartiles onto the VAST tracking; the same play
 * state rules and time limits as a video ad hold.
 */
export function* runVpaid(ad: VastAd, scriptUrl: string, contentTime: number) {
  const { vpaid, clock } = yield* getPorts();
  const { inbox, close } = yield* openInbox<VpaidEvent>((emit) => vpaid.subscribe(emit));
  const run = {
    loaded: false,
    started: false,
    paused: true,
    /** the pause was the player's doing, so a resume is tracked */
    pausing: false,
    completed: false,
    ending: null as AdOutcome | null,
    endingSince: 0,
    currentTime: 0,
    durationSec: ad.durationSec ?? 0,
    shownSecond: -1,
    since: yield* call([clock, clock.now]),
  };
  const track = adTracking(ad, contentTime, scriptUrl, () => run.currentTime);
  /** Asks the creative to end; if it does not confirm in time, the ad ends anyway. */
  const endWith = function* (outcome: AdOutcome, command: () => void) {
    run.ending = outcome;
    run.endingSince = yield* call([clock, clock.now]);
    yield* call(command);
  };

  const decide = function* () {
    if (!run.loaded || run.ending) return;
    const wanted = yield* select(adWanted);
    if (wanted && !run.started) {
      run.started = true;
      yield* call([vpaid, vpaid.start]);
    } else if (wanted && run.paused && run.pausing) {
      yield* call([vpaid, vpaid.resume]);
    } else if (!wanted && run.started && !run.paused) {
      run.pausing = true;
      yield* call([vpaid, vpaid.pause]);
    }
  };

  const onEvent = function* (event: VpaidEvent): SagaIterator<AdOutcome | null> {
    const trackingEvent = VPAID_TRACKING[event.type];
    if (trackingEvent) {
      yield* track.event(trackingEvent);
      if (event.type === 'AdVideoComplete') run.completed = true;
    }
    switch (event.type) {
      case 'AdLoaded':
        run.loaded = true;
        run.since = yield* call([clock, clock.now]);
        yield* decide();
        return null;
      case 'AdStarted':
        run.paused = false;
        run.since = yield* call([clock, clock.now]);
        yield* put(adsActions.adStarted());
        yield* put(adsActions.adPlaying());
        return null;
      case 'AdImpression':
        yield* track.impression();
        return null;
      case 'AdPaused':
        run.paused = true;
        yield* put(adsActions.adPaused());
        yield* track.event('pause');
        return null;
      case 'AdPlaying':
        run.paused = false;
        run.since = yield* call([clock, clock.now]);
        if (run.pausing) yield* track.event('resume');
        run.pausing = false;
        yield* put(adsActions.adPlaying());
        return null;
      case 'AdRemainingTimeChange': {
        if (event.duration > 0) run.durationSec = event.duration;
        if (event.remaining < 0 || run.durationSec <= 0) return null; // -2: unknown
        const at = Math.max(0, run.durationSec - event.remaining);
        if (at > run.currentTime) run.since = yield* call([clock, clock.now]);
        run.currentTime = at;
        yield* track.progressTo(at, run.durationSec);
        const second = Math.floor(at);
        if (second !== run.shownSecond) {
          run.shownSecond = second;
          yield* put(adsActions.adProgressed({ currentTime: at, durationSec: run.durationSec }));
        }
        return null;
      }
      case 'AdVolumeChange': {
        const was = yield* select(selectAdMuted);
        const muted = event.volume === 0;
        yield* put(adsActions.volumeChanged({ volume: event.volume, muted }));
        if (was !== muted) yield* track.event(muted ? 'mute' : 'unmute');
        return null;
      }
      case 'AdClickThru':
        yield* track.click();
        return null;
      case 'AdSkipped':
        yield* track.event('skip');
        return { status: 'skipped', error: null };
      case 'AdStopped':
      case 'AdUserClose':
        return run.ending ?? { status: run.completed ? 'completed' : 'stopped', error: null };
      case 'AdError':
        return yield* track.failed(VAST_ERROR.GENERAL, `VPAID: ${event.message}`);
      default:
        return null;
    }
  };

  const onAction = function* (action: Action): SagaIterator<AdOutcome | null> {
    if (adRequests.skipRequested.match(action)) {
      const skipAt = yield* select(selectSkipOffset);
      if (skipAt === null || run.currentTime < skipAt || run.ending) return null;
      yield* track.event('skip');
      yield* endWith({ status: 'skipped', error: null }, () => vpaid.skip());
      return null;
    }
    if (adRequests.volumeRequested.match(action)) {
      yield* call([vpaid, vpaid.setVolume], action.payload.muted ? 0 : action.payload.volume);
      return null;
    }
    if (contentActions.episodeSelected.match(action)) return { status: 'stopped', error: null };
    yield* decide();
    return null;
  };

  try {
    yield* call([vpaid, vpaid.load], scriptUrl, ad.adParameters);
    for (;;) {
      const wake = yield* take<Wake<VpaidEvent>>(inbox);
      let outcome: AdOutcome | null = null;
      if (wake.kind === 'media') outcome = yield* onEvent(wake.event);
      else if (wake.kind === 'action') outcome = yield* onAction(wake.action);
      else if (wake.kind === 'watchdog') {
        if (run.ending && wake.now - run.endingSince >= CONFIRM_MS) outcome = run.ending;
        else if (!run.loaded && wake.now - run.since >= MEDIA_TIMEOUT_MS)
          outcome = yield* track.failed(
            VAST_ERROR.GENERAL,
            'The VPAID creative did not load in time',
          );
        else if (run.started && !run.paused && wake.now - run.since >= STALL_TIMEOUT_MS)
          outcome = yield* track.failed(VAST_ERROR.GENERAL, 'The VPAID creative stalled');
      }
      if (outcome) return outcome;
    }
  } finally {
    yield* close();
    yield* call([vpaid, vpaid.unload]);
  }
}
