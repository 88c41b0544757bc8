import type { MediaSample } from '../ports/types';

/** SPEC.md section 9: the stream loop tick. The media port samples at this pace while playing. */
export const TICK_MS = 100;

/** What the media element and the engine show, before the loop's own count. */
export type RawSample = Omit<MediaSample, 'playedMs'>;

/**
 * The stream loop as the media port runs it: samples every tick, counts the time played, and
 * reports a sample only when what the viewer, the mid-roll watcher or analytics see changes (a new
 * second of position, buffer or duration). Ten reports a second would cost the actors, the flight
 * recorder and the view for nothing: what they show moves in whole seconds.
 */
export function createStreamLoop() {
  let playedMs = 0;
  let second = -1;
  let buffered = -1;
  let duration = -1;
  return {
    /** a new stream: played time from zero, the next tick reported */
    reset() {
      playedMs = 0;
      second = -1;
    },
    /**
     * One tick: whether it is to be reported. Only what is compared is read every tick; the port
     * reads the rest of the sample when it reports.
     */
    tick(currentTime: number, bufferedEnd: number, durationNow: number, paused: boolean): boolean {
      if (!paused) playedMs += TICK_MS;
      const s = Math.floor(currentTime);
      const b = Math.floor(bufferedEnd);
      const d = Math.floor(durationNow);
      if (s === second && b === buffered && d === duration) return false;
      second = s;
      buffered = b;
      duration = d;
      return true;
    },
    /** a sample as reported: with the played time counted so far */
    sample: (raw: RawSample): MediaSample => ({ ...raw, playedMs }),
  };
}
