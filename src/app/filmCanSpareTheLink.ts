// When what the first frame did not need may take the link: the interface's bundle (97 KB), axios
// and Sentry. On a slow link each shares it with the segment the film plays next, and taken right at
// the first frame they ran the film dry (2.5 s on a recorded 0.5 Mbit/s line, fcc-8996-facebook).
import type { PlayerState } from '../state';

/** This much film buffered ahead: on a fast link a fraction of a second after the first frame. */
export const SPARE_BUFFERED_AHEAD_S = 8;

/**
 * The film plays on with room to spare, or is stopped (paused, at its end). Not while it waits for
 * data: the link is then short of its segment already.
 */
export const filmCanSpareTheLink = (media: PlayerState['media']) =>
  media.paused ||
  media.ended ||
  media.bufferedEnd - media.currentTime >= SPARE_BUFFERED_AHEAD_S ||
  (media.duration > 0 && media.bufferedEnd >= media.duration - 0.5);
