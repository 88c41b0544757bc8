// SPEC.md section 7: the page's own statistics function (window[STATISTICS_FUNCTION]) gets the
// player's analytics events.
import { STATISTICS_FUNCTION } from '../shared/protocol.js';
import { readAnalytics } from './incoming.js';

/** Hands an `analytics` event's data to the page's statistics function, if the page has one. */
export function toStatistics(window: Window, data: unknown) {
  const analytics = readAnalytics(data);
  const statistics: unknown = Reflect.get(window, STATISTICS_FUNCTION);
  if (!analytics || typeof statistics !== 'function') return;
  try {
    Reflect.apply(statistics, undefined, [analytics.event, analytics.payload]);
  } catch {
    // the page's statistics script failing is not the player's concern
  }
}
