// HTTP GET of VAST documents for the inspector, with a timeout and an offline switch that keeps
// every request on this machine.
import type { FetchText, FetchTextResult } from '../../src/vast/resolve';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const MAX_REDIRECTS = 5;

export interface HttpFetchOptions {
  /** refuse (as 'unavailable') every address whose host is not loopback */
  offline: boolean;
  timeoutMs: number;
}

export function isLoopbackUrl(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return (protocol === 'http:' || protocol === 'https:') && LOOPBACK_HOSTS.has(hostname);
  } catch {
    return false;
  }
}

export function httpFetchText({ offline, timeoutMs }: HttpFetchOptions): FetchText {
  return async (url): Promise<FetchTextResult> => {
    const signal = AbortSignal.timeout(timeoutMs);
    const failed = (): FetchTextResult => ({
      ok: false,
      reason: signal.aborted ? 'timeout' : 'unavailable',
    });
    let current = url;
    // Redirects are followed by hand so that the offline rule holds for every hop.
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (offline && !isLoopbackUrl(current)) return { ok: false, reason: 'unavailable' };
      try {
        const response = await fetch(current, { redirect: 'manual', signal });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          current = new URL(location, current).href;
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          return { ok: false, reason: 'unavailable' };
        }
        return { ok: true, text: await response.text() };
      } catch {
        return failed();
      }
    }
    return { ok: false, reason: 'unavailable' };
  };
}
