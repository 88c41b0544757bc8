import type { WakeLockOutcome, WakeLockPort } from './types';

/**
 * The Screen Wake Lock API. One lock at most: a request while one is held or asked for answers with
 * that one. The browser lets the lock go when the page is hidden; that, and only that, is an event.
 */
export function createWakeLockPort(): WakeLockPort {
  const listeners = new Set<(event: { type: 'released' }) => void>();
  let sentinel: WakeLockSentinel | null = null;
  let asking: Promise<WakeLockOutcome> | null = null;
  let wanted = false;

  async function ask(): Promise<WakeLockOutcome> {
    try {
      const lock = await navigator.wakeLock.request('screen');
      if (!wanted) {
        // released while the browser was deciding
        lock.release().catch(() => undefined);
        return 'cancelled';
      }
      sentinel = lock;
      lock.addEventListener('release', () => {
        if (sentinel !== lock) return; // the player's own release
        sentinel = null;
        listeners.forEach((l) => l({ type: 'released' }));
      });
      return 'held';
    } catch {
      // NotAllowedError: a policy of the embedding page, a hidden page, a battery saver
      return 'refused';
    } finally {
      asking = null;
    }
  }

  return {
    request() {
      wanted = true;
      if (sentinel && !sentinel.released) return Promise.resolve('held');
      if (typeof navigator === 'undefined' || !navigator.wakeLock?.request)
        return Promise.resolve('unsupported');
      asking ??= ask();
      return asking;
    },
    release() {
      wanted = false;
      const lock = sentinel;
      sentinel = null;
      lock?.release().catch(() => undefined);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
