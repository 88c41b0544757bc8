// When what the first frame did not need may take the link: the interface's bundle (97 KB), axios
// and Sentry. On a slow link each shares it with the segment the film plays next, and taken right at
// the first frame they ran the film dry (2.5 s on a recorded 0.5 Mbit/s line, fcc-8996-facebook).
import type { PlayerState } from '../state';

/**
 * This much film buffered ahead: more than the one segment a slow link has at its first frame (4 s
 * on the usual ladders), which a fast link has a moment after it.
 */
export const SPARE_BUFFERED_AHEAD_S = 6;

/** What the film holds ahead of its playhead. */
export interface FilmBuffer {
  aheadS(): number;
  /** buffered to its end */
  whole(): boolean;
}

/** The store's copy, as the stream loop tells it: anew only as the shown second changes. */
export const bufferOfState = (media: PlayerState['media']): FilmBuffer => ({
  aheadS: () => media.bufferedEnd - media.currentTime,
  whole: () => media.duration > 0 && media.bufferedEnd >= media.duration - 0.5,
});

/** The film's element itself, read when asked: a fast link's buffer fills within that second. */
export function bufferOfElement(video: HTMLMediaElement): FilmBuffer {
  const end = () => {
    const ranges = video.buffered;
    for (let i = 0; i < ranges.length; i++)
      if (ranges.start(i) <= video.currentTime + 0.5 && video.currentTime <= ranges.end(i))
        return ranges.end(i);
    return video.currentTime;
  };
  return {
    aheadS: () => end() - video.currentTime,
    whole: () => video.duration > 0 && end() >= video.duration - 0.5,
  };
}

/**
 * The film plays on with room to spare, or is stopped (paused, at its end). Not while it waits for
 * data: the link is then short of its segment already.
 */
export const filmCanSpareTheLink = (
  media: PlayerState['media'],
  buffer: FilmBuffer = bufferOfState(media),
) => media.paused || media.ended || buffer.aheadS() >= SPARE_BUFFERED_AHEAD_S || buffer.whole();
