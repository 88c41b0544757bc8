import { call } from 'redux-saga/effects';
import { expandMacros } from '../../src/vast/macros';
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
