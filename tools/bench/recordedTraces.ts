// The recorded throughput traces the adaptive-streaming benchmark replays: measured networks from
// public research sets (traces/README.md cites each, and says how traces/convert.ts chose and
// converted them), kept in traces/recorded.json and split once into a half the controller may be
// tuned on and a half held back from it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRACE_SECONDS } from './abrLinks';
import type { AbrTrace } from './abrTrace';

export type Kind = 'mobile' | 'broadband' | 'lte';
export type Half = 'tuning' | 'heldBack';

export interface RecordedSource {
  dataset: string;
  authors: string;
  /** the log's name within the set */
  file: string;
  /** the repository and file it was read from */
  from: string;
  license: string;
}

export interface Recorded {
  name: string;
  set: Half;
  kind: Kind;
  about: string;
  source: RecordedSource;
  latencyMs: number;
  /** the throughput of each second, kbit/s */
  kbps: number[];
}

export const KINDS: readonly Kind[] = ['mobile', 'broadband', 'lte'];
const HALVES: readonly Half[] = ['tuning', 'heldBack'];

/** the file's traces, checked for the form the benchmark replays */
export function readRecorded(
  path = join(__dirname, 'traces', 'recorded.json'),
): readonly Recorded[] {
  const traces = JSON.parse(readFileSync(path, 'utf8')) as Recorded[];
  for (const t of traces) {
    const wrong = (what: string) => new Error(`${path}: ${t.name ?? 'a trace'} ${what}`);
    if (!HALVES.includes(t.set)) throw wrong(`is in no half (${t.set})`);
    if (!KINDS.includes(t.kind)) throw wrong(`is of no kind (${t.kind})`);
    if (t.kbps?.length !== TRACE_SECONDS) throw wrong(`is not ${TRACE_SECONDS} s long`);
    if (!t.kbps.every((k) => Number.isFinite(k) && k >= 0)) throw wrong('has a rate below 0');
  }
  return traces;
}

export const RECORDED: readonly Recorded[] = readRecorded();

/** the recorded traces as the benchmark replays them, each in its half */
export const RECORDED_TRACES: readonly AbrTrace[] = RECORDED.map((t) => ({
  name: t.name,
  about: t.about,
  group: t.set,
  kbps: t.kbps,
  latencyMs: t.latencyMs,
}));
