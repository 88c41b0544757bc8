// A session's log checked against the player's promises (SPEC.md, sagas/ads/limits.ts): each broken
// promise is a finding, with the session time where it shows and the entries that show it. The state
// at each moment is the player's own reducers run over the logged actions (sessionStates.ts), the ad
// breaks and their beacons are read as adBreaks.ts tells them.
import { CONFIRM_MS } from '../../sagas/ads/adLoop';
import {
  MEDIA_TIMEOUT_MS,
  SIMID_END_MS,
  STALL_TIMEOUT_MS,
  VAST_CHAIN_LIMIT_MS,
  WATCHDOG_MS,
} from '../../sagas/ads/limits';
import { ICON_CLICK, ICON_VIEW, iconKey } from '../../sagas/ads/iconEvents';
import { VIEWABILITY_VERDICTS } from '../../sagas/ads/viewability';
import { VPAID_TRACKING } from '../../sagas/ads/vpaidCreative';
import { STALL_LIMIT_MS } from '../../sagas/stream/stallWatch';
import type { VpaidEvent } from '../../src/ports/types';
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import type { MediaSample } from '../../src/shared/media';
import type { PlayerState } from '../../src/state';
import type { AdStatus } from '../../src/state/ads';
import { selectAdWanted } from '../../src/state/selectors';
import { QUARTILES } from '../../src/vast/model';
import { offsetSeconds } from '../../src/vast/offsets';
import { NOT_EXECUTED } from '../../src/vast/model';
import {
  adBreaks,
  REPORTED,
  type AdBreak,
  type AdRun,
  type At,
  type FiredBeacon,
  type TrackingUrl,
} from './adBreaks';
import type { Finding } from './finding';
import { secs } from './seconds';
import { actionOf, foldStates, logEnd, type Step } from './sessionStates';

// ---- Thresholds ----

/** Timers fire and events arrive late on a busy page: a limit counts only once overrun by this. */
const LATE_MS = 1_000;
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

/**
 * After a break the film plays again (SPEC.md section 4: resumed after the ad). It gets what an ad's
 * media file gets to show its first frame (MEDIA_TIMEOUT_MS), counted from when it can play: the
 * break over, the stream attached and the availability check answered.
 */
const RESUME_LIMIT_MS = MEDIA_TIMEOUT_MS + LATE_MS;

/**
 * The stream actor lets a waiting film's engine stay silent this long before it acts (stallWatch.ts):
 * a spinner with the film's data arriving has no reason to last longer.
 */
const SPINNER_LIMIT_MS = STALL_LIMIT_MS;
/**
 * Film data arrived during a spinner when a sample shows this much buffered past the playhead, or
 * the buffered end this much further than an earlier sample of the same spinner: the browser plays
 * from a few frames, and hls.js nudges a playhead stuck before buffered data after 2 s.
 */
const BUFFER_ARRIVED_S = 1;

/**
 * A message on screen while the film plays on: a position report in flight as the message came
 * may still move it this much (the stream actor pauses and unloads the film at once).
 */
const PLAYED_AFTER_MESSAGE_S = 1;

// ---- Shared ----

interface Session {
  log: FlightLog;
  steps: Step[];
  breaks: AdBreak[];
  end: number;
  /** steps[i], which the caller knows is there */
  at(i: number): Step;
}

const type = (e: LogEntry) => actionOf(e)?.type;
const breakName = (b: AdBreak) =>
  `${b.kind === 'preroll' ? 'pre-roll' : 'mid-roll'} at ${secs(b.started?.t ?? b.ended?.t ?? 0)}`;
const adName = (b: AdBreak, ad: AdRun) =>
  `Ad ${ad.index + 1}/${b.total}${ad.title ? ` "${ad.title}"` : ''} of the ${breakName(b)}`;

/** The ad's view in the state, when it is this ad's. */
const viewOf = (state: PlayerState, ad: AdRun) =>
  state.ads.ad?.index === ad.index && state.ads.ad.vastUrl === ad.vastUrl ? state.ads.ad : null;

