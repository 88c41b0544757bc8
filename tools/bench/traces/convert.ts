// Writes recorded.json, the adaptive-streaming benchmark's recorded traces, from the research sets as
// two public repositories keep them (README.md here says which, and cites each set):
//
//   npx tsx tools/bench/traces/convert.ts <sabre>/example/mmsys18 <cooked_traces>
//
// the first folder holding Sabre's 3Glogs/ and 4Glogs/, the second Pensieve's cooked traces. Every
// choice below is a rule over the logs' names, lengths and means, fixed before any trace was replayed:
// a trace is its log's first TRACE_SECONDS seconds (a shorter log is left out, not looped); a log whose
// mean over them is under the ladder's lowest rung is left out; of the others, so many of each group
// evenly spaced in the order of their names; then within each kind, in that order, one for the tuning
// half and the next for the held-back half.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ABR_LADDER } from '../../abrLadder';
import { BROADBAND_RTT_MS, MOBILE_RTT_MS, TRACE_SECONDS } from '../abrLinks';
import type { Half, Kind, Recorded, RecordedSource } from '../recordedTraces';
import { cookedSpans, perSecond, sabreSpans, type Span } from './perSecond';

/** the versions read */
const SABRE = 'github.com/UMass-LIDS/sabre at 09b03bb0f4f90660a2504a6b2fb48d2f06333706';
const COOKED =
  'github.com/confiwent/Real-world-bandwidth-traces at d28c4fd48d0e358db024cc0217b111c070815fa7';

const HSDPA = {
  dataset: 'HSDPA-bandwidth logs for mobile HTTP streaming scenarios (Telenor 3G/HSDPA, Oslo area)',
  authors:
    'Haakon Riiser, Paul Vigmostad, Carsten Griwodz, Pål Halvorsen: Commute Path Bandwidth Traces from 3G Networks: Analysis and Applications, ACM MMSys 2013',
  license:
    "no licence attached; public for research, published work to cite Riiser et al. 2013 (the set's listing); Sabre's conversion BSD-2-Clause",
};
const FCC = {
  dataset: 'Measuring Broadband America, raw data 2016 (web browsing test, curr_webget)',
  authors:
    'U.S. Federal Communications Commission; traces as cooked by Hongzi Mao, Ravi Netravali, Mohammad Alizadeh: Neural Adaptive Video Streaming with Pensieve, ACM SIGCOMM 2017',
  license:
    "raw data released freely and publicly by the FCC, as is; the cooked traces' repository MIT (Nuowen Kan, 2023)",
};
const GHENT = {
  dataset: '4G/LTE Bandwidth Logs (Ghent, Belgium, 2015-12-16 to 2016-02-04)',
  authors:
    'Jeroen van der Hooft, Stefano Petrangeli, Tim Wauters, Rafael Huysegems, Patrice Rondao Alface, Tom Bostoen, Filip De Turck: HTTP/2-Based Adaptive Streaming of HEVC Video Over 4G/LTE Networks, IEEE Communications Letters 2016',
  license:
    "no licence attached; published on the authors' page for research, cited here by the paper it came with; Sabre's conversion BSD-2-Clause",
};

/** how many logs of each group to take: per mode of transport, or all the FCC's together */
const PICKS: Record<Kind, number> = { mobile: 2, broadband: 8, lte: 1 };

interface Candidate {
  kind: Kind;
  /** the mode of transport, or the kind itself */
  group: string;
  name: string;
  source: RecordedSource;
  about: (meanKbps: number) => string;
  spans: Span[];
}

const mbps = (kbps: number) => (kbps / 1000).toFixed(1);

/** Sabre's 3G logs are named by their start only: the route is in Pensieve's cooked names */
function hsdpaLogs(sabre: string, cooked: string): Candidate[] {
  const routes = new Map<string, string>();
  for (const file of readdirSync(cooked)) {
    const match = /^(\w+\.[\w-]+)-report\.(.+)\.log$/.exec(file);
    if (match) routes.set(match[2] as string, match[1] as string);
  }
  return readdirSync(join(sabre, '3Glogs')).flatMap((file) => {
    const start = /^report\.(.+)\.json$/.exec(file)?.[1];
    const route = start && routes.get(start);
    if (!start || !route) return [];
    const [mode = '', path = ''] = route.split('.');
    const [day, time = ''] = start.split('_');
    return {
      kind: 'mobile' as const,
      group: mode,
      name: `hsdpa-${mode}-${day}-${time.slice(0, 4)}`,
      source: {
        ...HSDPA,
        file: `${route}/report.${start}.log`,
        from: `${SABRE}: example/mmsys18/3Glogs/${file} (its route from Pensieve's cooked name ${route}-report.${start}.log, ${COOKED})`,
      },
      about: (mean: number) =>
        `3G/HSDPA, ${mode} ${path.replace('-', ' to ')}, ${day} ${time.slice(0, 2)}:${time.slice(2, 4)}: mean ${mbps(mean)} Mbit/s`,
      spans: sabreSpans(JSON.parse(readFileSync(join(sabre, '3Glogs', file), 'utf8'))),
    };
  });
}

