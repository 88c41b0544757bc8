// What the error reports may cost the viewer: how many go at once, and which requests get a span of
// the traces. Pure, and loaded with Sentry (sentryClient.ts), not with the player's start.
import type { PlayerConfig } from '../shared/config';

/**
 * Reports on their way at once, at most (Sentry's own default is 64): an error-report host that
 * hangs holds each one, its flight log up to REPORT_LOG_LIMIT_BYTES, and past this they are dropped
 * rather than kept in the viewer's memory.
 */
export const REPORTS_IN_FLIGHT = 8;
/**
 * Page errors (a script of the page's that throws, a promise nobody waits on) reported at once, at
 * most, then one a minute. Each report packs the whole flight log again, a main-thread cost that
 * grows with the session: a script failing on every call (a host's analytics script whose host
 * refuses, test/e2e/sinksDown.test.ts) had the player's main thread packing back to back, in tasks
 * of 200-400 ms once the log was 2-3 MB (longer as it grows to its limit), and would upload a log
 * for each. The others are dropped (Sentry counts them among its client outcomes). The player's own
 * reports (crashes, failures) are few by design and all go.
 */
export const PAGE_ERROR_REPORTS = { burst: REPORTS_IN_FLIGHT, everyMs: 60_000 };

/** A token bucket: `burst` at once, then one every `everyMs`. */
export function reportBudget(
  { burst, everyMs }: { burst: number; everyMs: number },
  now: () => number = () => performance.now(),
) {
  let tokens = burst;
  let at = now();
  return {
    /** whether one more report may go now (and it is counted) */
    take(): boolean {
      const t = now();
      tokens = Math.min(burst, tokens + (t - at) / everyMs);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/** A film's playlists, segments, keys, subtitles and pictures, by their file's kind. */
const MEDIA_FILE = /\.(m3u8|ts|m4s|mp4|m4a|m4v|aac|mp3|vtt|webvtt|key|jpe?g|png|webp)$/i;

/**
 * Whether a request gets a span of the traces: only the player's services (the catalog and the ad
 * list), never a film's media (hls.js asks for a segment every few seconds, and each span would be
 * an upload of its own, crowding the error reports out of REPORTS_IN_FLIGHT) nor the page's other
 * requests.
 */
export function spanWorthy(config: Pick<PlayerConfig, 'envBaseUrl' | 'envAdListUrl'>) {
  const origins = new Set(
    [config.envBaseUrl, config.envAdListUrl].flatMap((address) => {
      try {
        return [new URL(address).origin];
      } catch {
        return [];
      }
    }),
  );
  return (url: string) => {
    try {
      const { origin, pathname } = new URL(url, location.href);
      return origins.has(origin) && !MEDIA_FILE.test(pathname);
    } catch {
      return false;
    }
  };
}
