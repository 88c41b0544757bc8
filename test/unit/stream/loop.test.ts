import { createStreamLoop, TICK_MS, type RawSample } from '../../../src/stream/loop';

/** A stream playing from 0 at normal speed, a tick at a time, counting the full reads. */
function playing(bufferedEnd: (t: number) => number, duration = 60) {
  const loop = createStreamLoop();
  let t = 0;
  let reads = 0;
  const read = (): RawSample => {
    reads += 1;
    return { currentTime: t, duration, bufferedEnd: bufferedEnd(t), paused: false, bandwidth: 0 };
  };
  return {
    loop,
    reads: () => reads,
    /** `ticks` ticks, moving the position by `step` seconds each; the samples reported */
    run(ticks: number, step = TICK_MS / 1000, paused = false) {
      const reported = [];
      for (let i = 0; i < ticks; i++) {
        t += step;
        const sample = loop.tick(t, paused, read);
        if (sample) reported.push(sample);
      }
      return reported;
    },
  };
}

describe('the stream loop', () => {
  it('reports once per second of position while playing, reading the buffer only then', () => {
    // the buffer grows by a few seconds at ticks between the position's seconds
    const stream = playing((t) => Math.min(60, 10 + Math.floor(t * 3.3)));
    const reported = stream.run(100); // 10 s of playing
    expect(reported.map((s) => Math.floor(s.currentTime))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(stream.reads()).toBe(10);
    // played time as counted by the ticks matches the position played
    for (const s of reported) expect(Math.abs(s.playedMs - s.currentTime * 1000)).toBeLessThan(1);
  });

  it('while the position stands still, reports a new second of buffer within ten ticks', () => {
    let buffered = 5;
    const stream = playing(() => buffered);
    stream.run(1); // the first sample
    expect(stream.run(30, 0)).toEqual([]); // stalled, nothing new
    buffered = 8;
    const reported = stream.run(10, 0);
    expect(reported.map((s) => s.bufferedEnd)).toEqual([8]);
    expect(stream.reads()).toBe(1 + 3 + 1);
  });

  it('counts played time only while not paused, and from zero after a reset', () => {
    const stream = playing(() => 60);
    stream.run(10);
    stream.run(10, 0, true);
    const [sample] = stream.run(10);
    expect(sample?.playedMs).toBe(11 * TICK_MS);
    stream.loop.reset();
    expect(stream.run(1)[0]?.playedMs).toBe(TICK_MS);
  });

  it('sleeps through the ticks before the next second while the film plays on, reporting each second as before', () => {
    const loop = createStreamLoop();
    const read = (t: number) => (): RawSample => ({
      currentTime: t,
      duration: 60,
      bufferedEnd: 60,
      paused: false,
      bandwidth: 0,
    });
    let ticks = 0;
    let wakes = 0;
    let next = 1;
    const reported: number[] = [];
    while (ticks < 100) {
      ticks += next;
      wakes += 1;
      const t = (ticks * TICK_MS) / 1000 + 0.05; // the position, a little past the tick
      const sample = loop.tick(t, false, read(t), next);
      if (sample) {
        reported.push(Math.floor(sample.currentTime));
        expect(Math.abs(sample.playedMs - ticks * TICK_MS)).toBeLessThan(1);
      }
      next = loop.ticksToNextReport(1);
    }
    expect(reported).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(wakes).toBeLessThanOrEqual(12); // about one a second, not ten
  });

  it('looks at every tick while the position stands still or the film is paused, and foresees a faster pace', () => {
    const loop = createStreamLoop();
    const sample = (t: number): RawSample => ({
      currentTime: t,
      duration: 60,
      bufferedEnd: 60,
      paused: false,
      bandwidth: 0,
    });
    loop.tick(4.5, false, () => sample(4.5));
    loop.tick(4.6, false, () => sample(4.6));
    expect(loop.ticksToNextReport(1)).toBe(4); // 0.4 s to 5
    expect(loop.ticksToNextReport(2)).toBe(2); // 0.2 s at double speed
    loop.tick(4.6, false, () => sample(4.6)); // stands still: a stall begins
    expect(loop.ticksToNextReport(1)).toBe(1);
    loop.tick(4.7, true, () => sample(4.7));
    expect(loop.ticksToNextReport(1)).toBe(1);
  });

  it('counts the ticks played when the loop stops between two', () => {
    const loop = createStreamLoop();
    const raw: RawSample = {
      currentTime: 0,
      duration: 60,
      bufferedEnd: 60,
      paused: false,
      bandwidth: 0,
    };
    loop.tick(0, false, () => raw);
    loop.played(7);
    expect(loop.sample(raw).playedMs).toBe(8 * TICK_MS);
  });
});
