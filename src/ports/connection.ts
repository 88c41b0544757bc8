import type { ConnectionPort } from './types';

/**
 * The viewer's connection: what the browser says of it, and whether a host answers at all. The
 * probe is a fetch in no-cors mode: an opaque answer from another origin (no CORS headers needed)
 * still proves the host is reachable, and any HTTP status counts, since only the network is asked.
 */
export function createConnectionPort(): ConnectionPort {
  return {
    online: () => navigator.onLine !== false,
    async probe(url, timeoutMs) {
      try {
        await fetch(url, {
          method: 'HEAD',
          mode: 'no-cors',
          cache: 'no-store',
          credentials: 'omit',
          signal: AbortSignal.timeout(timeoutMs),
        });
        return true;
      } catch {
        return false;
      }
    },
    subscribe(listener) {
      const onOnline = () => listener({ online: true });
      const onOffline = () => listener({ online: false });
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      return () => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      };
    },
  };
}