function fccLogs(cooked: string): Candidate[] {
  return readdirSync(cooked).flatMap((file) => {
    const match = /^trace_(\d+)_(https?)---(.+)$/.exec(file);
    if (!match) return [];
    const [, unit, scheme, target = ''] = match;
    // Pensieve's names have '-' for the target's ':' and '/' (its hosts have none)
    const host = target.replace(/-.*$/, '');
    const url = `${scheme}://${host}${target.slice(host.length).replace(/-/g, '/')}`;
    const site = host.split('.').at(-2) ?? host;
    return {
      kind: 'broadband' as const,
      group: 'fcc',
      name: `fcc-${unit}-${site}`,
      source: {
        ...FCC,
        file: `curr_webget: unit_id ${unit}, target ${url}`,
        from: `${COOKED}: fcc_ori/cooked_traces/${file}`,
      },
      about: (mean: number) =>
        `fixed broadband (FCC), unit ${unit}, loading ${host}: mean ${mbps(mean)} Mbit/s`,
      spans: cookedSpans(readFileSync(join(cooked, file), 'utf8')),
    };
  });
}

function ghentLogs(sabre: string): Candidate[] {
  return readdirSync(join(sabre, '4Glogs')).flatMap((file) => {
    const match = /^report_(\w+)_(\d+)\.json$/.exec(file);
    if (!match) return [];
    const [, mode = '', number] = match;
    return {
      kind: 'lte' as const,
      group: mode,
      name: `lte-${mode}-${number}`,
      source: {
        ...GHENT,
        file: `logs_all/${basename(file, '.json')}.log`,
        from: `${SABRE}: example/mmsys18/4Glogs/${file}`,
      },
      about: (mean: number) => `4G/LTE in Ghent, by ${mode}: mean ${mbps(mean)} Mbit/s`,
      spans: sabreSpans(JSON.parse(readFileSync(join(sabre, '4Glogs', file), 'utf8'))),
    };
  });
}

/** `count` of the list, evenly spaced from its first */
export function evenlySpaced<T>(list: readonly T[], count: number): T[] {
  return list.length <= count
    ? [...list]
    : Array.from({ length: count }, (_, i) => list[Math.floor((i * list.length) / count)] as T);
}

/** the first, third, fifth… for tuning; the second, fourth… held back */
export const halfOf = (index: number): Half => (index % 2 === 0 ? 'tuning' : 'heldBack');

export function convert(sabre: string, cooked: string): Recorded[] {
  const lowestKbps = Math.min(...ABR_LADDER.map((rung) => rung.bandwidth)) / 1000;
  const all = [...hsdpaLogs(sabre, cooked), ...fccLogs(cooked), ...ghentLogs(sabre)];
  const usable = all.flatMap((log) => {
    const kbps = perSecond(log.spans, TRACE_SECONDS);
    const mean = kbps ? kbps.reduce((a, b) => a + b, 0) / kbps.length : 0;
    return kbps && mean >= lowestKbps ? [{ ...log, kbps, mean }] : [];
  });
  const byFile = (a: Candidate, b: Candidate) => a.source.file.localeCompare(b.source.file);
  const kinds: Kind[] = ['mobile', 'broadband', 'lte'];
  return kinds.flatMap((kind) => {
    const ofKind = usable.filter((log) => log.kind === kind).sort(byFile);
    const groups = [...new Set(ofKind.map((log) => log.group))];
    const picked = groups
      .flatMap((group) =>
        evenlySpaced(
          ofKind.filter((log) => log.group === group),
          PICKS[kind],
        ),
      )
      .sort(byFile);
    return picked.map((log, i) => ({
      name: log.name,
      set: halfOf(i),
      kind,
      about: log.about(log.mean),
      source: log.source,
      latencyMs: kind === 'broadband' ? BROADBAND_RTT_MS : MOBILE_RTT_MS,
      kbps: log.kbps,
    }));
  });
}

/** one trace's rates on a line, the rest as JSON lays it out */
export const formatRecorded = (traces: readonly Recorded[]) =>
  `${JSON.stringify(traces, (key, value: unknown) => (key === 'kbps' && Array.isArray(value) ? `@${value.join(',')}@` : value), 2).replace(/"@([\d,]*)@"/g, '[$1]')}\n`;

if (require.main === module) {
  const [sabre, cooked] = process.argv.slice(2);
  if (!sabre || !cooked) {
    console.error(
      'usage: tsx tools/bench/traces/convert.ts <sabre>/example/mmsys18 <cooked_traces>',
    );
    process.exit(2);
  }
  const traces = convert(sabre, cooked);
  writeFileSync(join(__dirname, 'recorded.json'), formatRecorded(traces));
  for (const t of traces) console.log(`${t.set}\t${t.kind}\t${t.name}\t${t.about}`);
}
