/** @jest-environment node */
// How a recorded log becomes a trace of whole seconds, and the rules that choose and split the logs.
import { evenlySpaced, halfOf } from '../../../tools/bench/traces/convert';
import { cookedSpans, perSecond, sabreSpans } from '../../../tools/bench/traces/perSecond';

describe("a log's seconds", () => {
  it('are what its spans delivered within each, a span across two seconds giving each its share', () => {
    // 0.5 s at 1000, then 1 s at 2000, then 1 s at 400: the first second 0.5·1000 + 0.5·2000,
    // the second 0.5·2000 + 0.5·400
    const spans = [
      { seconds: 0.5, kbps: 1000 },
      { seconds: 1, kbps: 2000 },
      { seconds: 1, kbps: 400 },
    ];
    expect(perSecond(spans, 2)).toEqual([1500, 1200]);
  });

  it('are none when the log is shorter than asked: it is left out, not looped', () => {
    expect(perSecond([{ seconds: 1.5, kbps: 1000 }], 2)).toBeNull();
  });

  it("are read from Sabre's entries and from Pensieve's cooked lines", () => {
    expect(sabreSpans([{ duration_ms: 1008, bandwidth_kbps: 2290 }])).toEqual([
      { seconds: 1.008, kbps: 2290 },
    ]);
    // each rate holds until the next line's time, the last as long as the step before it
    expect(cookedSpans('0.0\t1.5\n5.0\t2.0\n10.0\t0.25\n')).toEqual([
      { seconds: 5, kbps: 1500 },
      { seconds: 5, kbps: 2000 },
      { seconds: 5, kbps: 250 },
    ]);
  });
});

describe('the choice of logs', () => {
  it('takes so many evenly spaced from the first, or all when there are fewer', () => {
    const logs = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    expect(evenlySpaced(logs, 3)).toEqual(['a', 'd', 'g']);
    expect(evenlySpaced(logs, 1)).toEqual(['a']);
    expect(evenlySpaced(['a', 'b'], 3)).toEqual(['a', 'b']);
  });

  it('gives the first to the tuning half, the next to the held-back half, and so on', () => {
    expect([0, 1, 2, 3].map(halfOf)).toEqual(['tuning', 'heldBack', 'tuning', 'heldBack']);
  });
});
