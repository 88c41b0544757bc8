// Before the viewer's first play the film buffers only its start. hls.js buffers as far ahead as it
// would while playing (30 s at least, up to a minute and more of a high rung: 60 MB of 1080p), so an
// embed the viewer never plays cost that much of their data, and the segments still coming in when
// they clicked play took the main thread from the pre-roll's first frame.
import type Hls from 'hls.js';

/**
 * How far ahead the film buffers before its first play: two segments of the usual 4 s ladders, and
 * the one that takes it past this (hls.js loads another segment while less than this is ahead).
 */
export const PRELOAD_AHEAD_S = 8;

/**
 * Caps hls.js's buffer target while the element has not played, and lifts it at its first play
 * (content held for a pre-roll buffers its start only, leaving the link to the advert). Returns the
 * undo, for the engine's end.
 */
export function capPreloadUntilPlay(hls: Hls, video: HTMLMediaElement): () => void {
  if (!video.paused) return () => undefined;
  const target = hls.config.maxMaxBufferLength;
  hls.config.maxMaxBufferLength = Math.min(target, PRELOAD_AHEAD_S);
  const lift = () => {
    hls.config.maxMaxBufferLength = target;
  };
  video.addEventListener('play', lift, { once: true });
  return () => video.removeEventListener('play', lift);
}
