// Where the ad layer draws industry icons (VAST 4.3 section 3.11.1): at the place each asks for, in
// CSS pixels from the top left corner of the advert's area or at one of its edges, unless that would
// cover what must stay clear (the advert's controls and skip button, the 'Реклама' label, an icon
// drawn before it); then at the free place nearest to it. Plain geometry, no DOM.
import type { AdIconView } from '../state/ads';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The height of an icon that gives none: the AdChoices mark's. */
export const DEFAULT_ICON_HEIGHT = 20;
/** The smallest target a pointer is asked to hit (WCAG 2.2 SC 2.5.8, Target Size (Minimum)). */
export const MIN_TARGET = 24;
/** CSS pixels kept between an icon and what must stay clear, and between two icons. */
export const ICON_GAP = 4;

/**
 * The size an icon is drawn at: its own, or DEFAULT_ICON_HEIGHT high when it gives no height, and as
 * wide as high when it gives no width.
 */
export function iconSize(icon: Pick<AdIconView, 'width' | 'height'>) {
  const height = icon.height ?? DEFAULT_ICON_HEIGHT;
  return { width: icon.width ?? height, height };
}

/** What one icon asks for: its box's size and where it wants it. */
export interface IconWish {
  width: number;
  height: number;
  xPosition: AdIconView['xPosition'];
  yPosition: AdIconView['yPosition'];
}

/**
 * What the ad layer places for an icon: the icon's drawing, grown round its centre to MIN_TARGET a
 * side when it takes clicks, so that its target meets WCAG 2.5.8 whatever the icon's size. Its place
 * is where the drawing would be at the place the icon asks for (an edge: the target's own edge).
 */
export function iconWish(icon: AdIconView): IconWish {
  const size = iconSize(icon);
  const width = icon.clickable ? Math.max(size.width, MIN_TARGET) : size.width;
  const height = icon.clickable ? Math.max(size.height, MIN_TARGET) : size.height;
  const shift = (position: number | string | null, grown: number) =>
    typeof position === 'number' ? Math.max(0, position - grown / 2) : position;
  return {
    width,
    height,
    xPosition: shift(icon.xPosition, width - size.width) as IconWish['xPosition'],
    yPosition: shift(icon.yPosition, height - size.height) as IconWish['yPosition'],
  };
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.left + b.width &&
  b.left < a.left + a.width &&
  a.top < b.top + b.height &&
  b.top < a.top + a.height;

const grown = (b: Box, by: number): Box => ({
  left: b.left - by,
  top: b.top - by,
  width: b.width + 2 * by,
  height: b.height + 2 * by,
});

/** One axis of the place asked for: the start or end edge of the area, or pixels clamped into it. */
function asked(position: number | string | null, size: number, room: number, end: string) {
  if (position === end) return room - size;
  if (typeof position === 'number') return Math.min(Math.max(0, position), room - size);
  return 0;
}

/**
 * Places icons over the advert's area, in order, each clear of the `blocked` boxes and of the icons
 * placed before it (by ICON_GAP):
 * - at the place it asks for: `left`/`top` are the area's start, `right`/`bottom` its end, pixels
 *   from its top left corner are kept inside it; no xPosition is `right` and no yPosition `top`,
 *   where the AdChoices mark goes;
 * - where that would cover something, at the free place nearest to it (straight-line distance, the
 *   first found of equals), among the area's edges and the sides of what is in the way: an icon asked
 *   for at the bottom sits just above the advert's controls, one over the 'Реклама' label just below
 *   or beside it;
 * - where there is no free place (an area too small), not at all: null.
 */
export function placeIcons(
  wishes: readonly IconWish[],
  area: { width: number; height: number },
  blocked: readonly Box[],
): (Box | null)[] {
  const taken: Box[] = blocked.map((b) => grown(b, ICON_GAP));
  return wishes.map((wish) => {
    const { width, height } = wish;
    if (width > area.width || height > area.height) return null;
    const x = asked(wish.xPosition ?? 'right', width, area.width, 'right');
    const y = asked(wish.yPosition ?? 'top', height, area.height, 'bottom');
    const fits = (left: number, top: number) =>
      left >= 0 &&
      top >= 0 &&
      left + width <= area.width &&
      top + height <= area.height &&
      !taken.some((b) => overlaps(b, { left, top, width, height }));
    const xs = [
      x,
      0,
      area.width - width,
      ...taken.flatMap((b) => [b.left + b.width, b.left - width]),
    ];
    const ys = [
      y,
      0,
      area.height - height,
      ...taken.flatMap((b) => [b.top + b.height, b.top - height]),
    ];
    let best: Box | null = null;
    let bestDistance = Infinity;
    for (const top of ys) {
      for (const left of xs) {
        const distance = Math.hypot(left - x, top - y);
        if (distance < bestDistance && fits(left, top)) {
          best = { left, top, width, height };
          bestDistance = distance;
        }
      }
    }
    if (best) taken.push(grown(best, ICON_GAP));
    return best;
  });
}
