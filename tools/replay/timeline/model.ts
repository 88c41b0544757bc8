// The timeline's data model, pure: what the page draws, computed from a log, its replay and the
// findings. The page packs it (data.ts) and draws it on the client (client/).
import type { FlightLog } from '../../../src/recorder/format';
import type { Finding } from '../finding';
import type { ReplayResult } from '../replay';
import { adTimeline, type AdSpan, type Beacon, type BreakSpan, type PassedBreak } from './ads';
import { BEACON_LANE, detailOf, INPUT_LANES, isError, laneOf, typeOf } from './classify';
import { playbackBars, type PlaybackBar } from './playback';

/** The lanes drawn from states rather than from entries, above the others. */
export const PLAYBACK_LANE = 'playback';
export const AD_LANE = 'ad breaks';

export interface ModelEntry {
  seq: number;
  t: number;
  kind: string;
  lane: string;
  type: string;
  detail: string;
  error: boolean;
}

export interface Marker {
  /** index in log.entries, or -1 when it is past the last entry */
  index: number;
  t: number;
  label: string;
}

export interface FindingMarker extends Marker {
  kind: string;
  /** indexes in log.entries of every entry that shows it */
  indexes: number[];
}

export interface TimelineModel {
  /** session times (ms) of the first and last entries */
  start: number;
  end: number;
  lanes: string[];
  entries: ModelEntry[];
  playback: PlaybackBar[];
  breaks: BreakSpan[];
  ads: AdSpan[];
  passed: PassedBreak[];
  beacons: Beacon[];
  errors: Marker[];
  divergence: Marker | null;
  findings: FindingMarker[];
}

/** Lanes: playback and ad breaks, beacons, the actors as they first act, then the inputs. */
function laneOrder(entryLanes: string[], hasPlayback: boolean, hasAds: boolean): string[] {
  const seen = new Set(entryLanes);
  const actors = [...seen].filter((l) => l.startsWith('actor: '));
  const events = [...seen].filter((l) => l.endsWith(' events'));
  const inputs = INPUT_LANES.filter((l) => seen.has(l));
  const [first, ...rest] = inputs;
  return [
    ...(hasPlayback ? [PLAYBACK_LANE] : []),
    ...(hasAds ? [AD_LANE] : []),
    ...(seen.has(BEACON_LANE) ? [BEACON_LANE] : []),
    ...actors,
    ...(first === 'viewer / host' ? [first, ...events, ...rest] : [...events, ...inputs]),
  ];
}

export function timelineModel(
  log: FlightLog,
  result: ReplayResult,
  findings: Finding[] = [],
): TimelineModel {
  const logged = log.entries;
  const start = logged[0]?.t ?? 0;
  const end = Math.max(start, logged[logged.length - 1]?.t ?? 0);
  const entries: ModelEntry[] = logged.map((e) => ({
    seq: e.seq,
    t: e.t,
    kind: e.kind,
    lane: laneOf(e),
    type: typeOf(e),
    detail: detailOf(e),
    error: isError(e),
  }));
  const playback = playbackBars(logged, end);
  const { breaks, ads, passed, beacons } = adTimeline(log, end);
  const indexOfSeq = new Map(logged.map((e, i) => [e.seq, i]));
  const d = result.divergence;
  return {
    start,
    end,
    lanes: laneOrder(
      entries.map((e) => e.lane),
      playback.length > 0,
      breaks.length + passed.length > 0,
    ),
    entries,
    playback,
    breaks,
    ads,
    passed,
    beacons,
    errors: entries.flatMap((e, index) =>
      e.error ? [{ index, t: e.t, label: `${e.type} ${e.detail}` }] : [],
    ),
    divergence: d
      ? {
          index: d.index < logged.length ? d.index : -1,
          t: d.t ?? end,
          label: `Divergence at entry #${d.seq ?? 'end'}, actor "${d.actor}": ${d.reason}`,
        }
      : null,
    findings: findings.map((f) => {
      const indexes = f.seqs.flatMap((s) => {
        const i = indexOfSeq.get(s);
        return i === undefined ? [] : [i];
      });
      return { kind: f.kind, index: indexes[0] ?? -1, indexes, t: f.t, label: f.message };
    }),
  };
}
