import type { StatsPort } from './types';

/**
 * SPEC.md section 7: analytics go through a global statistics function. The player calls it by this
 * name, with the event name and its payload, when the page that runs the player defines it.
 */
export const STATISTICS_FUNCTION = 'videoplayerStatistics';

type StatisticsFunction = (event: string, payload: Record<string, unknown>) => void;

export function createStatsPort(): StatsPort {
  return {
    send(event, payload) {
      const send = (window as unknown as Record<string, unknown>)[STATISTICS_FUNCTION];
      if (typeof send !== 'function') return false;
      try {
        (send as StatisticsFunction)(event, payload);
        return true;
      } catch {
        return false; // the statistics script's failure is never the viewer's
      }
    },
  };
}
