// The adaptive-streaming benchmark's figures over its traces and over each group of them (the
// held-back half of the recorded traces on its own, the tuning half and the complaints beside it), and
// its tables per trace for RESULTS.md.
import type { AbrScore } from './abrScore';
import { ABR_GROUPS, type AbrGroup, type AbrTrace } from './abrTraces';
import type { Figure } from './figure';

export interface AbrTraceRow {
  trace: string;
  about: string;
  group: AbrGroup;
  /** the day it was measured (a run of some traces keeps the others' rows) */
  measuredOn?: string;
  player: AbrScore;
  bare: AbrScore;
}

/** each group's figures are named abr_qoe_ratio_<suffix>, abr_rebuffer_no_worse_<suffix> */
export const GROUP_SUFFIX: Record<AbrGroup, string> = {
  heldBack: 'held_back',
  tuning: 'tuning',
  complaint: 'complaint',
};
const GROUP_TITLE: Record<AbrGroup, string> = {
  heldBack: 'recorded traces held back (not tuned on)',
  tuning: 'recorded traces of the tuning half',
  complaint: 'complaint traces (the ways adaptive streaming is known to fail viewers)',
};
const GROUP_HEADING: Record<AbrGroup, string> = {
  heldBack: 'Recorded networks, the held-back half (not tuned on)',
  tuning: 'Recorded networks, the tuning half',
  complaint: 'Complaints: the ways adaptive streaming is known to fail viewers',
};
/** the goals are the held-back half's: the others are reported beside it */
const GROUP_GOALS: Record<AbrGroup, { qoe: string; rebuffer: string }> = {
  heldBack: { qoe: '>= 1.1', rebuffer: '= 1' },
  tuning: { qoe: 'none', rebuffer: 'none' },
  complaint: { qoe: 'none', rebuffer: 'none' },
};

/** what a figure says of a page that never got there (JSON has no Infinity) */
const NEVER = 999;
const finite = (n: number) => (Number.isFinite(n) ? n : NEVER);
const round = (n: number, digits = 3) => Number(n.toFixed(digits));
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
/** no more stalled time than bare hls.js's, to the quarter-second sample */
const noWorse = (row: AbrTraceRow) => row.player.rebufferS <= row.bare.rebufferS;
const QOE_UNIT = 'QoE a segment, mean of the traces';
const QOE_HOW =
  'linear QoE a 4 s segment (the rate in Mbit/s, less 4.3 a second of stall and each change of rate)';
/** the player's mean QoE over the traces against bare hls.js's, and their ratio */
const qoeOf = (rows: readonly AbrTraceRow[]) => {
  const player = mean(rows.map((r) => r.player.qoe));
  const bare = mean(rows.map((r) => r.bare.qoe));
  return { value: round(player), baseline: round(bare), ratio: round(player / bare) };
};

export function abrFiguresOf(
  rows: readonly AbrTraceRow[],
  traces: readonly AbrTrace[],
  hlsVersion: string,
): Record<string, Figure> {
  const traceOf = (row: AbrTraceRow) => traces.find((t) => t.name === row.trace);
  const steady = rows.filter((row) => traceOf(row)?.steady);
  const lifts = rows.filter((row) => row.player.segmentsToTopAfterLift !== null);
  const failures = rows.filter((row) => row.player.secondsToTopAfterFailure !== null);
  const againstOn = (among: readonly AbrTraceRow[]) =>
    `against hls.js ${hlsVersion} alone with its defaults, side by side in one Chromium on the same trace (tools/bench/abrTraces.ts, ${among.length} traces: ${among.map((r) => r.trace).join(', ')}), each page playing 3 minutes of the 6-rung ladder of tools/abrLadder.ts`;
  const against = againstOn(rows);
  const qoe = qoeOf(rows);
  const worst = (
    of: 'player' | 'bare',
    pick: (s: AbrScore) => number | null,
    among: AbrTraceRow[],
  ) => Math.max(...among.map((row) => finite(pick(row[of]) ?? 0)));
  const figures: Record<string, Figure> = {
    abr_qoe_ratio: {
      ...qoe,
      runs: rows.map((r) => r.player.qoe),
      goal: '>= 1.1',
      unit: QOE_UNIT,
      how: `${QOE_HOW}, ${against}; runs: the player's QoE on each trace`,
    },
    abr_rebuffer_no_worse: {
      value: round(rows.filter(noWorse).length / Math.max(rows.length, 1)),
      runs: rows.map((r) => (noWorse(r) ? 1 : 0)),
      goal: '= 1',
      unit: 'of traces with a rebuffer ratio no higher than bare hls.js',
      how: `stalled time over the time from the first frame (sampled every quarter second, from the first sample that moved with no seek between: a jump over the start's gap is no frame played), ${against}`,
    },
    abr_rebuffer_ratio: {
      value: round(mean(rows.map((r) => r.player.rebufferRatio)), 4),
      baseline: round(mean(rows.map((r) => r.bare.rebufferRatio)), 4),
      runs: rows.map((r) => r.player.rebufferRatio),
      goal: 'none',
      unit: 'of the time stalled, mean of the traces',
      how: against,
    },
    abr_bitrate_kbps: {
      value: Math.round(mean(rows.map((r) => r.player.bitrateKbps))),
      baseline: Math.round(mean(rows.map((r) => r.bare.bitrateKbps))),
      runs: rows.map((r) => r.player.bitrateKbps),
      goal: 'none',
      unit: 'kbit/s on screen, time-weighted, mean of the traces',
      how: against,
    },
  };
  for (const group of ABR_GROUPS) {
    const among = rows.filter((row) => row.group === group);
    if (among.length === 0) continue;
    const on = `on the ${GROUP_TITLE[group]}, ${againstOn(among)}`;
    figures[`abr_qoe_ratio_${GROUP_SUFFIX[group]}`] = {
      ...qoeOf(among),
      runs: among.map((r) => r.player.qoe),
      goal: GROUP_GOALS[group].qoe,
      unit: QOE_UNIT,
      how: `${QOE_HOW}, ${on}; runs: the player's QoE on each trace`,
    };
    figures[`abr_rebuffer_no_worse_${GROUP_SUFFIX[group]}`] = {
      value: round(among.filter(noWorse).length / among.length),
      runs: among.map((r) => (noWorse(r) ? 1 : 0)),
      goal: GROUP_GOALS[group].rebuffer,
      unit: 'of traces with a rebuffer ratio no higher than bare hls.js',
      how: `stalled time over the time from the first frame (sampled every quarter second, from the first sample that moved with no seek between: a jump over the start's gap is no frame played), ${on}`,
    };
  }
  if (steady.length > 0)
    figures.abr_steady_switches_per_minute = {
      value: worst('player', (s) => s.switchesPerMinute, steady),
      baseline: worst('bare', (s) => s.switchesPerMinute, steady),
      runs: steady.map((r) => r.player.switchesPerMinute),
      goal: '<= 2',
      unit: 'switches a minute, the most of the steady traces',
      how: `on ${steady.map((r) => r.trace).join(', ')}, ${against}`,
    };
  if (lifts.length > 0)
    figures.abr_segments_to_top_after_lift = {
      value: worst('player', (s) => s.segmentsToTopAfterLift, lifts),
      baseline: worst('bare', (s) => s.segmentsToTopAfterLift, lifts),
      runs: lifts.map((r) => finite(r.player.segmentsToTopAfterLift ?? 0)),
      goal: '<= 3',
      unit: `segments asked for after the throttle lifts until the top rung it sustains (${NEVER}: never)`,
      how: `on ${lifts.map((r) => r.trace).join(', ')}, ${against}`,
    };
  if (failures.length > 0)
    figures.abr_seconds_to_top_after_403 = {
      value: worst('player', (s) => s.secondsToTopAfterFailure, failures),
      baseline: worst('bare', (s) => s.secondsToTopAfterFailure, failures),
      runs: failures.map((r) => finite(r.player.secondsToTopAfterFailure ?? 0)),
      goal: '<= 30',
      unit: `s from one segment answered 403 until a segment of the top rung loads (${NEVER}: never)`,
      how: `on ${failures.map((r) => r.trace).join(', ')}, ${against}`,
    };
  return figures;
}

