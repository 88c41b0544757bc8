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
});
