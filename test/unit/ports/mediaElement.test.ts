import { watchMediaElement } from '../../../src/ports/mediaElement';
import type { MediaEvent, MediaSample } from '../../../src/shared/media';

/**
 * A video element as far as the port reads it: it plays from where it is at its rate while not
 * paused, with 60 s of a 120 s film buffered; the reads of its buffer are counted.
 */
class FakeVideo extends EventTarget {
  paused = true;
  playbackRate = 1;
  readonly duration = 120;
  volume = 1;
  muted = false;
  bufferedEnd = 60;
  bufferReads = 0;
  private position = 0;
  private since = 0;

  get currentTime() {
    return this.now();
  }
  set currentTime(t: number) {
    this.position = t;
    this.since = performance.now();
    this.dispatchEvent(new Event('seeking'));
    this.dispatchEvent(new Event('seeked'));
  }
  get buffered() {
    this.bufferReads += 1;
    const end = this.bufferedEnd;
    return { length: 1, start: () => 0, end: () => end };
  }
  play() {
    this.position = this.now();
    this.since = performance.now();
    this.paused = false;
    this.dispatchEvent(new Event('playing'));
  }
  setRate(rate: number) {
    this.position = this.now();
    this.since = performance.now();
    this.playbackRate = rate;
    this.dispatchEvent(new Event('ratechange'));
  }
  /** the position stands still, not paused: the element waits for data */
  stall() {
    this.position = this.now();
    this.since = Infinity;
    this.dispatchEvent(new Event('waiting'));
  }
  pause() {
    this.position = this.now();
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  private now() {
    return this.paused
      ? this.position
      : this.position + (Math.max(0, performance.now() - this.since) / 1000) * this.playbackRate;
  }
}

function watched() {
  const video = new FakeVideo();
  const reports: MediaSample[] = [];
  const port = watchMediaElement(
    video as unknown as HTMLVideoElement,
    (event: MediaEvent) => {
      if (event.type === 'tick') reports.push(event.sample);
    },
    () => 0,
  );
  return { video, reports, port };
}

describe("the media element's side of the media port", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reports each second of a playing film, waking about once a second rather than ten times', () => {
    const { video, reports } = watched();
    const wakes = jest.spyOn(globalThis, 'setTimeout');
    video.play();
    jest.advanceTimersByTime(9_500);
    expect(reports.map((r) => Math.floor(r.currentTime))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // each report within a tick of its second, as the 100 ms loop had it
    for (const r of reports.slice(1)) expect(r.currentTime % 1).toBeLessThan(0.15);
    for (const r of reports)
      expect(Math.abs(r.playedMs - r.currentTime * 1000)).toBeLessThanOrEqual(100);
    expect(wakes.mock.calls.length).toBeLessThan(15);
  });

  it('reads the buffer at most every 5 s while far from its end, and anew after a seek', () => {
    const { video, reports } = watched();
    video.play();
    jest.advanceTimersByTime(10_000);
    expect(video.bufferReads).toBeLessThanOrEqual(3);
    video.bufferedEnd = 70; // a segment appended
    video.currentTime = 30;
    jest.advanceTimersByTime(150);
    expect(reports.at(-1)).toMatchObject({ bufferedEnd: 70 });
    expect(Math.floor(reports.at(-1)?.currentTime ?? 0)).toBe(30);
  });

  it('reads the buffer at each report near its end', () => {
    const { video, reports } = watched();
    video.bufferedEnd = 8;
    video.play();
    jest.advanceTimersByTime(5_000);
    expect(video.bufferReads).toBeGreaterThanOrEqual(5);
    video.bufferedEnd = 14;
    jest.advanceTimersByTime(1_000);
    expect(reports.at(-1)).toMatchObject({ bufferedEnd: 14 });
  });

  it('counts the time played before a pause between two ticks, and none while paused', () => {
    const { video, port } = watched();
    video.play();
    jest.advanceTimersByTime(2_550);
    video.pause();
    jest.advanceTimersByTime(5_000);
    expect(port.sample().playedMs).toBe(2_500);
  });

  it('follows a faster pace from the next tick', () => {
    const { video, reports } = watched();
    video.play();
    jest.advanceTimersByTime(1_050);
    video.setRate(2);
    reports.length = 0;
    jest.advanceTimersByTime(2_000);
    expect(reports.map((r) => Math.floor(r.currentTime))).toEqual([2, 3, 4, 5]);
  });

