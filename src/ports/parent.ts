import type { ParentPort } from './types';

/** The embedding page's origin, as far as the browser tells it; null outside a frame. */
export function parentOrigin(): string | null {
  if (window.parent === window) return null;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** The browser adapter of the parent port: posts only to the embedding page's origin, never '*'. */
export function createParentPort(): ParentPort {
  const origin = parentOrigin();
  return {
    post(message) {
      if (origin) window.parent.postMessage(message, origin);
    },
    subscribe(listener) {
      const onMessage = (event: MessageEvent) => {
        if (event.source === window.parent && event.origin === origin)
          listener(event.data, event.origin);
      };
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    },
  };
}
