// Ad breaks and the ads inside them as the timeline draws them, from the session's ad breaks as
// adBreaks.ts reads them: a break from ads/breakStarted to ads/breakEnded, each ad from ads/adCreated
// to its end status (ads/adEnded), with a segment per status it went through on the way (created,
// loaded, started, playing, paused) and its SIMID creative's story; and the beacons named by the
// VAST event they track.
import type { FlightLog } from '../../../src/recorder/format';
import type { AdEndStatus, AdStatus, BreakKind } from '../../../src/state/ads';
import { adBreaks, beaconEvent, type AdBreak, type AdRun } from '../adBreaks';
import { simidStory } from '../adStory';
import { BEACON_LANE, laneOf } from './classify';

export interface StatusSegment {
  status: AdStatus;
  from: number;
  to: number;
}

export interface AdSpan {
  /** which of `breaks` it belongs to */
  breakIndex: number;
  kind: BreakKind;
  /** its place in the break, from 0, and the break's number of ads */
  index: number;
  total: number;
  title: string;
  id: string | null;
  vastUrl: string;
  /** session times (ms): creation and end */
  from: number;
  to: number;
  /** how it ended; null when the log does not say (cut by a crash, or the log ends first) */
  endStatus: AdEndStatus | null;
  /** why it has no end status */
  cut: string | null;
  error: string | null;
  /** its SIMID creative's story: how it went, and its messages by name (adStory.ts) */
  simid: string | null;
  segments: StatusSegment[];
  /**
   * indexes in log.entries of its creation (-1: before the log) and of its end or of what cut it
   * short (-1: the log ends first)
   */
  createdIndex: number;
  endedIndex: number;
}

export interface BreakSpan {
  kind: BreakKind;
  total: number;
  /** content position of the break, seconds */
  contentTime: number;
  from: number;
  to: number;
  /** ended: ads/breakEnded; otherwise why it stops where it does */
  cut: string | null;
  startedIndex: number;
  endedIndex: number;
}

/** A break asked for that had nothing to play (ads/breakPassed). */
export interface PassedBreak {
  kind: BreakKind;
  t: number;
  reason: string;
  index: number;
}

/** A beacon.fire: its index in log.entries, and the VAST event it tracks (null: none of its ad's). */
export interface Beacon {
  index: number;
  event: string | null;
}

export interface AdTimeline {
  breaks: BreakSpan[];
  ads: AdSpan[];
  passed: PassedBreak[];
  beacons: Beacon[];
}

const LOG_ENDS = 'the log ends first';

function adSpan(ad: AdRun, b: AdBreak, breakIndex: number, end: number): AdSpan {
  const to = ad.ended?.t ?? end;
  // the statuses it went through until its end (its end status is the cap, not a segment)
  const lived = ad.statuses.filter((s) => !ad.ended || s.index < ad.ended.index);
  return {
    breakIndex,
    kind: b.kind,
    index: ad.index,
    total: b.total,
    title: ad.title,
    id: ad.id,
    vastUrl: ad.vastUrl,
    from: ad.created.t,
    to,
    endStatus: ad.ended?.status ?? null,
    cut: ad.ended ? ad.ended.cut : LOG_ENDS,
    error: ad.error && `VAST error ${ad.error.code}: ${ad.error.message}`,
    simid: simidStory(ad),
    segments: lived.map((s, i) => ({ status: s.status, from: s.t, to: lived[i + 1]?.t ?? to })),
    createdIndex: ad.fromCheckpoint ? -1 : ad.created.index,
    endedIndex: ad.ended?.index ?? -1,
  };
}

/** The ad breaks, ads and beacons of the log, up to `end` (ms) for what the log does not end. */
export function adTimeline(log: FlightLog, end: number): AdTimeline {
  const out: AdTimeline = { breaks: [], ads: [], passed: [], beacons: [] };
  const names = new Map<number, string | null>();
  for (const b of adBreaks(log)) {
    for (const beacon of b.ads.flatMap((ad) => ad.beacons))
      names.set(beacon.index, beaconEvent(beacon));
    if (!b.started) {
      // a break that did not start passed (ads/breakPassed)
      if (b.ended) {
        const { t, index, reason } = b.ended;
        out.passed.push({ kind: b.kind, t, reason: reason ?? '', index });
      }
      continue;
    }
    out.ads.push(...b.ads.map((ad) => adSpan(ad, b, out.breaks.length, end)));
    out.breaks.push({
      kind: b.kind,
      total: b.total,
      contentTime: b.contentTime,
      from: b.started.t,
      to: b.ended?.t ?? end,
      cut: b.ended ? b.ended.reason : LOG_ENDS,
      startedIndex: b.fromCheckpoint ? -1 : b.started.index,
      endedIndex: b.ended?.index ?? -1,
    });
  }
  // every entry of the beacons lane, named when it is one of its ad's
  log.entries.forEach((e, index) => {
    if (laneOf(e) === BEACON_LANE) out.beacons.push({ index, event: names.get(index) ?? null });
  });
  return out;
}