  it('looks at every tick once the film waits, reporting new buffer within a second', () => {
    const { video, reports } = watched();
    video.bufferedEnd = 30;
    video.play();
    jest.advanceTimersByTime(5_050);
    video.stall();
    video.bufferedEnd = 30.5; // not a new second of buffer: nothing to report
    jest.advanceTimersByTime(500);
    const before = reports.length;
    video.bufferedEnd = 36; // a segment appended while the film waits
    jest.advanceTimersByTime(1_000);
    expect(reports.slice(before).map((r) => r.bufferedEnd)).toEqual([36]);
  });

  it('reports the buffer growing while paused (the progress bar shows it), the position unmoved', () => {
    const { video, reports } = watched();
    video.play();
    jest.advanceTimersByTime(3_050);
    video.pause();
    const before = reports.length;
    video.bufferedEnd = 60.4; // not a new second of buffer: nothing to report
    video.dispatchEvent(new Event('progress'));
    video.bufferedEnd = 66; // a segment loaded while paused
    video.dispatchEvent(new Event('progress'));
    jest.advanceTimersByTime(5_000);
    expect(reports.slice(before)).toEqual([
      expect.objectContaining({ bufferedEnd: 66, paused: true, playedMs: 3_000 }),
    ]);
    expect(Math.floor(reports.at(-1)?.currentTime ?? 0)).toBe(3);
  });

  it("reports the film's last segments, appended after the browser's last progress event", () => {
    const { video, reports } = watched();
    video.play();
    jest.advanceTimersByTime(2_050);
    video.pause();
    video.bufferedEnd = 100;
    video.dispatchEvent(new Event('progress'));
    // the rest of the film appended, and the browser's loading ends: no progress event tells of it
    video.bufferedEnd = 120;
    jest.advanceTimersByTime(5_000);
    expect(reports.at(-1)).toEqual(expect.objectContaining({ bufferedEnd: 120, paused: true }));
  });

  it('keeps the played time whole when each wake comes late', () => {
    const { video, port } = watched();
    const onTime = globalThis.setTimeout;
    jest
      .spyOn(globalThis, 'setTimeout')
      .mockImplementation(((fn: () => void, ms?: number) => onTime(fn, (ms ?? 0) + 7)) as never);
    video.play();
    jest.advanceTimersByTime(60_000);
    video.pause();
    expect(port.sample().playedMs).toBeGreaterThanOrEqual(59_900);
  });

  it('counts the ticks slept before a pause whose event comes after the next wake', () => {
    const { video, port } = watched();
    video.play();
    jest.advanceTimersByTime(1_990);
    // paused just before the loop wakes at 2 s; the element's pause event is still queued
    video.paused = true;
    jest.advanceTimersByTime(10);
    video.dispatchEvent(new Event('pause'));
    expect(port.sample().playedMs).toBe(2_000);
  });

  it('never counts played time back when a pause follows a late wake', () => {
    const { video, port } = watched();
    const onTime = globalThis.setTimeout;
    jest
      .spyOn(globalThis, 'setTimeout')
      .mockImplementation(((fn: () => void, ms?: number) => onTime(fn, (ms ?? 0) + 60)) as never);
    video.play();
    jest.advanceTimersByTime(160); // the first tick, 60 ms late, counts two
    const before = port.sample().playedMs;
    video.pause();
    expect(port.sample().playedMs).toBeGreaterThanOrEqual(before);
  });

  it('starts a new stream from no time played, whatever the old one played since its last tick, and reports it from its own start', () => {
    const { video, port, reports } = watched();
    video.play();
    jest.advanceTimersByTime(1_650);
    port.reset();
    jest.advanceTimersByTime(500); // the old stream's next wake comes before its emptied
    video.paused = true; // the element's load() pauses it
    video.currentTime = 0;
    video.dispatchEvent(new Event('emptied'));
    expect(port.sample().playedMs).toBe(0);
    reports.length = 0;
    video.play();
    jest.advanceTimersByTime(2_000);
    expect(reports.map((r) => r.playedMs)).toEqual([100, 1_000, 2_000]);
  });
});
