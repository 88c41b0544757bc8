import { call } from 'redux-saga/effects';
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
export function* fire(urls: string[], context: TrackingContext) {
  if (urls.length === 0) return;
  const { beacon, clock, rng } = yield* getPorts();
  const epochMs = (yield call([clock, clock.epochMs])) as number;
  for (const url of urls) {
    const random = (yield call([rng, rng.next])) as number;
    const filled = expandMacros(url, {
      cacheBusting: random,
      timestampMs: epochMs,
      ...(context.errorCode !== undefined ? { errorCode: context.errorCode } : {}),
      ...(context.adPlayhead !== null ? { adPlayheadSec: context.adPlayhead } : {}),
      ...(context.contentPlayhead !== null ? { contentPlayheadSec: context.contentPlayhead } : {}),
      ...(context.assetUri !== null ? { assetUri: context.assetUri } : {}),
    });
    yield call([beacon, beacon.fire], filled);
  }
}

/** Tracking that fires at most once per ad, whatever repeats: each key remembered for the ad's life. */
export function createOnceSet() {
  const fired = new Set<string>();
  return {
    /** true the first time a key is seen */
    first(key: string) {
      if (fired.has(key)) return false;
      fired.add(key);
      return true;
    },
  };
}

/**
 * One ad's tracking: its URLs by VAST event, macros filled from where the ad and the content are,
 * one-shot events (impression, start, quartiles, progress offsets, complete, skip, error) once.
 */
export function adTracking(
  ad: VastAd,
  contentTime: number,
  assetUri: string,
  playhead: () => number,
) {
  const once = createOnceSet();
  const context = (): TrackingContext => ({
    adPlayhead: playhead(),
    contentPlayhead: contentTime,
    assetUri,
  });
  const urlsOf = (event: string) => ad.tracking.filter((t) => t.event === event).map((t) => t.url);
  return {
    /** a repeatable event (pause, resume, mute, unmute) */
    *event(name: string) {
      yield* fire(urlsOf(name), context());
    },
    *eventOnce(name: string) {
      if (once.first(name)) yield* fire(urlsOf(name), context());
    },
    *impression() {
      if (once.first('impression')) yield* fire(ad.impressions, context());
    },
    *click() {
      yield* fire(ad.clickTracking, context());
    },
    /** the progress events whose offset the ad has reached */
    *progressTo(seconds: number, durationSec: number | null) {
      for (const [i, t] of ad.tracking.entries()) {
        if (t.event !== 'progress' || !t.offset) continue;
        const at = offsetSeconds(t.offset, durationSec);
        if (at !== null && seconds >= at && once.first(`progress-${i}`))
          yield* fire([t.url], context());
      }
    },
    /** SPEC.md section 7: the error URLs get the code in [ERRORCODE]; the ad ends in error */
    *failed(code: VastErrorCode, message: string): Generator<unknown, AdOutcome> {
      if (once.first('error')) yield* fire(ad.errorUrls, { ...context(), errorCode: code });
      return { status: 'error', error: { code, message } };
    },
  };
}
