import type { StatsPort } from './types';
import { STATISTICS_FUNCTION } from '../shared/protocol';

// SPEC.md section 7: analytics go through a global statistics function (its name is the host
// protocol's). The player calls it with the event name and its payload when the page that runs the
// player defines it.

export function createStatsPort(): StatsPort {
  return {
    send(event, payload) {
      // whatever the page left under that name: only a function is called, anything else is none
      const send: unknown = Reflect.get(window, STATISTICS_FUNCTION);
      if (typeof send !== 'function') return false;
      try {
        Reflect.apply(send, undefined, [event, payload]);
        return true;
      } catch {
        return false; // the statistics script's failure is never the viewer's
      }
    },
  };
}
