// Where the ad layer draws industry icons (src/components/iconPlacement.ts): where each asks, unless
// that covers the advert's controls, its label or another icon; then at the nearest free place.
import {
  iconSize,
  iconWish,
  placeIcons,
  type Box,
  type IconWish,
} from '../../../src/components/iconPlacement';
import type { AdIconView } from '../../../src/state/ads';

const AREA = { width: 640, height: 360 };
/** the 'Реклама' label at the top left, and the controls' row along the bottom */
const LABEL: Box = { left: 12, top: 12, width: 110, height: 26 };
const CONTROLS: Box = { left: 0, top: 308, width: 640, height: 52 };
const BLOCKED = [LABEL, CONTROLS];

const wish = (
  xPosition: IconWish['xPosition'],
  yPosition: IconWish['yPosition'],
  size = 24,
): IconWish => ({ width: size, height: size, xPosition, yPosition });

const view = (parts: Partial<AdIconView>): AdIconView => ({
  index: 0,
  program: 'AdChoices',
  width: null,
  height: null,
  xPosition: 'right',
  yPosition: 'top',
  resource: { kind: 'static', url: 'https://i.test/i.png', creativeType: null },
  altText: null,
  hoverText: null,
  clickThrough: null,
  clickable: true,
  shown: true,
  ...parts,
});

describe('iconSize: what an icon that gives no size is drawn at', () => {
  it('20 px high, the AdChoices mark’s height, and as wide as high', () => {
    expect(iconSize({ width: null, height: null })).toEqual({ width: 20, height: 20 });
    expect(iconSize({ width: 77, height: null })).toEqual({ width: 77, height: 20 });
    expect(iconSize({ width: null, height: 15 })).toEqual({ width: 15, height: 15 });
    expect(iconSize({ width: 77, height: 15 })).toEqual({ width: 77, height: 15 });
  });
});

describe('iconWish: an icon that takes clicks is a target of at least 24 px a side', () => {
  it('grows round its drawing, which stays where the icon asks', () => {
    expect(iconWish(view({ width: 20, height: 20, xPosition: 100, yPosition: 50 }))).toEqual({
      width: 24,
      height: 24,
      xPosition: 98,
      yPosition: 48,
    });
    expect(iconWish(view({ width: 77, height: 15, xPosition: 'right', yPosition: 'top' }))).toEqual(
      { width: 77, height: 24, xPosition: 'right', yPosition: 'top' },
    );
  });

  it('an icon that takes no clicks keeps its size', () => {
    expect(iconWish(view({ width: 16, height: 16, clickable: false, xPosition: 0 }))).toMatchObject(
      {
        width: 16,
        height: 16,
        xPosition: 0,
      },
    );
  });
});

describe('placeIcons', () => {
  it('where the icon asks, when that is clear: an edge, or pixels from the top left corner', () => {
    expect(placeIcons([wish('right', 'top')], AREA, BLOCKED)).toEqual([
      { left: 616, top: 0, width: 24, height: 24 },
    ]);
    expect(placeIcons([wish(300, 100)], AREA, BLOCKED)).toEqual([
      { left: 300, top: 100, width: 24, height: 24 },
    ]);
  });

  it('no position is the top right corner, where the AdChoices mark goes', () => {
    expect(placeIcons([wish(null, null)], AREA, BLOCKED)).toEqual([
      { left: 616, top: 0, width: 24, height: 24 },
    ]);
  });

  it('pixels past the area are kept inside it', () => {
    expect(placeIcons([wish(900, 10)], AREA, BLOCKED)).toEqual([
      { left: 616, top: 10, width: 24, height: 24 },
    ]);
  });

  it('at the bottom: just above the controls and the skip button, never over them', () => {
    expect(placeIcons([wish('right', 'bottom'), wish(300, 340)], AREA, BLOCKED)).toEqual([
      { left: 616, top: 280, width: 24, height: 24 },
      { left: 300, top: 280, width: 24, height: 24 },
    ]);
  });

  it('over the label: the nearest free place, just below it', () => {
    expect(placeIcons([wish('left', 'top')], AREA, BLOCKED)).toEqual([
      { left: 0, top: 42, width: 24, height: 24 },
    ]);
  });

  it('a wide icon over the label whose height would not fit below it goes beside it', () => {
    const blocked = [LABEL, { left: 0, top: 60, width: 640, height: 300 }];
    expect(placeIcons([wish('left', 'top', 24)], AREA, blocked)).toEqual([
      { left: 126, top: 0, width: 24, height: 24 },
    ]);
  });

  it('two icons at one corner: the second beside the first', () => {
    expect(placeIcons([wish('right', 'top'), wish('right', 'top')], AREA, BLOCKED)).toEqual([
      { left: 616, top: 0, width: 24, height: 24 },
      { left: 588, top: 0, width: 24, height: 24 },
    ]);
  });

  it('clear of the big play button an advert the browser would not start shows', () => {
    const play: Box = { left: 280, top: 140, width: 80, height: 80 };
    const [box] = placeIcons([wish(300, 150)], AREA, [...BLOCKED, play]);
    expect(box).toEqual({ left: 300, top: 112, width: 24, height: 24 });
  });

  it('none where nothing is free: an area too small, or an icon larger than it', () => {
    expect(
      placeIcons([wish('right', 'top')], { width: 40, height: 60 }, [
        { left: 0, top: 0, width: 40, height: 60 },
      ]),
    ).toEqual([null]);
    expect(placeIcons([wish('right', 'top', 700)], AREA, [])).toEqual([null]);
  });

  it('no box placed overlaps what must stay clear, wherever the icons ask', () => {
    const xs: IconWish['xPosition'][] = [0, 5, 100, 290, 600, 'left', 'right', null];
    const ys: IconWish['yPosition'][] = [0, 5, 100, 290, 330, 'top', 'bottom', null];
    const apart = (a: Box, b: Box) =>
      a.left >= b.left + b.width ||
      b.left >= a.left + a.width ||
      a.top >= b.top + b.height ||
      b.top >= a.top + a.height;
    for (const x of xs)
      for (const y of ys) {
        const boxes = placeIcons([wish(x, y), wish(x, y, 40)], AREA, BLOCKED);
        const placed = boxes.filter((box): box is Box => box !== null);
        expect(placed).toHaveLength(2);
        for (const box of placed) {
          for (const clear of [...BLOCKED, ...placed.filter((b) => b !== box)])
            expect(apart(box, clear)).toBe(true);
          expect(box.left + box.width).toBeLessThanOrEqual(AREA.width);
          expect(box.top + box.height).toBeLessThanOrEqual(AREA.height);
        }
      }
  });
});
