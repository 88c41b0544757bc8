// The player's bandwidth estimate: it follows a network that got faster within two segments, weighs
// a slow segment most, is not moved by noise, and leaves out what the browser's cache answered.
import {
  forgiveFailedRungs,
  fromBrowserCache,
  upFactorFor,
} from '../../../src/stream/abrController';
import { ThroughputWindow } from '../../../src/stream/throughputWindow';

const MBIT = 1_000_000;
/** one segment of `megabits` downloaded at `mbps` */
const download = (estimator: ThroughputWindow, mbps: number, megabits = 4) =>
  estimator.sample((megabits / mbps) * 1000, (megabits * MBIT) / 8);

it('says the default until a segment is measured, then what the segments took', () => {
  const estimator = new ThroughputWindow(500_000);
  expect(estimator.canEstimate()).toBe(false);
  expect(estimator.getEstimate()).toBe(500_000);
  download(estimator, 2);
  expect(estimator.canEstimate()).toBe(true);
  expect(estimator.getEstimate()).toBeCloseTo(2 * MBIT, -3);
});

it('climbs to a faster network on the second fast segment, where hls.js takes about thirty', () => {
  const estimator = new ThroughputWindow(500_000);
  for (let i = 0; i < 20; i += 1) download(estimator, 0.5, 1.2); // 80 s at 500 kbit/s
  download(estimator, 8, 1.2);
  expect(estimator.getEstimate()).toBeLessThan(1 * MBIT); // one fast segment may be luck
  download(estimator, 8, 3);
  expect(estimator.getEstimate()).toBeCloseTo(8 * MBIT, -4);
});

it('is the harmonic mean of the last four segments, so a slow one weighs most', () => {
  const estimator = new ThroughputWindow(500_000);
  for (const mbps of [4, 4, 4, 4]) download(estimator, mbps);
  download(estimator, 1);
  expect(estimator.getEstimate()).toBeCloseTo((4 / (3 / 4 + 1 / 1)) * MBIT, -3);
  // noise: two segments a little faster than the mean do not lift it
  download(estimator, 3);
  download(estimator, 3);
  expect(estimator.getEstimate()).toBeCloseTo((4 / (1 / 4 + 1 / 1 + 2 / 3)) * MBIT, -3);
});

it('takes no segment of no bytes, and the first byte’s wait as the mean of the last ones', () => {
  const estimator = new ThroughputWindow(500_000, 100);
  estimator.sample(100, 0);
  expect(estimator.canEstimate()).toBe(false);
  expect(estimator.getEstimateTTFB()).toBe(100);
  estimator.sampleTTFB(20);
  estimator.sampleTTFB(40);
  expect(estimator.getEstimateTTFB()).toBe(30);
});

describe('a segment from the browser’s cache', () => {
  // what the browser's resource timing says of an address (jsdom keeps none)
  const timing = (...entries: Partial<PerformanceResourceTiming>[]) =>
    Object.defineProperty(performance, 'getEntriesByName', {
      value: () => entries,
      configurable: true,
    });
  afterEach(() => Reflect.deleteProperty(performance, 'getEntriesByName'));

  it('is one whose timing says nothing came over the network', () => {
    timing({ transferSize: 0, decodedBodySize: 2_000_000 });
    expect(fromBrowserCache('https://cdn.example/720p/seg1.ts')).toBe(true);
  });

  it('is not one that came over the network, nor one whose sizes the origin does not tell', () => {
    timing(
      { transferSize: 0, decodedBodySize: 2_000_000 },
      { transferSize: 2_000_300, decodedBodySize: 2_000_000 },
    );
    expect(fromBrowserCache('https://cdn.example/720p/seg1.ts')).toBe(false); // its last load
    timing({ transferSize: 0, decodedBodySize: 0 }); // cross-origin without Timing-Allow-Origin
    expect(fromBrowserCache('https://cdn.example/720p/seg1.ts')).toBe(false);
    timing();
    expect(fromBrowserCache('https://cdn.example/720p/seg1.ts')).toBe(false);
  });
});

