/** @jest-environment node */
// The network benchmark's matrix of outages, and part of it from the command line.
import { outageMatrix } from '../../../tools/bench/outageMatrix';

describe('the outage matrix', () => {
  it('holds every timed kind at every duration and point, and segment404 once per point', () => {
    const all = outageMatrix([]);
    expect(all).toHaveLength(5 * 4 * 2 + 2);
    expect(all.filter((c) => c.kind === 'segment404')).toEqual([
      { kind: 'segment404', durationS: null, atS: 600 },
      { kind: 'segment404', durationS: null, atS: 2700 },
    ]);
  });

  it('keeps the kinds, durations and points the options name', () => {
    expect(
      outageMatrix(['--kinds', 'hostReset,segment404', '--durations', '12', '--points', '600']),
    ).toEqual([
      { kind: 'hostReset', durationS: 12, atS: 600 },
      { kind: 'segment404', durationS: null, atS: 600 },
    ]);
  });

  it('refuses an option or a value it does not know', () => {
    expect(() => outageMatrix(['--kinds', 'dns'])).toThrow(/unknown dns/);
    expect(() => outageMatrix(['--durations', '7'])).toThrow(/unknown 7/);
    expect(() => outageMatrix(['--seeds', '1'])).toThrow(/expected/);
    expect(() => outageMatrix(['--kinds'])).toThrow(/expected/);
  });
});
