// The network benchmark's matrix: every kind of outage, each lasting each duration, at each point of
// the long film; segment404 once per point. The whole of it takes about an hour, so the command
// line can pick part of it: npm run bench -- network --kinds hostReset,network --durations 12 --points 600
import { OUTAGE_KINDS, type OutageKind, type TimedOutage } from './outages';

/** how long each timed outage lasts */
export const OUTAGE_DURATIONS_S = [5, 12, 30, 120];
/** where in the hour-long film (its minutes 10 and 45) */
export const OUTAGE_POINTS_S = [600, 2700];

/** one outage at one point of the film; segment404 has no duration */
export type OutageCase =
  | { kind: TimedOutage; durationS: number; atS: number }
  | { kind: 'segment404'; durationS: null; atS: number };

const OPTIONS = ['--kinds', '--durations', '--points'];

/** The cases the options keep (all without options); throws on an option or value it does not know. */
export function outageMatrix(options: readonly string[]): OutageCase[] {
  const chosen = new Map<string, string[]>();
  for (let i = 0; i < options.length; i += 2) {
    const [name, value] = [options[i] ?? '', options[i + 1]];
    if (!OPTIONS.includes(name) || value === undefined)
      throw new Error(`expected ${OPTIONS.map((o) => `${o} a,b`).join(', ')}; got ${name}`);
    chosen.set(name, value.split(','));
  }
  const pick = <T>(name: string, all: readonly T[], parse: (v: string) => T): T[] => {
    const values = chosen.get(name)?.map(parse);
    const unknown = values?.filter((v) => !all.includes(v)) ?? [];
    if (unknown.length > 0)
      throw new Error(`${name}: unknown ${unknown.join(', ')}; choose from ${all.join(', ')}`);
    return values ?? [...all];
  };
  const kinds = pick<OutageKind>('--kinds', OUTAGE_KINDS, (v) => v as OutageKind);
  const durations = pick('--durations', OUTAGE_DURATIONS_S, Number);
  const points = pick('--points', OUTAGE_POINTS_S, Number);
  return points.flatMap((atS) =>
    kinds.flatMap((kind): OutageCase[] =>
      kind === 'segment404'
        ? [{ kind, durationS: null, atS }]
        : durations.map((durationS) => ({ kind, durationS, atS })),
    ),
  );
}
