// The lanes drawn from states: the playback bars, and the ad breaks with each ad's statuses.
import type { AdSpan } from '../ads';
import { adLabel, breakLabel, escapeHtml } from './format';
import { clampX, LABEL_W, r1, type Geometry } from './geometry';
import type { Context } from './state';

export function drawPlayback({ data, state: s }: Context, out: string[], g: Geometry, y: number) {
  const { view } = s;
  for (const [k, b] of data.playback.entries()) {
    if (b.to < view.from || b.from > view.to) continue;
    const x1 = clampX(g, g.x(b.from));
    const w = Math.max(1, clampX(g, g.x(b.to)) - x1);
    out.push(
      `<rect class="bar" data-bar="${k}" data-index="${b.index}" x="${r1(x1)}" y="${y + 4}" width="${r1(w)}" height="16" fill="${data.colours.playback[b.state]}"/>`,
    );
    const lx = Math.max(x1, LABEL_W);
    if (x1 + w - lx > 50)
      out.push(
        `<svg x="${r1(lx)}" y="${y + 4}" width="${r1(x1 + w - lx)}" height="16"><text class="bar-label" x="3" y="12">${b.state}</text></svg>`,
      );
  }
}

/** An ad's box: at least 3 px wide, however short the ad. */
function adBox(g: Geometry, a: AdSpan) {
  const x1 = clampX(g, g.x(a.from));
  return { x1, x2: Math.max(x1 + 3, clampX(g, g.x(a.to))) };
}

function drawBreaks({ data, state: s }: Context, out: string[], g: Geometry, y: number) {
  const { view } = s;
  // a break's bar holds its ads' boxes, however narrow they are drawn
  const breakRight = data.breaks.map((b) => clampX(g, g.x(b.to)));
  for (const a of data.ads) {
    const right = breakRight[a.breakIndex];
    if (right !== undefined) breakRight[a.breakIndex] = Math.max(right, adBox(g, a).x2 + 1);
  }
  for (const [k, b] of data.breaks.entries()) {
    if (b.to < view.from || b.from > view.to) continue;
    const x1 = clampX(g, g.x(b.from)) - 1;
    const w = Math.max(3, (breakRight[k] ?? x1) - x1);
    out.push(
      `<rect class="break ${b.kind}" data-break="${k}"${b.startedIndex >= 0 ? ` data-index="${b.startedIndex}"` : ''} data-zoom="${b.from},${b.to}" x="${r1(x1)}" y="${y + 2}" width="${r1(w)}" height="40" rx="2"/>`,
    );
    const lx = Math.max(x1, LABEL_W);
    if (x1 + w - lx > 40)
      out.push(
        `<svg x="${r1(lx)}" y="${y + 2}" width="${r1(x1 + w - lx)}" height="13"><text class="break-label" x="3" y="10">${escapeHtml(breakLabel(b))}</text></svg>`,
      );
  }
  for (const [k, p] of data.passed.entries()) {
    if (p.t < view.from || p.t > view.to) continue;
    const px = r1(g.x(p.t));
    out.push(
      `<path class="passed" data-passed="${k}" data-index="${p.index}" d="M${px - 4} ${y + 8}h8l-4 8z"/>`,
    );
  }
}

/** An ad: a segment per status it went through, capped by its end status's colour, labelled. */
function adGroup({ data, state: s }: Context, g: Geometry, y: number, a: AdSpan, k: number) {
  const colours = data.colours.adStatus;
  const { x1, x2 } = adBox(g, a);
  const w = x2 - x1;
  const top = y + 16;
  const parts: string[] = [];
  for (const seg of a.segments) {
    const sx = clampX(g, g.x(seg.from));
    const sw = clampX(g, g.x(seg.to)) - sx;
    if (sw > 0)
      parts.push(
        `<rect x="${r1(sx)}" y="${top}" width="${r1(sw)}" height="24" fill="${colours[seg.status]}"/>`,
      );
  }
  if (a.endStatus)
    parts.push(
      `<rect class="cap" x="${r1(x2 - Math.min(4, w))}" y="${top}" width="${r1(Math.min(4, w))}" height="24" fill="${colours[a.endStatus]}"/>`,
    );
  const lx = Math.max(x1, LABEL_W);
  if (x2 - lx > 30)
    parts.push(
      `<svg x="${r1(lx)}" y="${top}" width="${r1(x2 - lx - 4)}" height="24"><text class="ad-label" x="4" y="16">${escapeHtml(adLabel(a))}</text></svg>`,
    );
  const index = a.createdIndex >= 0 ? a.createdIndex : a.endedIndex;
  return `<g class="ad${s.selectedAd === k ? ' selected' : ''}" data-ad="${k}" data-index="${index}" data-from="${a.from}" data-to="${a.to}" data-status="${a.endStatus || 'unended'}" data-zoom="${a.from},${a.to}">${parts.join('')}<rect class="ad-box" x="${r1(x1)}" y="${top}" width="${r1(w)}" height="24"/></g>`;
}

/** The ad breaks' lane: the breaks, the breaks that passed, and the ads over them. */
export function drawAds(ctx: Context, out: string[], g: Geometry, y: number) {
  const { view } = ctx.state;
  drawBreaks(ctx, out, g, y);
  for (const [k, a] of ctx.data.ads.entries()) {
    if (a.to < view.from || a.from > view.to) continue;
    out.push(adGroup(ctx, g, y, a, k));
  }
}
