// The player's bandwidth estimate, in place of hls.js's two moving averages. Those weigh each sample
// by its download time, so after a slow spell the fast downloads that follow weigh next to nothing
// and the estimate takes half a minute to climb (measured: 26 segments to the top rung after a
// throttle lifts). Here the last few segments count alike: the estimate is the harmonic mean of the
// last WINDOW samples (a slow one pulls it down at once), and when the last two are both well above
// it, the network has changed: it is the lower of them, so a faster network is followed within two
// segments while a noisy one does not make the level swing.

const WINDOW = 4;
/** segments whose slowest says how steady the link is: 32 s of film in the player's 4 s segments */
const STEADINESS_WINDOW = 8;
/** the last two segments this much faster than the window's mean: the network got faster */
const CHANGED = 1.5;
/** a sample this short says nothing of the network (hls.js's own floor) */
const MIN_SAMPLE_MS = 50;

/** The interface hls.js's AbrController asks of its estimator (`bwEstimator`). */
export class ThroughputWindow {
  private readonly samples: number[] = [];
  /** the last STEADINESS_WINDOW samples */
  private readonly recent: number[] = [];
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
    const bps = (8 * numBytes) / seconds;
    this.samples.push(bps);
    if (this.samples.length > WINDOW) this.samples.shift();
    this.recent.push(bps);
    if (this.recent.length > STEADINESS_WINDOW) this.recent.shift();
    // a network that changed says nothing of how steady the new one is, but its last two segments
    if (this.changedTo() !== null) this.recent.splice(0, this.recent.length - 2);
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
    if (samples.length === 0) return this.defaultEstimate_;
    return this.changedTo() ?? samples.length / samples.reduce((sum, bps) => sum + 1 / bps, 0);
  }

  /** the lower of the last two segments when both are well above the window's mean, else null */
  private changedTo(): number | null {
    const { samples } = this;
    const [before, last] = samples.slice(-2);
    if (before === undefined || last === undefined) return null;
    const harmonic = samples.length / samples.reduce((sum, bps) => sum + 1 / bps, 0);
    const lastTwo = Math.min(before, last);
    return lastTwo > harmonic * CHANGED ? lastTwo : null;
  }

  /**
   * The slowest of the last eight segments over the estimate: 1 when they all came alike, less on a
   * link that swings (a mobile one), where a segment may well come that much slower again.
   */
  steadiness(): number {
    if (this.recent.length === 0) return 1;
    return Math.min(1, Math.min(...this.recent) / this.getEstimate());
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
