import type { MediaSample } from '../shared/media';

/** SPEC.md section 9: the stream loop tick. The media port samples at this pace while playing. */
export const TICK_MS = 100;

/** What the media element and the engine show, before the loop's own count. */
export type RawSample = Omit<MediaSample, 'playedMs'>;

/** While the position stands still (a stall), the buffer and duration are looked at this often (ticks). */
const STILL_CHECK_TICKS = 10;
/** The most ticks the loop sleeps through at once (a second's worth at half speed and more). */
const MOST_TICKS_SKIPPED = 20;

/**
 * The stream loop as the media port runs it: samples the position on its tick, counts the time
 * played, and reports a sample only when what the viewer, the mid-roll watcher or analytics see
 * changes: a new second of position (the buffer and duration are read then), or, while the position
 * stands still, a new second of buffer or duration. Ten reports a second would cost the actors, the
 * flight recorder and the view for nothing: what they show moves in whole seconds.
 */
export function createStreamLoop() {
  let playedMs = 0;
  let second = -1;
  let buffered = -1;
  let duration = -1;
  let lastTime = -1;
  let stillTicks = 0;
  /** the last tick saw the position move on, not paused */
  let moving = false;
  const report = (raw: RawSample): MediaSample => {
    buffered = Math.floor(raw.bufferedEnd);
    duration = Math.floor(raw.duration);
    stillTicks = 0;
    return { ...raw, playedMs };
  };
  /**
   * A look at the buffer and duration outside the ticks too (the element's progress while paused,
   * when the loop does not tick): the sample if either moved to a new second, else null.
   */
  const look = (read: () => RawSample): MediaSample | null => {
    const raw = read();
    const moved = Math.floor(raw.bufferedEnd) !== buffered || Math.floor(raw.duration) !== duration;
    return moved ? report(raw) : null;
  };
  return {
    /** a new stream: played time from zero, the next tick reported */
    reset() {
      playedMs = 0;
      second = -1;
      moving = false;
    },
    /**
     * One tick: the sample to report, or null. Only the position is read every tick; `read` (the
     * rest of the sample, the buffer being the dear part) only when a report may be due. `ticks`:
     * how many ticks have passed since the last (more than one when the loop slept through some).
     */
    tick(
      currentTime: number,
      paused: boolean,
      read: () => RawSample,
      ticks = 1,
    ): MediaSample | null {
      if (!paused) playedMs += ticks * TICK_MS;
      const s = Math.floor(currentTime);
      const still = currentTime === lastTime;
      lastTime = currentTime;
      moving = !paused && !still;
      if (s !== second) {
        second = s;
        return report(read());
      }
      if (!still) {
        stillTicks = 0;
        return null;
      }
      stillTicks += ticks;
      if (stillTicks < STILL_CHECK_TICKS) return null;
      stillTicks = 0;
      return look(read);
    },
    look,
    /**
     * How many ticks the loop can sleep before the next that may report: while the film plays on,
     * none before its position reaches the next second (at `rate`), so it wakes about once a second
     * rather than ten times, each wake a cost of its own; while it stands still or pauses, every
     * tick is looked at. The samples still fall on the 100 ms tick (SPEC.md section 9).
     */
    ticksToNextReport(rate: number): number {
      if (!moving || !(rate > 0)) return 1;
      const msToNextSecond = ((second + 1 - lastTime) / rate) * 1000;
      // (less a float error, which would make a whole tick one more)
      return Math.min(MOST_TICKS_SKIPPED, Math.max(1, Math.ceil(msToNextSecond / TICK_MS - 1e-6)));
    },
    /** ticks played without a tick of their own (the loop stopped between two): counted */
    played(ticks: number) {
      playedMs += ticks * TICK_MS;
    },
    /** a sample as reported: with the played time counted so far */
    sample: (raw: RawSample): MediaSample => ({ ...raw, playedMs }),
  };
}
