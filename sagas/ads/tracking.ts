import type { SagaIterator } from 'redux-saga';
import { call } from 'typed-redux-saga';
import { expandMacros } from '../../src/vast/macros';
import type { VastAd, VastErrorCode } from '../../src/vast/model';
import { offsetSeconds } from '../../src/vast/offsets';
import type { AdOutcome } from './adLoop';
import { getPorts } from '../lib/context';

/** What the tracking URLs' macros are filled with, at the moment of firing. */
export interface TrackingContext {
  adPlayhead: number | null;
  contentPlayhead: number | null;
  assetUri: string | null;
  errorCode?: number;
}

/** Fires tracking URLs with their macros filled in: GET with keepalive, through the beacon port. */
function* fire(urls: string[], context: TrackingContext) {
  if (urls.length === 0) return;
  const { beacon, clock, rng } = yield* getPorts();
  const epochMs = yield* call([clock, clock.epochMs]);
  for (const url of urls) {
    const random = yield* call([rng, rng.next]);
    const filled = expandMacros(url, {
      cacheBusting: random,
      timestampMs: epochMs,
      ...(context.errorCode !== undefined ? { errorCode: context.errorCode } : {}),
      ...(context.adPlayhead !== null ? { adPlayheadSec: context.adPlayhead } : {}),
      ...(context.contentPlayhead !== null ? { contentPlayheadSec: context.contentPlayhead } : {}),
      ...(context.assetUri !== null ? { assetUri: context.assetUri } : {}),
    });
    yield* call([beacon, beacon.fire], filled);
  }
}

/**
 * An ad that ends before it plays (its VAST chain failed, or none of its media files can play): its
 * error URLs, the chain's with it, get the code in [ERRORCODE] (SPEC.md section 7).
 */
export function* trackUnplayable(
  errorUrls: string[],
  code: VastErrorCode,
  message: string,
  contentTime: number,
): SagaIterator<AdOutcome> {
  yield* fire(errorUrls, {
    adPlayhead: null,
    contentPlayhead: contentTime,
    assetUri: null,
    errorCode: code,
  });
  return { status: 'error', error: { code, message } };
}

/**
 * One ad's tracking: its URLs by VAST event, macros filled from where the ad and the content are, and
 * each URL of each event fired exactly once per ad, whatever repeats (a second pause, a creative that
 * reports its midpoint twice, a URL listed by both a wrapper and its ad).
 */
export function adTracking(
  ad: VastAd,
  contentTime: number,
  assetUri: string,
  playhead: () => number,
) {
  const fired = new Set<string>(); // each URL of each event, once per ad
  const context = (): TrackingContext => ({
    adPlayhead: playhead(),
    contentPlayhead: contentTime,
    assetUri,
  });
  const fireNew = function* (key: string, urls: string[], errorCode?: number) {
    const fresh = urls.filter((url) => !fired.has(`${key} ${url}`) && fired.add(`${key} ${url}`));
    yield* fire(fresh, errorCode === undefined ? context() : { ...context(), errorCode });
  };
  const urlsOf = (event: string) => ad.tracking.filter((t) => t.event === event).map((t) => t.url);
  return {
    *event(name: string) {
      yield* fireNew(name, urlsOf(name));
    },
    *impression() {
      yield* fireNew('impression', ad.impressions);
    },
    *click() {
      yield* fireNew('click', ad.clickTracking);
    },
    /** the progress events whose offset the ad has reached */
    *progressTo(seconds: number, durationSec: number | null) {
      for (const [i, t] of ad.tracking.entries()) {
        if (t.event !== 'progress' || !t.offset) continue;
        const at = offsetSeconds(t.offset, durationSec);
        if (at !== null && seconds >= at) yield* fireNew(`progress-${i}`, [t.url]);
      }
    },
    /** SPEC.md section 7: the error URLs get the code in [ERRORCODE]; the ad ends in error */
    *failed(code: VastErrorCode, message: string): SagaIterator<AdOutcome> {
      yield* fireNew('error', ad.errorUrls, code);
      return { status: 'error', error: { code, message } };
    },
  };
}
