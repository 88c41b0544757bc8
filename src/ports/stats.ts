import type { StatsPort } from './types';
import { STATISTICS_FUNCTION } from '../shared/protocol';

// SPEC.md section 7: analytics go through a global statistics function (its name is the host
// protocol's). The player calls it with the event name and its payload when the page that runs the
// player defines it.

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
