import type { PagePort } from './types';

/** visibilitychange and pagehide, as one hidden/visible event. */
export function createPagePort(): PagePort {
  return {
    subscribe(listener) {
      const onVisibility = () => listener({ hidden: document.visibilityState === 'hidden' });
      const onHide = () => listener({ hidden: true });
      document.addEventListener('visibilitychange', onVisibility);
      // A player loaded in a background tab starts hidden: its actors must know.
      // (reported just after subscribing, as events always are)
      if (document.visibilityState === 'hidden') queueMicrotask(() => listener({ hidden: true }));
      window.addEventListener('pagehide', onHide);
      return () => {
        document.removeEventListener('visibilitychange', onVisibility);
        window.removeEventListener('pagehide', onHide);
      };
    },
  };
}
