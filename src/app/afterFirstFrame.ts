import type { Middleware } from '@reduxjs/toolkit';
import type { PlayerState } from '../state';
import { adsActions } from '../state/ads';
import { systemActions } from '../state/system';
import { filmCanSpareTheLink, type FilmBuffer } from './filmCanSpareTheLink';

/**
 * What comes after the first frame (Sentry, axios) starts this long after the first `playing` (the
 * frame is on screen about 100 ms after it), then when the main thread is idle: Sentry's start, its
 * replay's first snapshot of the page among it, is 40-70 ms of main-thread work, which must not
 * delay the first frame's paint.
 */
const START_AFTER_FIRST_FRAME_MS = 1_000;
const IDLE_WAIT_LIMIT_MS = 2_000;

/**
 * Runs `start` once, after the first frame of an advert, or of the film once it can spare the link
 * (filmCanSpareTheLink.ts), or at once when the boot or the stream has failed before it (there will
 * be no frame to wait for).
 */
export function afterFirstFrame(
  start: () => void,
  buffer?: FilmBuffer,
): Middleware<object, PlayerState> {
  let started = false;
  const startOnce = (delayMs: number) => {
    if (started) return;
    started = true;
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(start, { timeout: IDLE_WAIT_LIMIT_MS });
      else start(); // WebKit has no idle callbacks
    }, delayMs);
  };
  return (api) => (next) => (action) => {
    const result = next(action);
    const { media } = api.getState();
    // checked on each action: the stream loop's come at least once a second while the film plays
    const filmSpares = !started && media.started && filmCanSpareTheLink(media, buffer);
    if (filmSpares || adsActions.adStarted.match(action)) startOnce(START_AFTER_FIRST_FRAME_MS);
    if (systemActions.bootFailed.match(action) || systemActions.playbackFailed.match(action))
      startOnce(0);
    return result;
  };
}
