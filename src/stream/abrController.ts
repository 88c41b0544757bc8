// hls.js's own adaptive controller (its level choice, its abandon rules) with the player's estimate:
// the last segments counted alike (ThroughputWindow), and a segment the browser had in its cache left
// out, since a cached segment arrives at once and would say the network is as fast as memory (the
// film then asks for a rung the network cannot carry, and stalls).
import type { Events, FragBufferedData } from 'hls.js';
import type { HlsModule } from '../ports/hlsEngine';
import { ThroughputWindow } from './throughputWindow';

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
    constructor(hls: InstanceType<typeof Hls>) {
      super(hls);
      this.bwEstimator = estimator(hls.config.abrEwmaDefaultEstimate);
    }

    override resetEstimator(defaultEstimate?: number) {
      if (defaultEstimate) this.hls.config.abrEwmaDefaultEstimate = defaultEstimate;
      this.bwEstimator = estimator(this.hls.config.abrEwmaDefaultEstimate);
    }

    protected override onFragBuffered(event: Events.FRAG_BUFFERED, data: FragBufferedData) {
      if (fromBrowserCache(data.frag.url)) return;
      super.onFragBuffered(event, data);
      forgiveFailedRungs(this.hls.levels);
    }
  };
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
 * The remembered estimate is yesterday's network: the first segment, asked for before anything is
 * measured, may not be one that takes long on a slower one today (measured: a 1080p first segment
 * took 14 s at 1.2 Mbit/s). Above this the first pick is as for 1 Mbit/s; the window follows the
 * network within two segments.
 */
const FIRST_ESTIMATE_CAP = 1_000_000;

/** hls.js's adaptive settings of the player, with the last session's estimate if any */
export function abrConfig(hlsJs: HlsModule, rememberedEstimate: number | null) {
  return {
    abrController: playerAbrController(hlsJs),
    ...(rememberedEstimate
      ? { abrEwmaDefaultEstimate: Math.min(rememberedEstimate, FIRST_ESTIMATE_CAP) }
      : {}),
  };
}
