/** @jest-environment node */
// The network benchmark's figures: the share of outages each page survived, kind by kind.
import { networkFiguresOf, type OutageRow } from '../../../tools/bench/networkReport';

describe("the network benchmark's figures", () => {
  it("give the player's share over the matrix and kind by kind, the bare page's beside it", () => {
    const rows: OutageRow[] = [
      { kind: 'hostReset', durationS: 12, atS: 600, player: true, bare: false },
      { kind: 'hostReset', durationS: 30, atS: 600, player: false, bare: false },
      { kind: 'segment404', durationS: null, atS: 600, player: true, bare: true },
    ];
    const figures = networkFiguresOf(rows, '1.7.4');
    expect(figures.network_drop_survival).toMatchObject({
      value: 0.667,
      baseline: 0.333,
      runs: [1, 0, 1],
      goal: '= 1',
    });
    expect(figures.network_drop_survival_bare_hlsjs).toMatchObject({ value: 0.333 });
    expect(figures.network_drop_survival_host_reset).toMatchObject({
      value: 0.5,
      baseline: 0,
      runs: [1, 0],
    });
    expect(figures.network_drop_survival_segment_404).toMatchObject({ value: 1, baseline: 1 });
    expect(figures.network_drop_survival_offline).toBeUndefined();
    expect(figures.network_drop_survival?.how).toContain('of 12, 30 s, segment404 once, at 10:00');
  });
});
