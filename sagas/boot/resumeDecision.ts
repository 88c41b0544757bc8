import type { Episode } from '../../src/api/types';
import type { ResumeState } from '../../src/state/resume';

/** The saved position of an episode: local memory first, then the server's progress unless it was finished. */
export function savedTimeOf(episode: Episode, storedProgress: string | null): number | null {
  let local: unknown;
  try {
    local = storedProgress
      ? (JSON.parse(storedProgress) as Record<string, unknown>)[String(episode.id)]
      : undefined;
  } catch {
    local = undefined; // unreadable memory is no memory
  }
  const seconds =
    typeof local === 'number' ? local : episode.isCompleted ? null : episode.watchProgress;
  return seconds != null && Number.isFinite(seconds) && seconds >= 1 ? Math.floor(seconds) : null;
}

/**
 * SPEC.md section 4: the continue prompt shows before the first start when there is no time code
 * and there is a saved time; autoplay happens when the flag is set and there is no saved time to ask about.
 */
export function resumeDecision(
  savedTime: number | null,
  timeCode: number | null,
  autoPlayFlag: boolean,
): ResumeState {
  const prompt = savedTime !== null && timeCode === null;
  return {
    savedTime: prompt ? savedTime : null,
    promptVisible: prompt,
    autoplay: autoPlayFlag && !prompt,
  };
}
