// The adaptive-streaming benchmark's figures over its traces, and its table per trace for RESULTS.md.
import type { AbrScore } from './abrScore';
import type { AbrTrace } from './abrTraces';
import type { Figure } from './figure';

export interface AbrTraceRow {
  trace: string;
  about: string;
  player: AbrScore;
  bare: AbrScore;
}

/** what a figure says of a page that never got there (JSON has no Infinity) */
const NEVER = 999;
const finite = (n: number) => (Number.isFinite(n) ? n : NEVER);
const round = (n: number, digits = 3) => Number(n.toFixed(digits));
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
/** two pages' stalls on one trace are the same within two of the quarter-second samples */
const STALL_TOLERANCE_S = 0.5;
const noWorse = (row: AbrTraceRow) =>
  row.player.rebufferS <= row.bare.rebufferS + STALL_TOLERANCE_S;

export function abrFiguresOf(
  rows: readonly AbrTraceRow[],
  traces: readonly AbrTrace[],
  hlsVersion: string,
): Record<string, Figure> {
  const traceOf = (row: AbrTraceRow) => traces.find((t) => t.name === row.trace);
  const steady = rows.filter((row) => traceOf(row)?.steady);
  const lifts = rows.filter((row) => row.player.segmentsToTopAfterLift !== null);
  const failures = rows.filter((row) => row.player.secondsToTopAfterFailure !== null);
  const against = `against hls.js ${hlsVersion} alone with its defaults, side by side in one Chromium on the same trace (tools/bench/abrTraces.ts, ${rows.length} traces: ${rows.map((r) => r.trace).join(', ')}), each page playing 3 minutes of the 6-rung ladder of tools/abrLadder.ts`;
  const qoe = {
    player: mean(rows.map((r) => r.player.qoe)),
    bare: mean(rows.map((r) => r.bare.qoe)),
  };
  const worst = (
    of: 'player' | 'bare',
    pick: (s: AbrScore) => number | null,
    among: AbrTraceRow[],
  ) => Math.max(...among.map((row) => finite(pick(row[of]) ?? 0)));
  const figures: Record<string, Figure> = {
    abr_qoe_ratio: {
      value: round(qoe.player),
      baseline: round(qoe.bare),
      ratio: round(qoe.player / qoe.bare),
      runs: rows.map((r) => r.player.qoe),
      goal: '>= 1.1',
      unit: 'QoE a segment, mean of the traces',
      how: `linear QoE a 4 s segment (the rate in Mbit/s, less 4.3 a second of stall and each change of rate), ${against}; runs: the player's QoE on each trace`,
    },
    abr_rebuffer_no_worse: {
      value: round(rows.filter(noWorse).length / Math.max(rows.length, 1)),
      runs: rows.map((r) => (noWorse(r) ? 1 : 0)),
      goal: '= 1',
      unit: 'of traces with a rebuffer ratio no higher than bare hls.js',
      how: `stalled time over the time from the first frame (the same within ${STALL_TOLERANCE_S} s of stall, two of the quarter-second samples), ${against}`,
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

/** RESULTS.md's section of the traces, the player's figure before bare hls.js's */
export function abrTable(rows: readonly AbrTraceRow[]): string[] {
  const both = (pick: (s: AbrScore) => number | null, row: AbrTraceRow) => {
    const show = (n: number | null) => (n === null ? '' : Number.isFinite(n) ? String(n) : 'never');
    return `${show(pick(row.player))} / ${show(pick(row.bare))}`;
  };
  return [
    '## Adaptive streaming, trace by trace (player / bare hls.js)',
    '',
    '| trace | network | QoE | rebuffer ratio | kbit/s on screen | switches a minute | first frame, s | segments to the top after the lift | s to the top after the 403 |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| \`${row.trace}\` | ${row.about} | ${both((s) => s.qoe, row)} | ${both((s) => s.rebufferRatio, row)} | ${both((s) => s.bitrateKbps, row)} | ${both((s) => s.switchesPerMinute, row)} | ${both((s) => s.startupS, row)} | ${both((s) => s.segmentsToTopAfterLift, row)} | ${both((s) => s.secondsToTopAfterFailure, row)} |`,
    ),
    '',
  ];
}
