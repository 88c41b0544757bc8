// The content <video> element's side of the media port: its events as the port's, and the 100 ms
// stream loop that samples it while it plays.
import { createStreamLoop, TICK_MS, type RawSample } from '../stream/loop';
import type { MediaEvent, MediaSample } from '../shared/media';
import { elementVolume } from './elementVolume';

export const finite = (n: number) => (Number.isFinite(n) ? n : 0);

/** The end of the buffered range the position is in (the position itself when it is in none). */
export function bufferedEnd(video: HTMLVideoElement): number {
  const { buffered, currentTime } = video;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.1 && currentTime <= buffered.end(i))
      return buffered.end(i);
  }
  return currentTime;
}

/** How long a read of the buffer serves the reports while the film plays well inside it. */
const BUFFER_READ_SERVES_MS = 5_000;
/** Closer than this to the buffer's end, each report reads the buffer anew. */
const BUFFER_NEAR_S = 10;

/** After the browser's last progress event, this long until the buffer is looked at once more. */
const PROGRESS_QUIET_MS = 1_000;

/** Seconds of media ahead of the position. */
export const bufferLength = (video: HTMLVideoElement) =>
  Math.max(0, bufferedEnd(video) - video.currentTime);

/**
 * Reports the element's events, and while it plays, a sample every 100 ms (one event, one
 * flight-log entry) when what it shows changes. `bandwidth` is the engine's estimate (0 unknown).
 */
export function watchMediaElement(
  video: HTMLVideoElement,
  emit: (event: MediaEvent) => void,
  bandwidth: () => number,
) {
  const videoEvents: Record<string, () => MediaEvent> = {
    playing: () => ({ type: 'playing' }),
    pause: () => ({ type: 'pause', currentTime: video.currentTime }),
    waiting: () => ({ type: 'waiting' }),
    ended: () => ({ type: 'ended' }),
    seeking: () => ({ type: 'seeking', currentTime: video.currentTime }),
    seeked: () => ({ type: 'seeked', currentTime: video.currentTime }),
    durationchange: () => ({ type: 'durationchange', duration: finite(video.duration) }),
    ratechange: () => ({ type: 'ratechange', rate: video.playbackRate }),
    volumechange: () => ({
      type: 'volumechange',
      volume: elementVolume(video),
      muted: video.muted,
    }),
  };
  for (const [name, toEvent] of Object.entries(videoEvents)) {
    video.addEventListener(name, () => emit(toEvent()));
  }

  function rawSample(end = bufferedEnd(video)): RawSample {
    return {
      currentTime: video.currentTime,
      duration: finite(video.duration),
      bufferedEnd: end,
      paused: video.paused,
      bandwidth: finite(bandwidth()),
    };
  }

  // The loop's reports read the buffer (a dear read, about a fifth of a report) at most every 5 s
  // while the film plays well inside it: it grows a whole segment at a time. Near its end, after a
  // seek, a wait or a new stream, it is read at each report; sample() always reads it.
  let bufferReadEnd = 0;
  let bufferReadAt = -Infinity;
  const forgetBufferRead = () => {
    bufferReadAt = -Infinity;
  };
  const reportedSample = () => {
    const now = performance.now();
    if (
      now - bufferReadAt >= BUFFER_READ_SERVES_MS ||
      bufferReadEnd - video.currentTime < BUFFER_NEAR_S
    ) {
      bufferReadEnd = bufferedEnd(video);
      bufferReadAt = now;
    }
    return rawSample(bufferReadEnd);
  };
  for (const name of ['seeking', 'waiting', 'emptied'])
    video.addEventListener(name, forgetBufferRead);

  const loop = createStreamLoop();
  let ticker: ReturnType<typeof setTimeout> | undefined;
  let lastTickAt = 0;
  const sinceLastTick = () => (performance.now() - lastTickAt) / TICK_MS;
  const stopTicking = () => {
    clearTimeout(ticker);
    ticker = undefined;
  };
  // stopped between ticks (a pause, the end): the whole ticks played since the last count
  const stopPlaying = () => {
    if (ticker === undefined) return;
    stopTicking();
    // a late wake may have counted up to half a tick ahead: never a negative count
    loop.played(Math.max(0, Math.floor(sinceLastTick())));
  };
  // Only the position is read at a tick; the rest of the sample (the buffer is the dear part) when
  // the loop may report. While the film plays on, the loop sleeps through the ticks before its next
  // second (loop.ticksToNextReport); the ticks slept count as played.
  const tickIn = (ticks: number) => {
    ticker = setTimeout(() => {
      const passed = Math.max(1, Math.round(sinceLastTick()));
      // a late wake's milliseconds carry to the next count, not lost once a second
      lastTickAt += passed * TICK_MS;
      // paused with its pause event still to come: it played until just now, the ticks slept too
      if (video.paused) loop.played(passed);
      const sample = loop.tick(video.currentTime, video.paused, reportedSample, passed);
      if (sample) emit({ type: 'tick', sample });
      tickIn(loop.ticksToNextReport(video.playbackRate));
    }, ticks * TICK_MS);
  };
  video.addEventListener('playing', () => {
    if (ticker === undefined) lastTickAt = performance.now();
    stopTicking();
    tickIn(1);
  });
  // a position, a pace or a wait the sleeping loop did not foresee: looked at from the next tick
  for (const name of ['seeking', 'seeked', 'ratechange', 'waiting'])
    video.addEventListener(name, () => {
      if (ticker === undefined) return;
      stopTicking();
      tickIn(1);
    });
  for (const name of ['pause', 'ended', 'emptied']) video.addEventListener(name, stopPlaying);
  // paused, the loop sleeps but the film goes on loading: the progress bar's buffered line follows
  const lookWhilePaused = () => {
    if (ticker !== undefined) return;
    const sample = loop.look(() => rawSample());
    if (sample) emit({ type: 'tick', sample });
  };
  // The browser tells of progress at most every 350 ms, and not once its loading has ended: the
  // last segments (a film's end, appended just before) would go untold. One more look once its
  // events stop.
  let lookAfterProgress: ReturnType<typeof setTimeout> | undefined;
  video.addEventListener('progress', () => {
    lookWhilePaused();
    clearTimeout(lookAfterProgress);
    lookAfterProgress = setTimeout(lookWhilePaused, PROGRESS_QUIET_MS);
  });

  return {
    /** a new stream: its played time from zero */
    reset: () => {
      loop.reset();
      // the old stream's ticks are not the new one's: none counted until the new one plays
      stopTicking();
    },
    sample: (): MediaSample => loop.sample(rawSample()),
  };
}
