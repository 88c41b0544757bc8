// The creative driver of a VPAID 2.0 ad: the creative's script in its frame, through the VPAID port.
// Its events become the loop's (AdError ends the ad with 901), its own quartiles the VAST tracking.
import { call } from 'typed-redux-saga';
import type { VpaidEvent } from '../../src/ports/types';
import { VAST_ERROR, type VastAd } from '../../src/vast/model';
import { getPorts } from '../lib/context';
import {
  endWhenConfirmed,
  loaded,
  paused,
  playing,
  progressed,
  startedPlaying,
  volumeChanged,
  type CreativeDriver,
} from './adLoop';

/** VPAID's own quartile events, by the VAST tracking event each one fires. */
export const VPAID_TRACKING: Partial<Record<VpaidEvent['type'], string>> = {
  AdVideoStart: 'start',
  AdVideoFirstQuartile: 'firstQuartile',
  AdVideoMidpoint: 'midpoint',
  AdVideoThirdQuartile: 'thirdQuartile',
  AdVideoComplete: 'complete',
};

export function* vpaidCreative(ad: VastAd, scriptUrl: string) {
  const { vpaid } = yield* getPorts();
  let completed = false;
  const driver: CreativeDriver<VpaidEvent> = {
    limits: {
      load: { code: VAST_ERROR.GENERAL, message: 'The VPAID creative did not load in time' },
      stall: { code: VAST_ERROR.GENERAL, message: 'The VPAID creative stalled' },
    },
    ownClicks: true,
    subscribe: (emit) => vpaid.subscribe(emit),
    *begin() {
      yield* call([vpaid, vpaid.load], scriptUrl, ad.adParameters);
    },
    *onEvent(run, event) {
      const trackingEvent = VPAID_TRACKING[event.type];
      if (trackingEvent) yield* run.track.event(trackingEvent);
      if (event.type === 'AdVideoComplete') completed = true;
      switch (event.type) {
        case 'AdLoaded':
          yield* loaded(run, 0);
          return null;
        case 'AdStarted': // SPEC.md section 4: impression and start, whatever else it sends
          yield* startedPlaying(run);
          return null;
        case 'AdImpression':
          yield* run.track.impression();
          return null;
        case 'AdPaused':
          yield* paused(run, true);
          return null;
        case 'AdPlaying':
          yield* playing(run);
          return null;
        case 'AdRemainingTimeChange':
          if (event.duration > 0) run.durationSec = event.duration;
          if (event.remaining < 0 || run.durationSec <= 0) return null; // -2: unknown
          yield* progressed(run, Math.max(0, run.durationSec - event.remaining), false);
          return null;
        case 'AdVolumeChange':
          yield* volumeChanged(run, event.volume, event.volume === 0, true);
          return null;
        case 'AdClickThru':
          yield* run.track.click();
          return null;
        case 'AdSkipped':
          yield* run.track.event('skip');
          return { status: 'skipped', error: null };
        case 'AdStopped':
        case 'AdUserClose':
          return (
            run.ending?.outcome ?? { status: completed ? 'completed' : 'stopped', error: null }
          );
        case 'AdError':
          return yield* run.track.failed(VAST_ERROR.GENERAL, `VPAID: ${event.message}`);
        default:
          return null;
      }
    },
    *play(run) {
      if (!run.started) {
        run.started = true;
        yield* call([vpaid, vpaid.start]);
      } else if (run.pausing) yield* call([vpaid, vpaid.resume]);
    },
    *pause() {
      yield* call([vpaid, vpaid.pause]);
    },
    *skip(run) {
      yield* endWhenConfirmed(run, { status: 'skipped', error: null }, () => vpaid.skip());
      return null;
    },
    *setVolume(volume, muted) {
      yield* call([vpaid, vpaid.setVolume], muted ? 0 : volume);
    },
    *end() {
      yield* call([vpaid, vpaid.unload]);
    },
  };
  return driver;
}
