import { call, put, select, take } from 'typed-redux-saga';
import type { PlayerState } from '../../src/state';
import { adsActions } from '../../src/state/ads';
import { mediaActions } from '../../src/state/playback';
import { selectFirstFrameSettled, systemActions } from '../../src/state/system';
import { anyOf } from '../lib/anyOf';
import { getPorts } from '../lib/context';

/**
 * From the first `playing` to the settle. The frame reaches the screen some tens of ms after that
 * event; work done in the event's own task delays it (docs/startup.md).
 */
export const FIRST_FRAME_SETTLE_MS = 250;

/**
 * The film or an advert shows a picture: an advert's `playing`, or its position moving on (a VPAID
 * advert may play without ever saying so).
 */
const pictureShown = (s: PlayerState) =>
  s.media.started || s.ads.ad?.status === 'playing' || (s.ads.ad?.currentTime ?? 0) > 0;
const pictureStarts = anyOf([
  mediaActions.playing.type,
  adsActions.adPlaying.type,
  adsActions.adProgressed.type,
]);

/**
 * The first-frame actor: says once, a moment after the session's first picture (the film's or a
 * pre-roll's), that it has settled. The actors with nothing to do before the viewer sees a picture
 * wait for that (`untilFirstFrameSettled`) rather than working in the task of the `playing` event.
 */
export function* firstFrameActor() {
  if (yield* select(selectFirstFrameSettled)) return;
  while (!(yield* select(pictureShown))) yield* take(pictureStarts);
  const { clock } = yield* getPorts();
  yield* call([clock, clock.sleep], FIRST_FRAME_SETTLE_MS);
  yield* put(systemActions.firstFrameSettled());
}
