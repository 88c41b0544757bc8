// The band under the axis: errors, search hits, findings, the divergence; and the lines of the
// findings, the divergence and the selected entry through the lanes.
import { AXIS_H, r1, TOP, type Geometry } from './geometry';
import type { Context } from './state';

export function drawMarkers(ctx: Context, out: string[], g: Geometry, height: number) {
  const { data, entries: e, state: s } = ctx;
  const inView = (t: number) => t >= s.view.from && t <= s.view.to;
  let lastErr = -Infinity;
  for (const i of data.entries.errors) {
    if (!inView(e.t(i)) || s.hiddenLanes.has(e.lane(i))) continue;
    const px = g.x(e.t(i));
    if (px - lastErr < 4) continue;
    lastErr = px;
    out.push(
      `<path class="error-mark" data-index="${i}" d="M${r1(px - 4)} ${AXIS_H + 2}h8l-4 8z"/>`,
    );
  }
  let lastHit = -Infinity;
  for (const i of s.matchList) {
    if (!inView(e.t(i))) continue;
    const px = g.x(e.t(i));
    if (px - lastHit < 3) continue;
    lastHit = px;
    out.push(`<rect class="hit-mark" x="${r1(px - 1)}" y="${AXIS_H + 11}" width="3" height="5"/>`);
  }
  data.findings.forEach((f, k) => {
    if (!inView(f.t)) return;
    const px = r1(g.x(f.t));
    out.push(
      `<line class="finding-line" x1="${px}" x2="${px}" y1="${TOP}" y2="${height}"/>`,
      `<path class="finding-mark" data-finding="${k}" data-index="${f.index}" d="M${px} ${AXIS_H + 1}l6 7l-6 7l-6 -7z"/>`,
    );
  });
  if (data.divergence && inView(data.divergence.t)) {
    const px = r1(g.x(data.divergence.t));
    out.push(
      `<line class="divergence-line" x1="${px}" x2="${px}" y1="${AXIS_H}" y2="${height}"/>`,
      `<path class="divergence-mark" data-divergence="1" data-index="${data.divergence.index}" d="M${px - 7} ${AXIS_H}h14l-7 14z"/>`,
    );
  }
  if (s.selected >= 0 && inView(e.t(s.selected))) {
    const px = r1(g.x(e.t(s.selected)));
    out.push(`<line class="selection" x1="${px}" x2="${px}" y1="${AXIS_H}" y2="${height}"/>`);
  }
}
