// One network trace of the adaptive-streaming benchmark, and the groups traces fall in.

/**
 * tuning: recorded, the controller may be changed while looking at it; heldBack: recorded, reported
 * on its own and not tuned on; complaint: a way adaptive streaming is known to fail viewers
 */
export type AbrGroup = 'tuning' | 'heldBack' | 'complaint';
export const ABR_GROUPS: readonly AbrGroup[] = ['heldBack', 'tuning', 'complaint'];

export interface AbrTrace {
  name: string;
  about: string;
  group: AbrGroup;
  /** the throughput of each second, kbit/s; the last one holds on */
  kbps: number[];
  /** the round trip each request pays, ms */
  latencyMs: number;
  /** steady network: switches a minute are held to the goal */
  steady?: boolean;
  /** the second the throttle lifts: the rung reached after it is measured */
  liftAtS?: number;
  /** played this long on a fast network first (WARM_KBPS), then the page opened again on a warm cache */
  warmCacheS?: number;
  /** from this second on, the throughput halves while a segment loads, a second into it */
  halveMidSegmentAfterS?: number;
  /** the first segment asked for after this second is answered 403; the network stays fine */
  failOneRequestAfterS?: number;
}
