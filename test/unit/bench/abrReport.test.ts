/** @jest-environment node */
// The adaptive-streaming benchmark's figures and tables: over all traces, and group by group (the
// held-back half on its own, the tuning half and the complaints beside it).
import {
  abrFiguresOf,
  abrTable,
  mergeAbrRows,
  type AbrTraceRow,
} from '../../../tools/bench/abrReport';
import type { AbrScore } from '../../../tools/bench/abrScore';
import type { AbrGroup, AbrTrace } from '../../../tools/bench/abrTraces';

const score = (qoe: number, rebufferS = 0): AbrScore => ({
  startupS: 1,
  playedS: 180,
  rebufferS,
  rebufferRatio: rebufferS / 200,
  stalls: [],
  bitrateKbps: 1200,
  switchesPerMinute: 0,
  qoe,
  secondsOnRung: {},
  segmentsToTopAfterLift: null,
  secondsToTopAfterFailure: null,
});
const row = (
  trace: string,
  group: AbrGroup,
  player: AbrScore,
  bare: AbrScore,
  measuredOn = '2026-12-01',
): AbrTraceRow => ({ trace, about: `about ${trace}`, group, measuredOn, player, bare });
const trace = (name: string, group: AbrGroup): AbrTrace => ({
  name,
  about: `about ${name}`,
  group,
  kbps: [1000],
  latencyMs: 20,
});

const ROWS = [
  row('h1', 'heldBack', score(2.0), score(1.5)),
  // 0.8 s more stall than bare hls.js: past the half-second the two pages may differ by
  row('h2', 'heldBack', score(1.0, 1.0), score(1.0, 0.2)),
  row('t1', 'tuning', score(3.0), score(2.0)),
  row('c1', 'complaint', score(0.9), score(1.2)),
];
const TRACES = [
  trace('h1', 'heldBack'),
  trace('h2', 'heldBack'),
  trace('t1', 'tuning'),
  trace('c1', 'complaint'),
];

describe("the adaptive-streaming benchmark's figures", () => {
  const figures = abrFiguresOf(ROWS, TRACES, '1.7.4');

  it("give each group's QoE ratio as the overall one: the player's mean QoE over bare hls.js's", () => {
    // held back: (2.0 + 1.0) / 2 = 1.5 against (1.5 + 1.0) / 2 = 1.25, so 1.2
    expect(figures.abr_qoe_ratio_held_back).toMatchObject({
      value: 1.5,
      baseline: 1.25,
      ratio: 1.2,
      runs: [2.0, 1.0],
      goal: '>= 1.1',
    });
    // tuning: 3.0 against 2.0; complaints: 0.9 against 1.2; reported beside it, with no goal
    expect(figures.abr_qoe_ratio_tuning).toMatchObject({ ratio: 1.5, goal: 'none' });
    expect(figures.abr_qoe_ratio_complaint).toMatchObject({ ratio: 0.75, goal: 'none' });
    // all four: (2 + 1 + 3 + 0.9) / 4 = 1.725 against (1.5 + 1 + 2 + 1.2) / 4 = 1.425
    expect(figures.abr_qoe_ratio).toMatchObject({ value: 1.725, baseline: 1.425, ratio: 1.211 });
  });

  it("give each group's share of traces stalling no more than bare hls.js", () => {
    expect(figures.abr_rebuffer_no_worse_held_back).toMatchObject({
      value: 0.5,
      runs: [1, 0],
      goal: '= 1',
    });
    expect(figures.abr_rebuffer_no_worse_tuning).toMatchObject({ value: 1, goal: 'none' });
    expect(figures.abr_rebuffer_no_worse).toMatchObject({ value: 0.75, runs: [1, 0, 1, 1] });
  });

  it('name the traces each group figure is over', () => {
    expect(figures.abr_qoe_ratio_held_back?.how).toContain('2 traces: h1, h2');
    expect(figures.abr_qoe_ratio_tuning?.how).toContain('1 traces: t1');
  });

  it('leave out a group no trace of the run is in', () => {
    const some = abrFiguresOf(ROWS.slice(0, 2), TRACES, '1.7.4');
    expect(some.abr_qoe_ratio_held_back).toBeDefined();
    expect(some.abr_qoe_ratio_tuning).toBeUndefined();
  });
});

describe('RESULTS.md tables of the traces', () => {
  it('are a table for each group, held back first, every figure of both pages per trace', () => {
    const lines = abrTable(ROWS, '2026-12-01');
    const headings = lines.filter((line) => line.startsWith('### '));
    expect(headings).toEqual([
      '### Recorded networks, the held-back half (not tuned on)',
      '### Recorded networks, the tuning half',
      '### Complaints: the ways adaptive streaming is known to fail viewers',
    ]);
    expect(lines).toContain(
      '| `h2` | about h2 | 1 / 1 | 1 / 0.2 | 0.005 / 0.001 | 1200 / 1200 | 0 / 0 | 1 / 1 |',
    );
    expect(lines.find((line) => line.startsWith('| trace'))).toBe(
      '| trace | network | QoE | rebuffering, s | rebuffer ratio | kbit/s on screen | switches a minute | first frame, s |',
    );
  });

  it('say which rows were kept from an earlier run', () => {
    const lines = abrTable(
      [...ROWS.slice(0, 3), { ...ROWS[3], measuredOn: '2026-11-26' } as AbrTraceRow],
      '2026-12-01',
    );
    expect(lines).toContain('Kept from an earlier run: `c1` (2026-11-26).');
  });
});

describe('the rows after a run of some of the traces', () => {
  it("are those measured now, else the earlier ones of traces still replayed, in the traces' order", () => {
    const earlier = [
      // a row of a run before the groups: it gets its trace's
      { trace: 'c1', about: 'old words', player: score(0.5), bare: score(0.6) },
      { trace: 'mobile-bus', about: 'a generated trace', player: score(1), bare: score(1) },
      row('h1', 'heldBack', score(9), score(9), '2026-11-26'),
    ];
    const merged = mergeAbrRows(earlier, [ROWS[0] as AbrTraceRow], TRACES);
    expect(merged.map((r) => [r.trace, r.group, r.player.qoe])).toEqual([
      ['h1', 'heldBack', 2.0],
      ['c1', 'complaint', 0.5],
    ]);
    expect(merged[1]?.about).toBe('about c1');
  });
});
