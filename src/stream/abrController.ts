// hls.js's own adaptive controller (its level choice, its abandon rules) with the player's estimate:
// the last segments counted alike (ThroughputWindow), and a segment the browser had in its cache left
// out, since a cached segment arrives at once and would say the network is as fast as memory (the
// film then asks for a rung the network cannot carry, and stalls).
import type { Events, FragBufferedData } from 'hls.js';
import type { HlsModule } from './hlsModule';
import { ThroughputWindow } from './throughputWindow';
import { bufferLength } from '../ports/mediaElement';

/** The browser answered this address from its cache: its timing says nothing came over the network. */
export function fromBrowserCache(url: string): boolean {
  const entries = performance.getEntriesByName?.(url, 'resource') as PerformanceResourceTiming[];
  const last = entries?.at(-1);
  // a cross-origin answer without Timing-Allow-Origin tells no sizes at all: it counts
  return last !== undefined && last.transferSize === 0 && last.decodedBodySize > 0;
}

/** the AbrController class to give hls.js (`abrController`) */
export function playerAbrController({ default: Hls }: HlsModule) {
  const Base = Hls.DefaultConfig.abrController;
  type Estimator = InstanceType<typeof Base>['bwEstimator'];
  const estimator = (defaultEstimate: number) =>
    new ThroughputWindow(defaultEstimate) as unknown as Estimator;

  return class PlayerAbrController extends Base {
    /** the configured share (hls.js's 0.7 by default), before the buffer's length raises it */
    private readonly upFactor: number;

    constructor(hls: InstanceType<typeof Hls>) {
      super(hls);
      this.bwEstimator = estimator(hls.config.abrEwmaDefaultEstimate);
      this.upFactor = hls.config.abrBandWidthUpFactor;
    }

    override resetEstimator(defaultEstimate?: number) {
      if (defaultEstimate) this.hls.config.abrEwmaDefaultEstimate = defaultEstimate;
      this.bwEstimator = estimator(this.hls.config.abrEwmaDefaultEstimate);
    }

    protected override onFragBuffered(event: Events.FRAG_BUFFERED, data: FragBufferedData) {
      if (fromBrowserCache(data.frag.url)) return;
      super.onFragBuffered(event, data);
      forgiveFailedRungs(this.hls.levels);
      const { media } = this.hls;
      if (media instanceof HTMLVideoElement)
        this.hls.config.abrBandWidthUpFactor = upFactorFor(
          bufferLength(media),
          this.upFactor,
          (this.bwEstimator as unknown as ThroughputWindow).steadiness(),
        );
    }
  };
}

/** film buffered ahead, s, from which a step up asks less of the estimate */
const LONG_BUFFER_S = 30;
const UP_FACTOR_LONG_BUFFER = 0.9;

/**
 * The share of the estimate a rung up must fit in, by the film buffered ahead and how steady the link
 * is. hls.js asks for 70% whatever the buffer, so as not to step up and at once back down; with half
 * a minute of film ahead, a rung a little too fast for the link drains that buffer by seconds a
 * minute, and the estimate (the last four segments) brings the film down long before it runs dry.
 * Measured on a steady 1 Mbit/s link (the benchmark's steady-between): the film stayed on 240p
 * (300 kbit/s) for three minutes with the whole buffer full, 360p's 750 kbit/s being over 70% of the
 * link. But on a link that swings, the rung must fit in 90% of the slowest segment of the last half
 * minute of film (ThroughputWindow.steadiness), not of the estimate: measured on a mobile link of
 * about 3 Mbit/s (the tuning trace hsdpa-car-2011-02-10-1611), the film climbed to 720p (2.85 Mbit/s)
 * once four segments came at 3.4 to 3.9, the link then carried it at 2.6 to 3.3, so the buffer stood
 * still while bare hls.js's grew on 540p, and when the link fell to 0.2 Mbit/s for a minute the
 * player had 34 s of film ahead against bare hls.js's 54, and stalled.
 */
export function upFactorFor(bufferAheadS: number, configured: number, steadiness = 1): number {
  if (bufferAheadS < LONG_BUFFER_S) return configured;
  return Math.max(configured, UP_FACTOR_LONG_BUFFER * steadiness);
}

/** a rung that failed, once the film has loaded well for this long since, is tried again */
const FORGIVE_AFTER_MS = 10_000;

/**
 * hls.js never again chooses a rung on which a load failed (its errorPenaltyExpireMs, 0 by default,
 * would bring it back however the network is): one 403 kept the film off the top rung for good. A
 * segment that just came over the network says the network works, so the rungs that failed more
 * than 10 s ago are forgiven; where every load fails (a server that hangs), none is, and hls.js
 * runs out of rungs and ends in the message as before.
 */
export function forgiveFailedRungs(
  levels: readonly { loadError: number; fragmentError: number; loadErrorTime: number }[],
  now = performance.now(),
) {
  for (const level of levels) {
    if (level.loadError === 0 || now - level.loadErrorTime < FORGIVE_AFTER_MS) continue;
    level.loadError = 0;
    level.fragmentError = 0;
  }
}

/**
 * The remembered estimate is another page's network, if a recent one: a segment asked for before
 * anything is measured here (the one after a first segment from the cache, which measures nothing)
 * is chosen as for at most hls.js's own default estimate, so never a bigger one than bare hls.js
 * would ask for (measured: with 1 Mbit/s, a 360p second segment after a cached first one stalled the
 * film for a second on a 1.2 Mbit/s link; a 1080p one once took 14 s). A slower remembered network
 * still lowers the guess; the window follows the network within two segments.
 */
const FIRST_ESTIMATE_CAP = 500_000;

/**
 * hls.js's adaptive settings of the player, with the last session's estimate if any. The first
 * segment is the lowest rung's, whatever is known: the smallest download before the first frame
 * (a tenth of the top rung's), and the one a page opened before most likely left in the browser's
 * cache, as every session starts there; the estimate chooses from the second segment on (a viewer's
 * choice of quality overrides both: hlsEngine.ts).
 */
export function abrConfig(hlsJs: HlsModule, rememberedEstimate: number | null) {
  return {
    abrController: playerAbrController(hlsJs),
    startLevel: 0,
    ...(rememberedEstimate
      ? { abrEwmaDefaultEstimate: Math.min(rememberedEstimate, FIRST_ESTIMATE_CAP) }
      : {}),
  };
}
