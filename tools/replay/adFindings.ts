// The checks of an ad break's time: the break past what its ads' limits allow (ad-break-too-long), an
// ad in one status longer than its limit (ad-stuck).
import { CONFIRM_MS } from '../../sagas/ads/adLoop';
import {
  MEDIA_TIMEOUT_MS,
  SIMID_END_MS,
  STALL_TIMEOUT_MS,
  VAST_CHAIN_LIMIT_MS,
  WATCHDOG_MS,
} from '../../sagas/ads/limits';
import type { AdStatus } from '../../src/state/ads';
import { selectAdWanted } from '../../src/state/selectors';
import type { AdRun } from './adBreaks';
import type { Finding } from './finding';
import { adName, breakName, countedTime, LATE_MS, viewOf, type Session } from './findingSession';
import { secs } from './seconds';

// ---- Thresholds ----

/** The ad loop's watchdog looks at its limits once every WATCHDOG_MS: it sees one that late. */
const SEEN_LATE_MS = WATCHDOG_MS + LATE_MS;

/** An ad "created" is resolving its VAST chain, which has VAST_CHAIN_LIMIT_MS (350 or 301). */
const CREATED_LIMIT_MS = VAST_CHAIN_LIMIT_MS + SEEN_LATE_MS;
/**
 * An ad "loaded" and wanted loads its media file and starts it: MEDIA_TIMEOUT_MS for each (402), as
 * the loop restarts the count when the file has loaded and gives play() its own.
 */
const LOADED_LIMIT_MS = 2 * MEDIA_TIMEOUT_MS + SEEN_LATE_MS;
/** An ad started or playing, and wanted, that does not move on for STALL_TIMEOUT_MS has stalled (405). */
const PROGRESS_LIMIT_MS = STALL_TIMEOUT_MS + SEEN_LATE_MS;
/**
 * How long an ad may stay in a status with nothing happening. A paused ad waits for someone (the
 * viewer's click, the page coming back, a VPAID creative paused by its own click-through): no limit.
 */
const STATUS_LIMITS: Partial<Record<AdStatus, number>> = {
  created: CREATED_LIMIT_MS,
  loaded: LOADED_LIMIT_MS,
  started: PROGRESS_LIMIT_MS,
  playing: PROGRESS_LIMIT_MS,
};

/**
 * What the limits of sagas/ads/limits.ts add up to for one ad of a break, besides its own duration:
 * its VAST chain (VAST_CHAIN_LIMIT_MS), its media file's load and its start (MEDIA_TIMEOUT_MS each),
 * one stall short of the stall limit (STALL_TIMEOUT_MS; one past it ends the ad), a skip or stop its
 * creative is slow to confirm (CONFIRM_MS) and the watchdog's look (WATCHDOG_MS). A break may last the
 * sum of its ads' allowances and durations, plus LATE_MS, not counting the time its ads were not
 * wanted (paused by the viewer or the host page, the page hidden or out of view, a click awaited).
 */
const AD_ALLOWANCE_MS =
  VAST_CHAIN_LIMIT_MS + 2 * MEDIA_TIMEOUT_MS + STALL_TIMEOUT_MS + CONFIRM_MS + WATCHDOG_MS;
/**
 * An ad with a SIMID creative also gives it SIMID_END_MS to answer its end. (The creative's session
 * and init hold the video back SIMID_READY_MS at most, from when the video starts loading, within
 * the media file's own allowance.)
 */
const allowanceOf = (ad: AdRun) => AD_ALLOWANCE_MS + (ad.simid ? SIMID_END_MS : 0);

// ---- ad-break-too-long ----

/** A break whose time with its ads wanted passed the allowance of its ads (AD_ALLOWANCE_MS each plus its duration). */
export function adBreakTooLong(s: Session): Finding[] {
  return s.breaks.flatMap((b) => {
    if (!b.started) return [];
    const endIndex = b.ended?.index ?? s.steps.length - 1;
    const durations = b.ads.map((ad) => ad.durationSec);
    const budget =
      LATE_MS + b.ads.reduce((sum, ad) => sum + allowanceOf(ad) + ad.durationSec * 1000, 0);
    const wanted = countedTime(s, b.started.index, endIndex, selectAdWanted, budget);
    if (wanted.overAt === null) return [];
    const lasted = (b.ended?.t ?? s.end) - b.started.t;
    const ads = durations.map((d) => (d > 0 ? `${d} s` : 'of unknown length')).join(', ');
    return [
      {
        kind: 'ad-break-too-long',
        message:
          `The ${breakName(b)} ${b.ended ? 'lasted' : 'was still on after'} ${secs(lasted)} ` +
          `(${secs(wanted.total)} with its ads wanted) for ${b.ads.length} ad(s) (${ads}): ` +
          `the ad limits allow ${secs(budget)}`,
        t: wanted.overAt,
        seqs: [b.started.seq, b.ended?.seq ?? s.at(endIndex).entry.seq],
      },
    ];
  });
}

// ---- ad-stuck ----

/** One ad's time in each status that has a limit, counted while the ad is wanted ("created": always). */
export function adStuck(s: Session): Finding[] {
  const out: Finding[] = [];
  for (const b of s.breaks) {
    for (const ad of b.ads) {
      const stop = ad.ended?.index ?? s.steps.length - 1;
      // each period of one status, restarted by the ad's progress (its position moving on)
      let since = ad.from;
      let status: AdStatus = 'created';
      let position = 0;
      let counted = 0;
      let reported = false;
      for (let i = ad.from; i < stop; i++) {
        const step = s.at(i);
        const view = viewOf(step.state, ad);
        if (view && (view.status !== status || view.currentTime > position)) {
          if (view.status !== status) reported = false;
          status = view.status;
          position = view.currentTime;
          since = i;
          counted = 0;
        }
        const limit = STATUS_LIMITS[status];
        if (limit === undefined || reported) continue;
        if (status !== 'created' && !selectAdWanted(step.state)) continue;
        const dt = s.at(i + 1).entry.t - step.entry.t;
        if (counted + dt > limit) {
          reported = true;
          const overAt = step.entry.t + (limit - counted);
          const last = s.at(since).entry;
          const what =
            status === 'created' || status === 'loaded' ? 'without going on' : 'without progress';
          const after = ad.ended
            ? `; it ended ${ad.ended.status ?? 'cut short'} at ${secs(ad.ended.t)}`
            : `; it never ended, and the log ends ${secs(s.end - last.t)} after`;
          out.push({
            kind: 'ad-stuck',
            message: `${adName(b, ad)} stayed "${status}" ${what} from ${secs(last.t)}: the limit is ${secs(limit)}${after}`,
            t: overAt,
            seqs: [last.seq, ad.ended?.seq ?? s.at(stop).entry.seq],
          });
        }
        counted += dt;
      }
    }
  }
  return out;
}
