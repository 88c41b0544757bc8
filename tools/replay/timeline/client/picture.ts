// The picture: the lanes under a time axis, as SVG of only what is in view; the state lanes
// (spans.ts), the entries' ticks (ticks.ts) and the markers (markers.ts) clipped to the plot.
import { byId } from './dom';
import { escapeHtml, secs } from './format';
import { AXIS_H, LABEL_W, plotGeometry, r1, TOP } from './geometry';
import { drawMarkers } from './markers';
import { drawAds, drawPlayback } from './spans';
import type { Context } from './state';
import { drawEntries } from './ticks';

/** The grid's steps (ms): the first at least 90 px apart, else the coarsest. */
const COARSEST = 36e5;
const STEPS = [
  1,
  2,
  5,
  10,
  20,
  50,
  100,
  200,
  500,
  1e3,
  2e3,
  5e3,
  1e4,
  15e3,
  3e4,
  6e4,
  12e4,
  3e5,
  6e5,
  9e5,
  18e5,
  COARSEST,
];

/** Seconds in a session under a minute, minutes:seconds in a longer one. */
function axisLabel(end: number, t: number, step: number) {
  const decimals = step >= 1000 ? 0 : step >= 100 ? 1 : step >= 10 ? 2 : 3;
  if (end < 60000) return `${(t / 1000).toFixed(decimals)} s`;
  const sign = t < 0 ? '-' : '';
  const abs = Math.abs(t);
  const m = Math.floor(abs / 60000);
  const s = ((abs % 60000) / 1000).toFixed(decimals).padStart(decimals ? 3 + decimals : 2, '0');
  return `${sign}${m}:${s}`;
}

export function renderPicture(ctx: Context) {
  const { data, entries: e, state: s } = ctx;
  const { view } = s;
  const g = plotGeometry(view);
  s.geometry = g;
  const laneHeight = (lane: number) => (lane === e.lanes.ads ? 44 : 24);
  /** the lanes shown, top down, and where each starts */
  const laneY = new Map<number, number>();
  let y = TOP;
  data.lanes.forEach((_, l) => {
    if (s.hiddenLanes.has(l)) return;
    laneY.set(l, y);
    y += laneHeight(l);
  });
  const height = y + 4;
  const out: string[] = [];
  [...laneY].forEach(([l, ly], k) =>
    out.push(
      `<rect class="lane-bg${k % 2 ? ' odd' : ''}" x="0" y="${ly}" width="${g.width}" height="${laneHeight(l)}"/>`,
    ),
  );
  // the time axis
  const step = STEPS.find((st) => st * g.k >= 90) ?? COARSEST;
  for (let t = Math.ceil(view.from / step) * step; t <= view.to; t += step) {
    const px = r1(g.x(t));
    out.push(`<line class="grid" x1="${px}" x2="${px}" y1="${AXIS_H - 4}" y2="${height}"/>`);
    if (px + 50 < g.width)
      out.push(`<text class="axis" x="${px + 2}" y="13">${axisLabel(data.end, t, step)}</text>`);
  }
  out.push(`<g clip-path="url(#plot-clip)">`);
  const playbackY = laneY.get(e.lanes.playback);
  if (playbackY !== undefined) drawPlayback(ctx, out, g, playbackY);
  const adsY = laneY.get(e.lanes.ads);
  if (adsY !== undefined) drawAds(ctx, out, g, adsY);
  drawEntries(ctx, out, g, laneY);
  drawMarkers(ctx, out, g, height);
  out.push('</g>');
  // lane names over a plain column
  out.push(`<rect x="0" y="0" width="${LABEL_W - 4}" height="${height}" fill="#fff"/>`);
  for (const [l, ly] of laneY)
    out.push(
      `<text class="lane-label" data-lane="${l}" x="8" y="${ly + laneHeight(l) / 2 + 4}">${escapeHtml(e.laneName(l))}</text>`,
    );
  byId('picture').innerHTML =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${g.width}" height="${height}" data-view-from="${view.from}" data-view-to="${view.to}" data-plot-left="${LABEL_W}" data-plot-width="${g.plotW}"><defs><clipPath id="plot-clip"><rect x="${LABEL_W}" y="0" width="${g.plotW + 8}" height="${height}"/></clipPath></defs>${out.join('')}</svg>`;
  const span = view.to - view.from;
  byId('range').textContent =
    `${secs(view.from)}–${secs(view.to)} s (${(span / 1000).toFixed(span < 10000 ? 2 : 0)} s shown)`;
}
