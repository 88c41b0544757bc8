// The player's bandwidth estimate, in place of hls.js's two moving averages. Those weigh each sample
// by its download time, so after a slow spell the fast downloads that follow weigh next to nothing
// and the estimate takes half a minute to climb (measured: 26 segments to the top rung after a
// throttle lifts). Here the last few segments count alike: the estimate is the harmonic mean of the
// last WINDOW samples (a slow one pulls it down at once), and when the last two are both well above
// it, the network has changed: it is the lower of them, so a faster network is followed within two
// segments while a noisy one does not make the level swing.

const WINDOW = 4;
/** the last two segments this much faster than the window's mean: the network got faster */
const CHANGED = 1.5;
/** a sample this short says nothing of the network (hls.js's own floor) */
const MIN_SAMPLE_MS = 50;

/** The interface hls.js's AbrController asks of its estimator (`bwEstimator`). */
export class ThroughputWindow {
  private readonly samples: number[] = [];
  private readonly ttfbs: number[] = [];
  /** the estimate from the samples as they are: asked for far more often than a sample comes */
  private estimate: number | null = null;

  constructor(
    private readonly defaultEstimate_: number,
    private readonly defaultTTFB = 100,
  ) {}

  /** one segment's download: ms from its first byte asked for to its last, and its bytes */
  sample(durationMs: number, numBytes: number) {
    if (!(numBytes > 0) || !(durationMs >= 0)) return;
    const seconds = Math.max(durationMs, Math.min(MIN_SAMPLE_MS, numBytes / 100_000)) / 1000;
    this.samples.push((8 * numBytes) / seconds);
    if (this.samples.length > WINDOW) this.samples.shift();
    this.estimate = null;
  }

  sampleTTFB(ttfbMs: number) {
    this.ttfbs.push(Math.max(ttfbMs, 5));
    if (this.ttfbs.length > WINDOW) this.ttfbs.shift();
  }

  canEstimate(): boolean {
    return this.samples.length > 0;
  }

  getEstimate(): number {
    return (this.estimate ??= this.estimateOfSamples());
  }

  private estimateOfSamples(): number {
    const { samples } = this;
    const last = samples.at(-1);
    if (last === undefined) return this.defaultEstimate_;
    const harmonic = samples.length / samples.reduce((sum, bps) => sum + 1 / bps, 0);
    const lastTwo = Math.min(last, samples.at(-2) ?? 0);
    return lastTwo > harmonic * CHANGED ? lastTwo : harmonic;
  }

  /**
   * The slowest segment of the window over the estimate: 1 when they all came alike, less on a link
   * that swings (a mobile one), where the next segment may well come that much slower.
   */
  steadiness(): number {
    if (this.samples.length === 0) return 1;
    return Math.min(1, Math.min(...this.samples) / this.getEstimate());
  }

  getEstimateTTFB(): number {
    const { ttfbs } = this;
    return ttfbs.length ? ttfbs.reduce((a, b) => a + b, 0) / ttfbs.length : this.defaultTTFB;
  }

  get defaultEstimate(): number {
    return this.defaultEstimate_;
  }

  /** hls.js tells its half-lives for live or on-demand streams: a window has none */
  update() {}

  destroy() {}
}
