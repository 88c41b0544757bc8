/** @jest-environment node */
// What the adaptive-streaming benchmark says a viewer got, from what the <video> showed.
import { ABR_LADDER } from '../../../tools/abrLadder';
import { scoreAbr, topSustainableRung, type Sample } from '../../../tools/bench/abrScore';
import type { AbrTrace } from '../../../tools/bench/abrTraces';

const TRACE: AbrTrace = { name: 't', about: '', group: 'complaint', kbps: [8000], latencyMs: 20 };
const heightOf = (name: string) => ABR_LADDER.find((r) => r.name === name)?.pictureHeight ?? 0;

/** a quarter-second sample for each step: [seconds of film advanced, rung on screen] */
function play(steps: [number, string][], start = 1000): Sample[] {
  let time = 0;
  return steps.map(([advance, rung], i) => {
    time += advance;
    return {
      at: start + i * 250,
      time,
      height: heightOf(rung),
      paused: false,
      ended: false,
      seeks: 0,
    };
  });
}
const quarters = (count: number, rung: string, advance = 0.25) =>
  Array.from({ length: count }, () => [advance, rung] as [number, string]);

it('a film that plays on one rung: its rate, no stall, no switch, its rate as the QoE', () => {
  const samples = play([[0, '480p'], ...quarters(80, '480p')]);
  const score = scoreAbr(samples, [], ABR_LADDER, TRACE, 0, 4);
  expect(score.rebufferS).toBe(0);
  expect(score.bitrateKbps).toBe(1200);
  expect(score.switchesPerMinute).toBe(0);
  expect(score.qoe).toBeCloseTo(1.2);
  expect(score.playedS).toBeCloseTo(20, 0);
  expect(score.startupS).toBe(1);
  // counted from the first sample that moved
  expect(score.secondsOnRung).toEqual({ '480p': 19.8 });
});

it('a stall counts its seconds, and costs 4.3 a second in the QoE', () => {
  const samples = play([
    [0, '480p'],
    ...quarters(40, '480p'),
    ...quarters(8, '480p', 0),
    ...quarters(40, '480p'),
  ]);
  const score = scoreAbr(samples, [], ABR_LADDER, TRACE, 0, 4);
  expect(score.rebufferS).toBe(2);
  // over the time from the first sample that moved (the quarter second before it is not counted)
  expect(score.rebufferRatio).toBeCloseTo(2 / 21.75, 3);
  // one stall, where the film stood still: 10 s into it, 10 s after its first frame
  expect(score.stalls).toEqual([{ afterFirstFrameS: 10, filmS: 10, lastedS: 2 }]);
  // 20 s of film entered six segments (the last at 20 s)
  expect(score.qoe).toBeCloseTo((6 * 1.2 - 4.3 * 2) / 6, 2);
});

it('the quarter second the film starts in is no stall, however late in it the first frame came', () => {
  // still, still, then 0.05 s of film in the first quarter second that moved, then playing on
  const samples = play([[0, '480p'], [0, '480p'], [0.05, '480p'], ...quarters(40, '480p')]);
  const score = scoreAbr(samples, [], ABR_LADDER, TRACE, 0, 4);
  expect(score.rebufferS).toBe(0);
  expect(score.stalls).toEqual([]);
  expect(score.playedS).toBeCloseTo(10.05, 1);
});

it("a jump over the start's gap is not the first frame: the film starts where it plays", () => {
  // the engine seeks from 0 to 0.146 s before anything has played; the picture moves half a second later
  const samples = play([
    [0, '480p'],
    [0, '480p'],
    [0.146, '480p'],
    [0, '480p'],
    ...quarters(40, '480p'),
  ]);
  samples.slice(2).forEach((sample) => (sample.seeks = 1));
  const score = scoreAbr(samples, [], ABR_LADDER, TRACE, 0, 4);
  expect(score.stalls).toEqual([]);
  expect(score.rebufferS).toBe(0);
  // the quarter second before the first that played holds the first frame: 1.75 s, not 1.25 s
  expect(score.startupS).toBe(1.75);
});

it('a film that stands still a quarter second after its start has stalled', () => {
  const samples = play([[0, '480p'], [0.25, '480p'], [0.02, '480p'], ...quarters(20, '480p')]);
  const score = scoreAbr(samples, [], ABR_LADDER, TRACE, 0, 4);
  expect(score.rebufferS).toBe(0.25);
  expect(score.stalls).toEqual([{ afterFirstFrameS: 0.25, filmS: 0.25, lastedS: 0.25 }]);
});

it('each change of rung is a switch, and its size comes off the QoE', () => {
  const samples = play([
    [0, '240p'],
    ...quarters(16, '240p'),
    ...quarters(16, '1080p'),
    ...quarters(16, '240p'),
  ]);
  const score = scoreAbr(samples, [], ABR_LADDER, TRACE, 0, 4);
  expect(score.switchesPerMinute).toBeCloseTo(2 / (12 / 60), 1);
  expect(score.bitrateKbps).toBeGreaterThan(300);
  expect(score.qoe).toBeLessThan((0.3 + 4.3 + 0.3) / 3);
});

it('after a throttle lifts, the segments asked for until the top rung the network carries', () => {
  const trace = { ...TRACE, kbps: [500, 500, 8000], liftAtS: 2 };
  const loads = [
    { at: 1000, rung: '240p', status: 200 },
    { at: 2100, rung: '240p', status: 200 },
    { at: 2200, rung: '480p', status: 200 },
    { at: 2300, rung: '1080p', status: 200 },
  ];
  expect(scoreAbr([], loads, ABR_LADDER, trace, 0, 4).segmentsToTopAfterLift).toBe(3);
  expect(scoreAbr([], loads.slice(0, 3), ABR_LADDER, trace, 0, 4).segmentsToTopAfterLift).toBe(
    Infinity,
  );
  expect(topSustainableRung(ABR_LADDER, 2000)).toBe(2); // 480p: 540p's 1.85 Mbit/s is over 90 %
});

it('after one request answered 403, the seconds until the top rung loads again', () => {
  const loads = [
    { at: 1000, rung: '1080p', status: 403 },
    { at: 1500, rung: '720p', status: 200 },
    { at: 9000, rung: '1080p', status: 200 },
  ];
  expect(scoreAbr([], loads, ABR_LADDER, TRACE, 0, 4).secondsToTopAfterFailure).toBe(8);
  expect(scoreAbr([], loads.slice(1), ABR_LADDER, TRACE, 0, 4).secondsToTopAfterFailure).toBe(null);
});
