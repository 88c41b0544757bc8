// Publisher-measured viewability of one linear ad (VAST 4.3 section 3.5, <ViewableImpression>): the
// MRC's viewable video impression, at least half of the advert's pixels in view while two continuous
// seconds of it play. The ad loop tells the meter what it sees; the meter tells one verdict per ad.
import type { SagaIterator } from 'redux-saga';
import { call, select } from 'typed-redux-saga';
import { selectAdInView } from '../../src/state/selectors';
import type { VastViewableImpression } from '../../src/vast/model';
import { getPorts } from '../lib/context';
import type { AdTracking } from './tracking';

/** The MRC's video rule: seconds of the advert played in view, without leaving the view. */
export const VIEWABLE_SECONDS = 2;
/** Media times are floating point: 4.6 - 2.6 is a hair under 2. */
const TIME_NOISE_S = 1e-6;

export type ViewabilityVerdict = keyof VastViewableImpression;

/** The three verdicts, each the key its URLs fire under (sagas/ads/tracking.ts). */
export const VIEWABILITY_VERDICTS: readonly ViewabilityVerdict[] = [
  'viewable',
  'notViewable',
  'viewUndetermined',
];

/** What the ad loop tells the meter of one ad. */
export interface ViewabilityMeter {
  /** the view may have changed: the count goes on in view, and starts again after leaving it */
  looked(): SagaIterator<void>;
  /** the advert showed its first frame */
  started(): SagaIterator<void>;
  /** the advert played to this second of its time */
  playedTo(seconds: number): SagaIterator<void>;
  /** the ad ended (completed, skipped, stopped, or in error after its start) */
  ended(): SagaIterator<void>;
}

const hasUrls = (urls: VastViewableImpression) =>
  urls.viewable.length + urls.notViewable.length + urls.viewUndetermined.length > 0;

/**
 * One ad's viewability, counted on the advert's own time: a pause or a stall moves it on no further,
 * so neither counts toward the two seconds, while leaving the view (under half in view, the page
 * hidden) starts the count again. Once two seconds of the advert have played in view, `viewable`;
 * at its end after its start otherwise, `notViewable`, or `viewUndetermined` where the browser cannot
 * measure how much of the player is in view, or the advert never told its time (a VPAID creative
 * that sends no AdRemainingTimeChange: how long it played is not known). One verdict per ad, none
 * for an ad that never started. Only an ad with viewability URLs asks the browser anything (one port
 * call, in the flight log).
 */
export function* adViewability(
  urls: VastViewableImpression,
  track: Pick<AdTracking, 'viewability'>,
): SagaIterator<ViewabilityMeter> {
  const counted = hasUrls(urls);
  const { viewport } = yield* getPorts();
  const measurable = counted && (yield* call([viewport, viewport.measuresVisibility]));
  let started = false;
  /** the advert has told its time since its start (a VPAID creative may never) */
  let timed = false;
  let verdict: ViewabilityVerdict | null = null;
  let inView = false;
  /** where on the advert's time the count began; null until the first time reported in view */
  let countFrom: number | null = null;

  const tell = function* (said: ViewabilityVerdict) {
    verdict = said;
    yield* track.viewability(said);
  };
  const meter: ViewabilityMeter = {
    *looked() {
      if (!counted || !started || verdict) return;
      inView = measurable && (yield* select(selectAdInView));
      if (!inView) countFrom = null;
    },
    *started() {
      started = true;
      yield* meter.looked();
    },
    // The count begins at the first time reported in view, not at the time reported before it: an
    // advert that came into view between two reports is never counted in view for longer than it was.
    *playedTo(seconds) {
      if (!counted || !started || verdict) return;
      timed = true;
      if (!inView) return;
      if (countFrom === null || seconds < countFrom) countFrom = seconds;
      if (seconds - countFrom >= VIEWABLE_SECONDS - TIME_NOISE_S) yield* tell('viewable');
    },
    // Unmeasured: no share in view, or no time of the advert to count it on.
    *ended() {
      if (!counted || !started || verdict) return;
      yield* tell(measurable && timed ? 'notViewable' : 'viewUndetermined');
    },
  };
  return meter;
}
