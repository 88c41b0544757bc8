// Industry icons of one linear ad (VAST 4.3 sections 2.3.7 and 3.11): which the ad draws, when each
// is on screen on the ad's own time, its view told once, its click tracked, and a fallback image
// where it has no click-through. The ad loop tells the keeper what it sees; the ad layer draws what
// the state says (src/components/AdIcons.tsx).
import type { SagaIterator } from 'redux-saga';
import { call, put } from 'typed-redux-saga';
import { adsActions, type AdIconView } from '../../src/state/ads';
import {
  chooseFallbackImage,
  chooseIcons,
  drawableResource,
  iconChoiceNeedsPixelRatio,
} from '../../src/vast/icons';
import type { VastIcon } from '../../src/vast/model';
import { getPorts } from '../lib/context';
import type { AdTracking } from './tracking';

/** Media times are floating point: an offset of 2 s is reached at a reported 1.9999999. */
const TIME_NOISE_S = 1e-6;

/** What the ad loop tells the icons of one ad. */
export interface IconKeeper {
  /** the advert showed its first frame, at this second of its time: icons may show from now on */
  started(seconds: number): SagaIterator<void>;
  /** the advert played to this second of its time */
  playedTo(seconds: number): SagaIterator<void>;
  /** the viewer clicked the icon at this place of the ad's icons */
  clicked(index: number): SagaIterator<void>;
}

const NO_ICONS: IconKeeper = {
  *started() {},
  *playedTo() {},
  *clicked() {},
};

/** Whether an icon is on screen at this second of the ad: from its offset, for its duration. */
export function iconOnAt(icon: Pick<VastIcon, 'offsetSec' | 'durationSec'>, seconds: number) {
  const from = icon.offsetSec ?? 0;
  if (seconds < from - TIME_NOISE_S) return false;
  return icon.durationSec === null || seconds < from + icon.durationSec - TIME_NOISE_S;
}

function iconView(icon: VastIcon, index: number): AdIconView | null {
  const resource = drawableResource(icon);
  if (!resource) return null;
  return {
    index,
    program: icon.program,
    width: icon.width,
    height: icon.height,
    xPosition: icon.xPosition,
    yPosition: icon.yPosition,
    resource,
    altText: icon.altText,
    hoverText: icon.hoverText,
    clickThrough: icon.clickThrough,
    clickable:
      icon.clickThrough !== null ||
      icon.clickTracking.length > 0 ||
      icon.clickFallbackImages.length > 0,
    shown: false,
  };
}

/**
 * One ad's icons. One per program is chosen as the ad's session opens (the device asked for its
 * pixel ratio only when a program has versions for different ones) and put in the state, for an ad
 * that has any. Each shows once the ad has started, from its offset for its duration on the ad's own
 * time (for the whole ad without a duration), so a pause holds it as it is; its IconViewTracking fires
 * once, when it first shows. A click on one shown fires its IconClickTracking once per ad; with a
 * click-through the ad layer opens it and the ad pauses as for its own click-through (the reducer),
 * else the best fitting of its fallback images is shown over the ad, which holds paused until the
 * image is closed (selectAdWanted).
 */
export function* adIcons(
  icons: readonly VastIcon[],
  track: Pick<AdTracking, 'iconView' | 'iconClick'>,
): SagaIterator<IconKeeper> {
  if (icons.length === 0) return NO_ICONS;
  let pixelRatio = 1;
  if (iconChoiceNeedsPixelRatio(icons)) {
    const { device } = yield* getPorts();
    pixelRatio = (yield* call([device, device.describe])).screen.pixelRatio;
  }
  const views = chooseIcons(icons, pixelRatio).flatMap((index) => {
    const icon = icons[index];
    const view = icon ? iconView(icon, index) : null;
    return view ? [view] : [];
  });
  if (views.length === 0) return NO_ICONS;
  yield* put(adsActions.iconsChosen({ icons: views }));
  let started = false;
  let shown: number[] = [];

  const keeper: IconKeeper = {
    *started(seconds) {
      started = true;
      yield* keeper.playedTo(seconds);
    },
    *playedTo(seconds) {
      if (!started) return;
      const now = views
        .filter(({ index }) => iconOnAt(icons[index] as VastIcon, seconds))
        .map(({ index }) => index);
      if (now.length === shown.length && now.every((index, i) => shown[i] === index)) return;
      shown = now;
      yield* put(adsActions.iconsShown({ indices: now }));
      for (const index of now) yield* track.iconView(index); // once per icon: the tracking's own rule
    },
    *clicked(index) {
      const icon = icons[index];
      if (!icon || !shown.includes(index)) return; // a click that came after the icon went
      yield* track.iconClick(index);
      if (icon.clickThrough !== null || icon.clickFallbackImages.length === 0) return;
      const { adMedia } = yield* getPorts();
      const area = yield* call([adMedia, adMedia.size]);
      const image = chooseFallbackImage(icon.clickFallbackImages, area);
      if (image) yield* put(adsActions.iconFallbackOpened({ index, image }));
    },
  };
  return keeper;
}