/** RESULTS.md's section of the traces, a table for each group, the player's figure before bare hls.js's */
export function abrTable(rows: readonly AbrTraceRow[], date?: string): string[] {
  const both = (pick: (s: AbrScore) => number | null, row: AbrTraceRow) => {
    const show = (n: number | null) => (n === null ? '' : Number.isFinite(n) ? String(n) : 'never');
    return `${show(pick(row.player))} / ${show(pick(row.bare))}`;
  };
  const columns: [string, (s: AbrScore) => number | null][] = [
    ['QoE', (s) => s.qoe],
    ['rebuffering, s', (s) => s.rebufferS],
    ['rebuffer ratio', (s) => s.rebufferRatio],
    ['kbit/s on screen', (s) => s.bitrateKbps],
    ['switches a minute', (s) => s.switchesPerMinute],
    ['first frame, s', (s) => s.startupS],
  ];
  const complaintColumns: [string, (s: AbrScore) => number | null][] = [
    ['segments to the top after the lift', (s) => s.segmentsToTopAfterLift],
    ['s to the top after the 403', (s) => s.secondsToTopAfterFailure],
  ];
  const table = (group: AbrGroup) => {
    const among = rows.filter((row) => row.group === group);
    if (among.length === 0) return [];
    const shown = [
      ...columns,
      ...complaintColumns.filter(([, pick]) =>
        among.some((row) => pick(row.player) !== null || pick(row.bare) !== null),
      ),
    ];
    const kept = among.filter((row) => date !== undefined && row.measuredOn !== date);
    return [
      `### ${GROUP_HEADING[group]}`,
      '',
      `| trace | network | ${shown.map(([title]) => title).join(' | ')} |`,
      `| --- | --- | ${shown.map(() => '---').join(' | ')} |`,
      ...among.map(
        (row) =>
          `| \`${row.trace}\` | ${row.about} | ${shown.map(([, pick]) => both(pick, row)).join(' | ')} |`,
      ),
      '',
      ...(kept.length > 0
        ? [
            `Kept from an earlier run: ${kept.map((row) => `\`${row.trace}\` (${row.measuredOn ?? 'date not kept'})`).join(', ')}.`,
            '',
          ]
        : []),
    ];
  };
  return [
    '## Adaptive streaming, trace by trace (player / bare hls.js)',
    '',
    ...ABR_GROUPS.flatMap(table),
  ];
}

/**
 * The rows RESULTS.md shows after a run of some of the traces, in the order of the traces: each
 * trace's row measured now, or else its row from an earlier run (given its trace's group, which rows
 * of older runs lack); a trace no longer replayed has none.
 */
export function mergeAbrRows(
  earlier: readonly Partial<AbrTraceRow>[],
  measured: readonly AbrTraceRow[],
  traces: readonly AbrTrace[],
): AbrTraceRow[] {
  return traces.flatMap((trace) => {
    const now = measured.find((row) => row.trace === trace.name);
    if (now) return [now];
    const before = earlier.find((row) => row.trace === trace.name);
    return before?.player && before.bare
      ? [{ ...before, about: trace.about, group: trace.group } as AbrTraceRow]
      : [];
  });
}
