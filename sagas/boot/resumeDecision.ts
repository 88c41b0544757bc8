import type { Episode } from '../../src/api/types';
import { atEpisodeEnd, type ResumeDecision } from '../../src/state/resume';
import { storedPositions } from '../lib/storedValues';

/** No episode is this long: with its duration unknown, a saved time past it is not one. */
const LONGEST_EPISODE_S = 24 * 3600;

/**
 * The saved position of an episode: local memory first, then the server's progress unless it was
 * finished. Either is a position only from 1 s to before the episode's last seconds: memory is
 * untrusted, and there is nothing left to continue at the end.
 */
export function savedTimeOf(episode: Episode, storedProgress: string | null): number | null {
  const end = episode.duration > 0 ? episode.duration : LONGEST_EPISODE_S;
  const position = (seconds: unknown) =>
    typeof seconds === 'number' &&
    Number.isFinite(seconds) &&
    seconds >= 1 &&
    !atEpisodeEnd(seconds, end)
      ? Math.floor(seconds)
      : null;
  const local = position(storedPositions(storedProgress)[String(episode.id)]);
  return local ?? (episode.isCompleted ? null : position(episode.watchProgress));
}

/**
 * SPEC.md section 4: the continue prompt shows before the first start when there is no time code
 * and there is a saved time; autoplay happens when the flag is set and there is no saved time to ask about.
 */
export function resumeDecision(
  savedTime: number | null,
  timeCode: number | null,
  autoPlayFlag: boolean,
): ResumeDecision {
  const prompt = savedTime !== null && timeCode === null;
  return {
    savedTime: prompt ? savedTime : null,
    promptVisible: prompt,
    autoplay: autoPlayFlag && !prompt,
  };
}