/** The first moment `ms` of counted time has passed, walking steps[from..to] (state of each interval). */
function countedTime(
  s: Session,
  from: number,
  to: number,
  counts: (state: PlayerState) => boolean,
  limit: number,
): { total: number; overAt: number | null } {
  let total = 0;
  let overAt: number | null = null;
  for (let i = from; i < to; i++) {
    const step = s.at(i);
    const dt = s.at(i + 1).entry.t - step.entry.t;
    if (!counts(step.state)) continue;
    if (overAt === null && total + dt > limit) overAt = step.entry.t + (limit - total);
    total += dt;
  }
  return { total, overAt };
}

// ---- ad-break-too-long ----

/** A break whose time with its ads wanted passed the allowance of its ads (AD_ALLOWANCE_MS each plus its duration). */
function adBreakTooLong(s: Session): Finding[] {
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
function adStuck(s: Session): Finding[] {
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

// ---- content-not-resumed ----

/** Whether the film was paused when the break began (runBreak keeps a viewer's pause of a mid-roll). */
function filmPausedBefore(s: Session, b: AdBreak): boolean {
  const start = b.started?.index ?? b.ended?.index ?? 0;
  for (let i = start; i >= (b.requested?.index ?? 0); i--) {
    const e = s.at(i).entry;
    if (e.kind === 'call' && e.actor === 'ads' && e.port === 'media' && e.method === 'sample')
      return (e.result as MediaSample).paused;
  }
  return s.at(start).state.media.paused;
}

/** Why the film rightly stays paused after this break's end, if it does. */
function staysPausedBecause(s: Session, b: AdBreak, end: At): string | null {
  const before = s.steps[end.index - 1]?.state ?? s.at(end.index).state;
  const after = s.at(end.index).state;
  if (before.ads.hostHold) return 'the host page paused the player during the break';
  if (b.kind === 'midroll' && b.started && filmPausedBefore(s, b))
    return 'the film was paused before the break';
  if (after.ads.episodeId !== b.episodeId) return 'the episode changed';
  if (after.system.failure) return 'a message is shown';
  return null;
}

/** Actions after a break's end that leave the film paused rightly. */
const RIGHTLY_PAUSED = new Set([
  'playback/pauseRequested',
  'media/autoplayBlocked', // the browser wants the viewer's click
  'system/bootFailed',
  'system/playbackFailed',
  'content/episodeSelected',
  'ads/breakStarted',
]);

/**
 * After a break ended or passed, the film reports playing (or, asked to play, waits for its data) within
 * RESUME_LIMIT_MS of when it can play; unless it rightly stays paused (staysPausedBecause, or a pause,
 * a message, another episode or break, the browser's refusal after it) or the log ends before.
 */
function contentNotResumed(s: Session): Finding[] {
  const out: Finding[] = [];
  for (const b of s.breaks) {
    if (!b.ended || b.ended.how === 'crashed' || staysPausedBecause(s, b, b.ended)) continue;
    const atEnd = s.at(b.ended.index).state;
    // the film can play once its stream is attached and the availability check has answered
    const waitingFor = new Set<string>();
    if (atEnd.stream.status === 'idle' || atEnd.stream.status === 'loading')
      waitingFor.add('stream/attached');
    if (atEnd.system.available === null) waitingFor.add('system/availabilityKnown');
    let from = b.ended.t;
    let asked: number | null = null;
    let outcome: 'resumed' | 'excused' | 'late' | 'log-ended' = 'log-ended';
    let lateSeq = 0;
    for (let i = b.ended.index + 1; i < s.steps.length; i++) {
      const e = s.at(i).entry;
      if (waitingFor.size === 0 && e.t > from + RESUME_LIMIT_MS) {
        outcome = 'late';
        lateSeq = e.seq;
        break;
      }
      const t = type(e);
      if (!t) continue;
      if (waitingFor.delete(t) && waitingFor.size === 0) from = e.t;
      if (t === 'playback/playRequested') asked ??= e.seq;
      if (t === 'media/playing' || (t === 'media/waiting' && asked !== null)) {
        outcome = 'resumed';
        break;
      }
      if (RIGHTLY_PAUSED.has(t)) {
        outcome = 'excused';
        break;
      }
    }
    if (outcome !== 'late') continue;
    out.push({
      kind: 'content-not-resumed',
      message:
        `The film did not play again within ${secs(RESUME_LIMIT_MS)} after the ${breakName(b)} ended at ${secs(b.ended.t)}: ` +
        (asked === null
          ? 'no play was asked for'
          : 'a play was asked for, and the film did not start'),
      t: from + RESUME_LIMIT_MS,
      seqs: [b.ended.seq, ...(asked === null ? [] : [asked]), lateSeq],
    });
  }
  return out;
}

// ---- beacon-twice and beacon-missing ----

/**
 * One tracking URL of an ad fired more often than its tracking lists it: the player fires each URL of
 * each event once per ad (sagas/ads/tracking.ts). Fires are told apart by the tracking URL they match
 * (their macros, such as a cache buster, differ from fire to fire), or by address when they match none.
 */
function beaconTwice(s: Session): Finding[] {
  const out: Finding[] = [];
  for (const b of s.breaks) {
    for (const ad of b.ads) {
      const byTracking = new Map<string, typeof ad.beacons>();
      for (const beacon of ad.beacons) {
        const keys = [...new Set(beacon.matches.map((m) => `${m.key} ${m.template}`))].sort();
        const group = keys.length ? keys.join('|') : `? ${beacon.url}`;
        byTracking.set(group, [...(byTracking.get(group) ?? []), beacon]);
      }
      for (const fired of byTracking.values()) {
        const first = fired[0];
        if (!first || isViewability(first)) continue; // viewabilityTwice tells of these
        // a SIMID creative's own tracking is fired each time it asks
        if (first.matches.length > 0 && first.matches.every((m) => m.key === REPORTED)) continue;
        // a URL the ad lists under several events is fired once for each
        const allowed = Math.max(1, new Set(first.matches.map((m) => m.key)).size);
        const extra = fired[allowed];
        if (!extra) continue;
        const what = first.matches[0]?.template ?? first.url;
        out.push({
          kind: 'beacon-twice',
          message: `${adName(b, ad)} fired ${what} ${fired.length} times (at ${fired.map((f) => secs(f.t)).join(', ')}): its tracking lists it ${allowed === 1 ? 'once' : `${allowed} times`}`,
          t: extra.t,
          seqs: [extra.seq, ...fired.filter((f) => f !== extra).map((f) => f.seq)],
        });
      }
    }
  }
  return out;
}

interface Due {
  key: string;
  why: string;
  at: At;
}

/** The tracking keys an ad owed, and the entry that made each one due (sagas/ads/tracking.ts). */
function dueBeacons(s: Session, ad: AdRun): Due[] {
  const keys = new Set(ad.tracking?.map((u) => u.key) ?? []);
  const due = new Map<string, Due>();
  const owe = (key: string, why: string, step: Step) => {
    if (keys.has(key) && !due.has(key))
      due.set(key, { key, why, at: { t: step.entry.t, seq: step.entry.seq, index: step.index } });
  };
  const progress = (ad.tracking ?? []).filter((u) => u.event === 'progress');
  const stop = ad.ended?.index ?? s.steps.length - 1;
  let status: AdStatus | null = null;
  for (let i = ad.from; i <= stop; i++) {
    const step = s.at(i);
    const { entry } = step;
    const view = viewOf(step.state, ad);
    if (view && view.status !== status) {
      status = view.status;
      if (status === 'started') {
        owe('impression', 'it started', step);
        owe('start', 'it started', step);
      }
      if (status === 'paused') owe('pause', 'the player paused it', step);
      if (status === 'skipped') owe('skip', 'it was skipped', step);
      if (status === 'error')
        owe('error', `it ended in error ${view.error?.code ?? ''}`.trim(), step);
      if (status === 'completed') {
        owe('complete', 'it completed', step);
        // a video's end fires every quartile; a VPAID creative reports its own
        if (!ad.vpaid) for (const [name] of QUARTILES) owe(name, 'it completed', step);
      }
    }
    if (view && view.currentTime > 0) {
      const d = view.durationSec > 0 ? view.durationSec : null;
      if (!ad.vpaid && d !== null) {
        for (const [name, share] of QUARTILES)
          if (view.currentTime >= d * share)
            owe(name, `it reached ${view.currentTime.toFixed(1)} s of ${d} s`, step);
      }
      for (const u of progress) {
        const offset = offsetSeconds(u.offset, d);
        if (offset !== null && view.currentTime >= offset)
          owe(u.key, `it reached ${view.currentTime.toFixed(1)} s`, step);
      }
    }
    if (entry.kind === 'ev' && entry.port === 'vpaid') {
      const event = (entry.args[0] as VpaidEvent | undefined)?.type;
      const tracked = event && VPAID_TRACKING[event];
      if (tracked) owe(tracked, `the creative reported ${event}`, step);
    }
    if (type(entry) === 'ads/clickThroughRequested' && !ad.vpaid)
      owe('click', 'the viewer clicked it through', step);
    // an icon's view when it shows, its click tracking when the viewer clicks it shown (icons.ts)
    const action = actionOf(entry);
    const clicked = action?.type === 'ads/industryIconClicked' ? action.payload : null;
    for (const icon of view?.icons ?? []) {
      if (!icon.shown) continue;
      const name = `its ${icon.program ?? 'industry'} icon`;
      owe(iconKey(ICON_VIEW, icon.index), `${name} showed`, step);
      if ((clicked as { index: number } | null)?.index === icon.index)
        owe(iconKey(ICON_CLICK, icon.index), `the viewer clicked ${name}`, step);
    }
    if (type(entry) === 'ads/simidShown')
      owe('interactiveStart', 'its SIMID creative showed', step);
  }
  return [...due.values()];
}

/** A beacon due by the ad's tracking (impression and start on its start, quartiles as it plays...) never fired. */
function beaconMissing(s: Session): Finding[] {
  const out: Finding[] = [];
  for (const b of s.breaks) {
    for (const ad of b.ads) {
      if (!ad.tracking) continue; // its VAST is not in the log: what was due is not known
      for (const due of dueBeacons(s, ad)) {
        if (ad.beacons.some((f) => f.matches.some((m) => m.key === due.key))) continue;
        const urls = ad.tracking.filter((u) => u.key === due.key);
        out.push({
          kind: 'beacon-missing',
          message: `${adName(b, ad)} never fired its ${urls[0]?.label} tracking (${urls.map((u) => u.template).join(', ')}), due when ${due.why} at ${secs(due.at.t)}`,
          t: due.at.t,
          seqs: [due.at.seq],
        });
      }
    }
  }
  return out;
}

// ---- viewability-twice ----

const VERDICTS = new Set<string>(VIEWABILITY_VERDICTS);
/** A beacon that is one of its ad's viewability URLs, and nothing else of its ad's. */
const isViewability = (beacon: FiredBeacon) =>
  beacon.matches.length > 0 && beacon.matches.every((m) => VERDICTS.has(m.key));

/**
 * An ad told its viewability more than once: one of Viewable, NotViewable and ViewUndetermined per
 * ad, all of its URLs together (sagas/ads/viewability.ts). A verdict told fires each of its URLs
 * once, so the verdicts an ad told are the fires of each verdict's most fired URL.
 */
function viewabilityTwice(s: Session): Finding[] {
  const out: Finding[] = [];
  for (const b of s.breaks) {
    for (const ad of b.ads) {
      const told: { verdict: string; beacon: FiredBeacon }[] = [];
      for (const verdict of VIEWABILITY_VERDICTS) {
        const byUrl = new Map<string, FiredBeacon[]>();
        for (const beacon of ad.beacons)
          for (const m of beacon.matches)
            if (m.key === verdict)
              byUrl.set(m.template, [...(byUrl.get(m.template) ?? []), beacon]);
        const most = [...byUrl.values()].reduce<FiredBeacon[]>(
          (a, fires) => (fires.length > a.length ? fires : a),
          [],
        );
        told.push(...most.map((beacon) => ({ verdict, beacon })));
      }
      told.sort((x, y) => x.beacon.index - y.beacon.index);
      const again = told[1];
      if (!again) continue;
      const list = told.map(({ verdict, beacon }) => `${verdict} at ${secs(beacon.t)}`);
      out.push({
        kind: 'viewability-twice',
        message: `${adName(b, ad)} told its viewability ${told.length} times (${list.join(', ')}): one verdict per ad, once`,
        t: again.beacon.t,
        seqs: [again.beacon.seq, ...told.filter((x) => x !== again).map((x) => x.beacon.seq)],
      });
    }
  }
  return out;
}

// ---- verification-untold ----

/** The statuses that say an ad's creative began to play. */
const BEGAN = new Set<AdStatus>(['started', 'playing', 'paused', 'completed', 'skipped']);

/**
 * A verification vendor of an ad that played was told nothing. The player runs no vendor's code
 * (sagas/ads/verification.ts): each Verification with verificationNotExecuted URLs is told through
 * them as the ad's session opens, before its creative plays, so by its start at the latest. A player
 * that runs a vendor's code tells the vendor by running it; this one runs none, so only the URLs count.
 * An ad already on where the log starts is left out: its session opened in the entries dropped.
 */
function verificationUntold(s: Session): Finding[] {
  const out: Finding[] = [];
  for (const b of s.breaks) {
    for (const ad of b.ads) {
      const began = ad.statuses.find((st) => BEGAN.has(st.status));
      if (!ad.tracking || ad.fromCheckpoint || !began) continue;
      const vendors = new Map<number, TrackingUrl[]>();
      for (const u of ad.tracking)
        if (u.verification)
          vendors.set(u.verification.index, [...(vendors.get(u.verification.index) ?? []), u]);
      for (const [index, urls] of vendors) {
        const told = ad.beacons.some((f) =>
          f.matches.some((m) => m.key === NOT_EXECUTED && m.verification?.index === index),
        );
        if (told) continue;
        const vendor = urls[0]?.verification?.vendor;
        out.push({
          kind: 'verification-untold',
          message: `${adName(b, ad)} ${began.status} at ${secs(began.t)} and never told its verification vendor ${vendor ?? `#${index + 1} (no vendor named)`} that its code did not run: none of ${urls.map((u) => u.template).join(', ')} fired`,
          t: began.t,
          seqs: [began.seq],
        });
      }
    }
  }
  return out;
}

// ---- spinner-too-long ----

/** What BufferingIndicator shows: the started film waiting for data, not paused, no message over it. */
const spinnerShown = (state: PlayerState) =>
  state.media.started && state.media.buffering && !state.media.paused && !state.system.failure;

/**
 * The spinner as this check counts it: not while the player knows the network is gone and says so
 * (the connection line). That wait has its own limit, the network wait's 10 minutes
 * (NETWORK_WAIT_LIMIT_MS), then the message; the spinner's clock starts again when the network is
 * back (stream/networkBack). The player's word is trusted here: a wait that outlasts the network's
 * return is the network wait's to end (it ends when the buffer grows, sagas/stream/networkWait.ts).
 */
const spinnerCounted = (state: PlayerState) =>
  spinnerShown(state) && state.streamHealth.phase !== 'waitingForNetwork';

/** A media sample in an entry: the stream loop's tick, or a sample() an actor took. */
function sampleOf(e: LogEntry): MediaSample | null {
  if (e.kind === 'ev' && e.port === 'media') {
    const event = e.args[0] as { type?: string; sample?: MediaSample } | undefined;
    return event?.type === 'tick' && event.sample ? event.sample : null;
  }
  if (e.kind === 'call' && e.port === 'media' && e.method === 'sample')
    return (e.result as MediaSample | undefined) ?? null;
  return null;
}

/** The first entry of a spinner (steps[from..to)) that shows the film's data arriving. */
function dataArrived(s: Session, from: number, to: number): LogEntry | null {
  let firstEnd: number | null = null;
  for (let i = from; i < to; i++) {
    const e = s.at(i).entry;
    const sample = sampleOf(e);
    if (!sample) continue;
    if (sample.bufferedEnd - sample.currentTime >= BUFFER_ARRIVED_S) return e;
    if (firstEnd !== null && sample.bufferedEnd - firstEnd >= BUFFER_ARRIVED_S) return e;
    firstEnd ??= sample.bufferedEnd;
  }
  return null;
}

/**
 * The spinner shown for longer than SPINNER_LIMIT_MS while the film's data arrived (dataArrived), the
 * player's wait for a network it knows is gone left out (spinnerCounted).
 */
function spinnerTooLong(s: Session): Finding[] {
  const out: Finding[] = [];
  let from: number | null = null;
  for (let i = 0; i < s.steps.length; i++) {
    const shown = spinnerCounted(s.at(i).state);
    const last = i === s.steps.length - 1;
    if (shown && from === null) from = i;
    if (from === null || (shown && !last)) continue;
    const start = s.at(from).entry;
    const stopT = s.at(i).entry.t;
    if (stopT - start.t > SPINNER_LIMIT_MS) {
      const arrived = dataArrived(s, from, i + 1);
      if (arrived) {
        const sample = sampleOf(arrived) as MediaSample;
        const before = from > 0 ? s.at(from - 1).state : null;
        const afterWait = before !== null && spinnerShown(before) && !spinnerCounted(before);
        out.push({
          kind: 'spinner-too-long',
          message:
            `The spinner showed ${shown ? 'until the log ended' : 'for'} ${secs(stopT - start.t)} from ${secs(start.t)}${afterWait ? ', when the network came back,' : ''} ` +
            `(limit ${secs(SPINNER_LIMIT_MS)}) while the film's data arrived: at ${secs(arrived.t)} ` +
            `${(sample.bufferedEnd - sample.currentTime).toFixed(1)} s was buffered past the playhead (${sample.currentTime.toFixed(1)} s)`,
          t: start.t + SPINNER_LIMIT_MS,
          seqs: [start.seq, arrived.seq, s.at(i).entry.seq],
        });
      }
    }
    from = null;
  }
  return out;
}

// ---- error-while-playable ----

/**
 * A message on screen (system/bootFailed or system/playbackFailed) while the film could play: it
 * played after the message (media/playing, or its position moved on by more than
 * PLAYED_AFTER_MESSAGE_S), or the message told of a stream failure when the stream had not failed
 * (no fatal stream error since its load).
 */
function errorWhilePlayable(s: Session): Finding[] {
  const out: Finding[] = [];
  for (let i = 0; i < s.steps.length; i++) {
    const { entry, state } = s.at(i);
    const t = type(entry);
    if (t !== 'system/bootFailed' && t !== 'system/playbackFailed') continue;
    const shownAt = state.media.currentTime;
    const detail = state.system.failure?.detail ?? '';
    const message = `The message "${state.system.failure?.reason}" (${detail}) at ${secs(entry.t)}`;
    // the film played behind or after the message
    for (let j = i + 1; j < s.steps.length; j++) {
      const e = s.at(j).entry;
      const sample = sampleOf(e);
      const moved =
        sample && !sample.paused && sample.currentTime - shownAt > PLAYED_AFTER_MESSAGE_S;
      if (type(e) !== 'media/playing' && !moved) continue;
      out.push({
        kind: 'error-while-playable',
        message: `${message} while the film played on: ${moved ? `at ${sample.currentTime.toFixed(1)} s` : 'playing'} at ${secs(e.t)}`,
        t: entry.t,
        seqs: [entry.seq, e.seq],
      });
      break;
    }
    if (t !== 'system/playbackFailed' || out.at(-1)?.seqs[0] === entry.seq) continue;
    // a stream failure message with no fatal stream error since the stream's load
    let fatal = false;
    for (let j = i - 1; j >= 0 && !fatal; j--) {
      const e = s.at(j).entry;
      if (type(e) === 'stream/loadStarted') break;
      const action = actionOf(e);
      if (action?.type === 'stream/errorOccurred' && (action.payload as { fatal: boolean }).fatal)
        fatal = true;
    }
    if (!fatal)
      out.push({
        kind: 'error-while-playable',
        message: `${message} with no fatal stream error since the stream loaded: the stream had not failed`,
        t: entry.t,
        seqs: [entry.seq],
      });
  }
  return out;
}

// ---- actor-crash ----

function actorCrash(s: Session): Finding[] {
  return s.steps.flatMap(({ entry }) => {
    const action = actionOf(entry);
    if (action?.type !== 'system/actorCrashed') return [];
    const p = action.payload as { actor: string; message: string; restarts: number };
    return [
      {
        kind: 'actor-crash',
        message: `Actor "${p.actor}" crashed (after ${p.restarts} restart(s)): ${p.message}`,
        t: entry.t,
        seqs: [entry.seq],
      },
    ];
  });
}

const CHECKS = [
  adBreakTooLong,
  adStuck,
  contentNotResumed,
  beaconTwice,
  beaconMissing,
  viewabilityTwice,
  verificationUntold,
  spinnerTooLong,
  errorWhilePlayable,
  actorCrash,
];

/** Every promise the session's log shows broken, in time order. */
export function findFindings(log: FlightLog): Finding[] {
  const steps = foldStates(log);
  const at = (i: number) => {
    const step = steps[i];
    if (!step) throw new Error(`No entry at ${i} of ${steps.length}`);
    return step;
  };
  const session: Session = { log, steps, breaks: adBreaks(log, steps), end: logEnd(log), at };
  return CHECKS.flatMap((check) => check(session)).sort((a, b) => a.t - b.t);
}
