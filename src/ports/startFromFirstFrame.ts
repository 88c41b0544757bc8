// The first play of a film hls.js feeds waits until the element can play. A stream's first segment
// often begins a few hundredths of a second after 0 (AAC priming: 0.046 s on an ffmpeg ladder).
// Left paused, the browser starts its pipeline at 0 and takes that segment's first frame; but a
// play asked before the pipeline is ready (Chromium waits for its audio output on a cold start)
// leaves the playhead standing at 0 with the film buffered, and hls.js's gap controller seeks
// over the gap: that seek, in a pipeline not yet started, holds the picture up to two seconds and
// was the one stall at the start that bare hls.js pages had less often (bench: abr, "What stands
// in the way"). Waiting for canplay, nothing stands and nothing is skipped.

/** HTMLMediaElement.HAVE_FUTURE_DATA: the element could play now */
const HAVE_FUTURE_DATA = 3;
/** film buffered this long without canplay (a start gap the browser will not cross): play anyway */
export const BUFFERED_GRACE_MS = 1000;
/** nothing buffered this long after the play was asked: play anyway, as before */
export const LONGEST_WAIT_MS = 8000;
const POLL_MS = 100;

/** a play this soon after the viewer's own click, tap or key in the player's page is theirs */
export const GESTURE_MS = 1000;

/**
 * When the viewer last clicked, tapped or pressed a key in this document. Safari allows sound only
 * to a play() made in the viewer's gesture, so such a play goes at once. (The browser's own
 * `navigator.userActivation` cannot tell: a page opened from the address bar counts as activated
 * for its first seconds, and a host page's click never reaches the player's frame.)
 */
export function watchViewerInput(doc: Document): () => number {
  let last = -Infinity;
  const seen = () => {
    last = Date.now();
  };
  for (const type of ['pointerdown', 'pointerup', 'click', 'keydown', 'touchend'])
    doc.addEventListener(type, seen, { capture: true, passive: true });
  return () => last;
}

/**
 * Whether a play must wait: the first of the load (nothing played yet), before the element can
 * play, and not in the viewer's gesture.
 */
export function shouldWaitToStart(video: HTMLVideoElement, lastInputAt: number): boolean {
  const inGesture = Date.now() - lastInputAt < GESTURE_MS;
  return !inGesture && video.played.length === 0 && video.readyState < HAVE_FUTURE_DATA;
}

/**
 * Resolves when the element can play (canplay), when film has been buffered for BUFFERED_GRACE_MS
 * without it, after LONGEST_WAIT_MS, or at once when `signal` is aborted (a pause, the stream actor's unload).
 */
export function untilStartable(video: HTMLVideoElement, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const askedAt = Date.now();
    let bufferedAt: number | null = null;
    const done = () => {
      clearInterval(poll);
      video.removeEventListener('canplay', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const poll = setInterval(() => {
      const now = Date.now();
      // a reload empties the buffer: its grace starts again with the new load's first data
      if (video.buffered.length === 0) bufferedAt = null;
      else bufferedAt ??= now;
      if (video.readyState >= HAVE_FUTURE_DATA) done();
      else if (bufferedAt !== null && now - bufferedAt >= BUFFERED_GRACE_MS) done();
      else if (bufferedAt === null && now - askedAt >= LONGEST_WAIT_MS) done();
    }, POLL_MS);
    video.addEventListener('canplay', done);
    signal.addEventListener('abort', done);
    if (signal.aborted) done();
  });
}
