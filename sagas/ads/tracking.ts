import type { SagaIterator } from 'redux-saga';
import { call } from 'typed-redux-saga';
import { expandMacros, type MacroValues } from '../../src/vast/macros';
import {
  NOT_EXECUTED,
  type VastAd,
  type VastErrorCode,
  type VastFailure,
  type VastViewableImpression,
  type VerificationNotExecutedReason,
} from '../../src/vast/model';
import { offsetSeconds } from '../../src/vast/offsets';
import type { AdOutcome } from './adOutcome';
import { getPorts } from '../lib/context';
import { ICON_CLICK, ICON_VIEW, iconKey } from './iconEvents';
import { playerMacroValues } from './playerMacros';

/**
 * Fires tracking URLs with their macros filled in (the ad's and the event's values, and the player's
 * as it is now): GET with keepalive, through the beacon port.
 */
function* fire(urls: string[], values: MacroValues) {
  if (urls.length === 0) return;
  const { beacon, clock, rng } = yield* getPorts();
  const player = yield* playerMacroValues(urls);
  const timestampMs = yield* call([clock, clock.epochMs]);
  for (const url of urls) {
    const cacheBusting = yield* call([rng, rng.next]);
    const expanded = expandMacros(url, { ...player, ...values, cacheBusting, timestampMs });
    yield* call([beacon, beacon.fire], expanded);
  }
}

/**
 * An ad that ends before it plays (its VAST chain failed, or none of its media files can play): its
 * error URLs, the chain's with it, get the code in [ERRORCODE] (SPEC.md section 7).
 */
export function* trackUnplayable(
  {
    errorUrls,
    code,
    message,
    adServingId = null,
  }: Pick<VastFailure, 'errorUrls' | 'code' | 'message'> & Partial<Pick<VastAd, 'adServingId'>>,
  contentTime: number,
): SagaIterator<AdOutcome> {
  yield* fire(errorUrls, { contentPlayheadSec: contentTime, errorCode: code, adServingId });
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
  const at = () => ({
    adPlayheadSec: playhead(),
    contentPlayheadSec: contentTime,
    assetUri,
    adServingId: ad.adServingId,
  });
  const fireNew = function* (key: string, urls: string[], values: MacroValues = {}) {
    const fresh = urls.filter((url) => !fired.has(`${key} ${url}`) && fired.add(`${key} ${url}`));
    yield* fire(fresh, { ...at(), ...values });
  };
  /** the error URLs with the code: once per ad, whatever fails after */
  const error = function* (code: VastErrorCode) {
    yield* fireNew('error', ad.errorUrls, { errorCode: code });
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
    /** the URLs of one of the ad's viewability verdicts (VAST 4.3 section 3.5) */
    *viewability(verdict: keyof VastViewableImpression) {
      yield* fireNew(verdict, ad.viewableImpression[verdict]);
    },
    /** an industry icon's IconViewTracking, by its place in the ad's icons (VAST 4.3 section 3.11.2) */
    *iconView(index: number) {
      yield* fireNew(iconKey(ICON_VIEW, index), ad.icons[index]?.viewTracking ?? []);
    },
    /** every IconClickTracking of an icon (VAST 4.3 section 3.11.5) */
    *iconClick(index: number) {
      yield* fireNew(iconKey(ICON_CLICK, index), ad.icons[index]?.clickTracking ?? []);
    },
    /**
     * A Verification's verificationNotExecuted URLs, with the reason in [REASON] (VAST 4.3 section
     * 3.17.4): a URL that two Verifications share is fired once.
     */
    *verificationNotExecuted(urls: string[], reason: VerificationNotExecutedReason) {
      yield* fireNew(NOT_EXECUTED, urls, { reason });
    },
    /** SPEC.md section 7: the error URLs get the code in [ERRORCODE]; the ad ends in error */
    *failed(code: VastErrorCode, message: string): SagaIterator<AdOutcome> {
      yield* error(code);
      return { status: 'error', error: { code, message } };
    },
    /**
     * The error URLs told a failure the ad plays on after (its SIMID creative's, 902): the error
     * URLs fire once per ad, so a later failure of the ad itself is not told again.
     */
    errorTold: error,
    /**
     * URLs the ad's SIMID creative asked the player to fire (Creative:reportTracking): the ad's
     * macros filled in, each time it asks (its own counting is its business).
     */
    *reported(urls: string[]) {
      yield* fire(urls, at());
    },
  };
}

export type AdTracking = ReturnType<typeof adTracking>;
