// The checks of an ad's beacons against its tracking: a URL fired more often than listed
// (beacon-twice), one due and never fired (beacon-missing), viewability told more than once
// (viewability-twice), a verification vendor told nothing (verification-untold).
import { ICON_CLICK, ICON_VIEW, iconKey } from '../../sagas/ads/iconEvents';
import { VIEWABILITY_VERDICTS } from '../../sagas/ads/viewability';
import { VPAID_TRACKING } from '../../sagas/ads/vpaidCreative';
import type { VpaidEvent } from '../../src/ports/types';
import type { AdStatus } from '../../src/state/ads';
import { NOT_EXECUTED, QUARTILES } from '../../src/vast/model';
import { offsetSeconds } from '../../src/vast/offsets';
import { REPORTED, type AdRun, type At, type FiredBeacon, type TrackingUrl } from './adBreaks';
import type { Finding } from './finding';
import { adName, type Session, type, viewOf } from './findingSession';
import { secs } from './seconds';
import { actionOf, type Step } from './sessionStates';

// ---- beacon-twice and beacon-missing ----

/**
 * One tracking URL of an ad fired more often than its tracking lists it: the player fires each URL of
 * each event once per ad (sagas/ads/tracking.ts). Fires are told apart by the tracking URL they match
 * (their macros, such as a cache buster, differ from fire to fire), or by address when they match none.
 */
export function beaconTwice(s: Session): Finding[] {
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
export function beaconMissing(s: Session): Finding[] {
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
export function viewabilityTwice(s: Session): Finding[] {
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
export function verificationUntold(s: Session): Finding[] {
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