describe('a rung on which a load failed', () => {
  const rung = (loadErrorTime: number) => ({ loadError: 1, fragmentError: 1, loadErrorTime });

  it('is tried again once a segment has come over the network 10 s after the failure', () => {
    const levels = [
      rung(1_000),
      rung(15_000),
      { loadError: 0, fragmentError: 0, loadErrorTime: 0 },
    ];
    forgiveFailedRungs(levels, 20_000);
    expect(levels.map((l) => [l.loadError, l.fragmentError])).toEqual([
      [0, 0], // failed 19 s ago
      [1, 1], // 5 s ago: not yet
      [0, 0],
    ]);
  });
});

describe('a step up, by the film buffered ahead', () => {
  const HLS_JS_DEFAULT = 0.7; // abrBandWidthUpFactor
  const fitsUp = (rungBps: number, estimateBps: number, bufferAheadS: number) =>
    rungBps <= estimateBps * upFactorFor(bufferAheadS, HLS_JS_DEFAULT);

  it("with a short buffer, a rung up must fit in 70% of the estimate (hls.js's own rule)", () => {
    expect(fitsUp(750_000, 1_000_000, 8)).toBe(false);
    expect(fitsUp(750_000, 1_100_000, 8)).toBe(true);
  });

  it('with half a minute of film ahead, a steady 1 Mbit/s link carries the 750 kbit/s rung', () => {
    expect(fitsUp(750_000, 1_000_000, 30)).toBe(true);
    // still not one the link cannot carry
    expect(fitsUp(1_200_000, 1_000_000, 120)).toBe(false);
  });

  it('on a link that swings, a rung up must fit in 90% of its slowest recent segment', () => {
    const fitsUpOn = (rungBps: number, segmentsMbps: number[], bufferAheadS: number) => {
      const estimator = new ThroughputWindow(500_000);
      for (const mbps of segmentsMbps) download(estimator, mbps);
      const upFactor = upFactorFor(bufferAheadS, HLS_JS_DEFAULT, estimator.steadiness());
      return rungBps <= estimator.getEstimate() * upFactor;
    };
    // a mobile link of about 3 Mbit/s, its last eight segments from 2.2 to 3.9: not the 2.85 Mbit/s
    // rung, though the last four came at 3.4 to 3.9
    const swinging = [2.24, 2.39, 2.55, 2.24, 3.36, 3.89, 3.89, 3.7];
    expect(fitsUpOn(2_850_000, swinging, 40)).toBe(false);
    // but the 1.85 Mbit/s one below it
    expect(fitsUpOn(1_850_000, swinging, 40)).toBe(true);
    // a steady link of the same last four carries it
    expect(fitsUpOn(2_850_000, [3.5, 3.6, 3.5, 3.6, 3.36, 3.89, 3.89, 3.7], 40)).toBe(true);
  });
});

describe('how steady the link is', () => {
  it('is 1 for segments that came alike, and the slowest of the last eight over the estimate', () => {
    const estimator = new ThroughputWindow(500_000);
    expect(estimator.steadiness()).toBe(1);
    for (const mbps of [2, 2, 2, 2]) download(estimator, mbps);
    expect(estimator.steadiness()).toBeCloseTo(1, 5);
    download(estimator, 1);
    // 2, 2, 2, 1 Mbit/s: the estimate (their harmonic mean) 1.6, the slowest 1
    expect(estimator.steadiness()).toBeCloseTo(1 / 1.6, 5);
    for (const mbps of [2, 2, 2, 2]) download(estimator, mbps);
    // the slow one is no longer in the estimate, but still among the last eight
    expect(estimator.getEstimate()).toBeCloseTo(2 * MBIT, -3);
    expect(estimator.steadiness()).toBeCloseTo(0.5, 5);
    for (const mbps of [2, 2, 2, 2]) download(estimator, mbps);
    expect(estimator.steadiness()).toBeCloseTo(1, 5);
  });

  it('forgets the old network once it changed: a throttle that lifts is a steady link again', () => {
    const estimator = new ThroughputWindow(500_000);
    for (const mbps of [0.5, 0.5, 0.5, 0.5, 4, 4]) download(estimator, mbps);
    expect(estimator.getEstimate()).toBeCloseTo(4 * MBIT, -3);
    expect(estimator.steadiness()).toBeCloseTo(1, 5);
  });
});
