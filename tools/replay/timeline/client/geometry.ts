// The picture's layout: its bands and margins, and its mapping from the view (a span of session
// time) to x.
import { byId } from './dom';

/** the lane names' column, the time axis, and the markers' band under it */
export const LABEL_W = 170;
export const AXIS_H = 20;
const MARK_H = 16;
export const TOP = AXIS_H + MARK_H;

/** Session times, ms. */
export interface Span {
  from: number;
  to: number;
}

export interface Geometry {
  width: number;
  plotW: number;
  /** pixels per ms */
  k: number;
  x: (t: number) => number;
}

export function plotGeometry(view: Span): Geometry {
  const width = Math.max(400, byId('picture').clientWidth);
  const plotW = width - LABEL_W - 8;
  const k = plotW / (view.to - view.from);
  return { width, plotW, k, x: (t) => LABEL_W + (t - view.from) * k };
}

/** x clamped a little outside the plot, so far-away shapes stay sane numbers */
export const clampX = (g: Geometry, px: number) =>
  Math.max(LABEL_W - 20, Math.min(g.width + 20, px));
/** a coordinate to a tenth of a pixel, which keeps the SVG short */
export const r1 = (v: number) => Math.round(v * 10) / 10;
