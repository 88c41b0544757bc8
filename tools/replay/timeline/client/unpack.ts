// The page's data as page.ts writes it (#timeline-data, packed by data.ts), and its entries
// unpacked: time (ms) and seq per entry; the rest stays as indexes into the interned strings.
import type { BEACON_LANE } from '../classify';
import type { COLOURS } from '../colours';
import type { PageData } from '../data';
import type { AD_LANE, PLAYBACK_LANE } from '../model';
import { byId } from './dom';

/** The packed data, and the colours of the legend that page.ts adds to it. */
export type ClientData = PageData & { colours: typeof COLOURS };

export function readData(): ClientData {
  // page.ts writes it from a PageData, which JSON.parse cannot know
  const data: ClientData = JSON.parse(byId('timeline-data').textContent ?? '');
  return data;
}

/** The lanes the picture draws apart, named as model.ts and classify.ts name them. */
const PLAYBACK: typeof PLAYBACK_LANE = 'playback';
const ADS: typeof AD_LANE = 'ad breaks';
const BEACONS: typeof BEACON_LANE = 'beacons';

export interface Entries {
  count: number;
  t(i: number): number;
  seq(i: number): number;
  /** its lane's index in data.lanes */
  lane(i: number): number;
  /** indexes in data.strings of its type, detail and kind (the search and filters key on them) */
  typeKey(i: number): number;
  detailKey(i: number): number;
  kindKey(i: number): number;
  kind(i: number): string;
  type(i: number): string;
  detail(i: number): string;
  isError(i: number): boolean;
  laneName(lane: number): string;
  /** a beacon's entry -> the VAST event it tracks (null: none of its ad's) */
  beaconEvent: Map<number, string | null>;
  /** entry index -> the findings (their positions in data.findings) that show it */
  findingsOf: Map<number, number[]>;
  /** the divergence's entry: -1 past the last entry, -2 without a divergence */
  divergenceIndex: number;
  /** indexes in data.lanes of the lanes drawn apart, -1 when the session has none */
  lanes: { playback: number; ads: number; beacons: number };
  /** The first entry at or after time t. */
  lowerBound(t: number): number;
}

/** The first of `length` sorted items that is not before what is sought (binary search). */
export function firstNotBefore(length: number, before: (k: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function unpack(data: ClientData): Entries {
  const S = data.strings;
  const E = data.entries;
  const n = E.dt.length;
  const T = new Float64Array(n);
  const SEQ = new Float64Array(n);
  let t = Math.round(data.start / data.timeUnit);
  let seq = E.seq0;
  for (let i = 0; i < n; i++) {
    t += E.dt[i] ?? 0;
    T[i] = t * data.timeUnit;
    if (i > 0) seq += E.seqStep ? (E.seqStep[i] ?? 0) : 1;
    SEQ[i] = seq;
  }
  const errors = new Uint8Array(n);
  for (const i of E.errors) errors[i] = 1;
  const findingsOf = new Map<number, number[]>();
  data.findings.forEach((f, k) => {
    for (const i of f.indexes) findingsOf.set(i, [...(findingsOf.get(i) ?? []), k]);
  });
  // the packed columns have an item per entry: the fallbacks are for the type checker only
  const at = (column: ArrayLike<number>, i: number) => column[i] ?? 0;
  const str = (k: number) => S[k] ?? '';
  return {
    count: n,
    t: (i) => at(T, i),
    seq: (i) => at(SEQ, i),
    lane: (i) => at(E.lane, i),
    typeKey: (i) => at(E.type, i),
    detailKey: (i) => at(E.detail, i),
    kindKey: (i) => at(E.kind, i),
    kind: (i) => str(at(E.kind, i)),
    type: (i) => str(at(E.type, i)),
    detail: (i) => str(at(E.detail, i)),
    isError: (i) => errors[i] === 1,
    laneName: (lane) => data.lanes[lane] ?? '',
    beaconEvent: new Map(data.beacons),
    findingsOf,
    divergenceIndex: data.divergence ? data.divergence.index : -2,
    lanes: {
      playback: data.lanes.indexOf(PLAYBACK),
      ads: data.lanes.indexOf(ADS),
      beacons: data.lanes.indexOf(BEACONS),
    },
    lowerBound: (time) => firstNotBefore(n, (i) => at(T, i) < time),
  };
}
