// The model packed for the page: entries as columns (one array per field, strings interned, times
// as deltas), so a long session's page stays small; the page unpacks it (client/unpack.ts).
import type { TimelineModel } from './model';

/** Times are kept to a tenth of a millisecond. */
const TIME_UNIT = 0.1;

export interface PageData {
  title: string;
  start: number;
  end: number;
  lanes: string[];
  /** the interned strings: kinds, types and details, referred to by index */
  strings: string[];
  entries: {
    /** seq of the first entry, and each entry's step from the one before (1 unless entries are missing) */
    seq0: number;
    seqStep: number[] | null;
    /** time of each entry after the one before, in TIME_UNITs (the first: after `start`) */
    dt: number[];
    kind: number[];
    lane: number[];
    type: number[];
    detail: number[];
    errors: number[];
  };
  timeUnit: number;
  playback: TimelineModel['playback'];
  breaks: TimelineModel['breaks'];
  ads: TimelineModel['ads'];
  passed: TimelineModel['passed'];
  /** [entry index, VAST event or null] */
  beacons: [number, string | null][];
  divergence: TimelineModel['divergence'];
  findings: TimelineModel['findings'];
}

function interner() {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const of = (s: string) => {
    let i = index.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      index.set(s, i);
    }
    return i;
  };
  return { strings, of };
}

export function pageData(model: TimelineModel, title: string): PageData {
  const { strings, of } = interner();
  const laneIndex = new Map(model.lanes.map((l, i) => [l, i]));
  const es = model.entries;
  const steps = es.map((e, i) => (i === 0 ? 0 : e.seq - (es[i - 1]?.seq ?? 0)));
  let last = Math.round(model.start / TIME_UNIT);
  const dt = es.map((e) => {
    const at = Math.round(e.t / TIME_UNIT);
    const step = at - last;
    last = at;
    return step;
  });
  return {
    title,
    start: model.start,
    end: model.end,
    lanes: model.lanes,
    strings,
    entries: {
      seq0: es[0]?.seq ?? 0,
      seqStep: steps.every((s, i) => i === 0 || s === 1) ? null : steps,
      dt,
      kind: es.map((e) => of(e.kind)),
      lane: es.map((e) => laneIndex.get(e.lane) ?? -1),
      type: es.map((e) => of(e.type)),
      detail: es.map((e) => of(e.detail)),
      errors: es.flatMap((e, i) => (e.error ? [i] : [])),
    },
    timeUnit: TIME_UNIT,
    playback: model.playback,
    breaks: model.breaks,
    ads: model.ads,
    passed: model.passed,
    beacons: model.beacons.map((b) => [b.index, b.event]),
    divergence: model.divergence,
    findings: model.findings,
  };
}

/** JSON that can sit inside a <script> element: no "</script>", no "<!--". */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
