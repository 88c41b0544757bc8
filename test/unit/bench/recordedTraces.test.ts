/** @jest-environment node */
// The recorded traces the adaptive-streaming benchmark replays: their form, their sources, and the
// split into a tuning half and a held-back half that README.md states.
import { TRACE_SECONDS } from '../../../tools/bench/abrLinks';
import { ABR_TRACES, pickAbrTraces } from '../../../tools/bench/abrTraces';
import { KINDS, RECORDED, type Half } from '../../../tools/bench/recordedTraces';
import { ABR_LADDER } from '../../../tools/abrLadder';

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('the recorded traces', () => {
  it('are at least 24, each named once', () => {
    expect(RECORDED.length).toBeGreaterThanOrEqual(24);
    expect(new Set(RECORDED.map((t) => t.name)).size).toBe(RECORDED.length);
  });

  it(`last ${TRACE_SECONDS} s, each second's rate a whole kbit/s, no lower than 0`, () => {
    for (const t of RECORDED) {
      expect(t.kbps).toHaveLength(TRACE_SECONDS);
      expect(t.kbps.every((k) => Number.isInteger(k) && k >= 0)).toBe(true);
    }
  });

  it("carry enough on average for the ladder's lowest rung, and a round trip", () => {
    const lowest = (ABR_LADDER[0]?.bandwidth ?? 0) / 1000;
    for (const t of RECORDED) {
      expect(mean(t.kbps)).toBeGreaterThanOrEqual(lowest);
      expect(t.latencyMs).toBeGreaterThan(0);
    }
  });

  it('each name its set, its authors, its log within the set, where it was read and its terms', () => {
    for (const { source } of RECORDED)
      for (const field of ['dataset', 'authors', 'file', 'from', 'license'] as const)
        expect(source[field].length).toBeGreaterThan(5);
  });

  it('are split alternately within each kind, in the order of their logs, so both halves hold each kind', () => {
    for (const kind of KINDS) {
      const ofKind = RECORDED.filter((t) => t.kind === kind).sort((a, b) =>
        a.source.file.localeCompare(b.source.file),
      );
      const halves: Half[] = ofKind.map((_, i) => (i % 2 === 0 ? 'tuning' : 'heldBack'));
      expect(ofKind.map((t) => t.set)).toEqual(halves);
      expect(halves).toContain('tuning');
      expect(halves).toContain('heldBack');
    }
  });

  it('are replayed beside the complaint traces, each in its group', () => {
    const groupOf = (name: string) => ABR_TRACES.find((t) => t.name === name)?.group;
    for (const t of RECORDED) expect(groupOf(t.name)).toBe(t.set);
    for (const name of ['throttle-lifts', 'warm-cache-throttle', 'one-403'])
      expect(groupOf(name)).toBe('complaint');
  });
});

describe('the traces a run replays', () => {
  it('are all of them, those named, or those of one group', () => {
    expect(pickAbrTraces({})).toEqual(ABR_TRACES);
    expect(pickAbrTraces({ ABR_TRACES: 'one-403,throttle-lifts' }).map((t) => t.name)).toEqual([
      'throttle-lifts',
      'one-403',
    ]);
    const heldBack = pickAbrTraces({ ABR_GROUP: 'heldBack' });
    expect(heldBack.map((t) => t.name)).toEqual(
      RECORDED.filter((t) => t.set === 'heldBack').map((t) => t.name),
    );
  });

  it('are none of an unknown group or name: the run says so', () => {
    expect(() => pickAbrTraces({ ABR_GROUP: 'held-back' })).toThrow(/choose from heldBack/);
    expect(() => pickAbrTraces({ ABR_TRACES: 'mobile-bus' })).toThrow(/mobile-bus/);
  });
});
