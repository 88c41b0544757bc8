// The entries' ticks in their lanes, merged when several fall in the same two pixels, with the
// search's hits behind them; and the beacons' VAST event names where there is room.
import { escapeHtml } from './format';
import { r1, type Geometry } from './geometry';
import { shown, type Context } from './state';

/** The ticks of one lane that fall in one two-pixel bin. */
interface Bin {
  bin: number;
  px: number;
  y: number;
  first: number;
  count: number;
  error: boolean;
  hit: boolean;
}

export function drawEntries(ctx: Context, out: string[], g: Geometry, laneY: Map<number, number>) {
  const { data, entries: e, state: s } = ctx;
  const C = data.colours;
  const beacons = e.lanes.beacons;
  const hits: string[] = [];
  const ticks: string[] = [];
  const lo = Math.max(0, e.lowerBound(s.view.from) - 1);
  const hi = Math.min(e.count, e.lowerBound(s.view.to) + 1);
  const bins = new Map<number, Bin>();
  const flush = (lane: number, b: Bin) => {
    const { y } = b;
    const px = r1(b.px);
    if (b.hit) hits.push(`<rect class="hit" x="${px - 2}" y="${y + 1}" width="6" height="22"/>`);
    const colour = b.error ? C.error : lane === beacons ? C.beacon : C.kind[e.kind(b.first)];
    const tall = b.error || lane === beacons;
    ticks.push(
      `<rect class="tick${b.error ? ' error' : ''}" data-index="${b.first}" data-count="${b.count}" x="${r1(px - (b.error ? 1 : 0.5))}" y="${y + (tall ? 3 : 6)}" width="${b.error ? 3 : b.count > 1 ? 2 : 1.5}" height="${tall ? 18 : 12}" fill="${colour}"/>`,
    );
  };
  for (let i = lo; i < hi; i++) {
    const lane = e.lane(i);
    const y = laneY.get(lane);
    if (y === undefined || !shown(ctx, i)) continue;
    const px = g.x(e.t(i));
    const bin = Math.floor(px / 2);
    let b = bins.get(lane);
    if (b && b.bin !== bin) {
      flush(lane, b);
      b = undefined;
    }
    if (!b) {
      b = { bin, px, y, first: i, count: 0, error: false, hit: false };
      bins.set(lane, b);
    }
    b.count++;
    if (e.isError(i)) b.error = true;
    if (s.matches && s.matches[i]) b.hit = true;
  }
  for (const [lane, b] of bins) flush(lane, b);
  out.push(...hits, ...ticks);
  const beaconY = laneY.get(beacons);
  if (beaconY !== undefined) drawBeaconNames(ctx, out, g, beaconY);
}

/** The beacons' VAST event names, each where it does not run into the next. */
function drawBeaconNames(ctx: Context, out: string[], g: Geometry, y: number) {
  const { data, entries: e, state: s } = ctx;
  let lastEnd = -Infinity;
  for (const [k, [i, event]] of data.beacons.entries()) {
    const t = e.t(i);
    if (t < s.view.from || t > s.view.to || !shown(ctx, i) || !event) continue;
    const px = g.x(t);
    const room = event.length * 6 + 8;
    if (px + 3 < lastEnd || px + room > g.width) continue;
    const next = data.beacons[k + 1];
    if (next && g.x(e.t(next[0])) - px < room) continue;
    out.push(
      `<text class="beacon-label" x="${r1(px + 3)}" y="${y + 16}">${escapeHtml(event)}</text>`,
    );
    lastEnd = px + room;
  }
}
