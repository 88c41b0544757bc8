import { originOf } from '../shared/address';
import { MAX_MESSAGE_CHARS } from '../bridge/messageLimits';
import type { ParentMessage, ParentPort } from './types';

/** The embedding page's origin, as far as the browser tells it; null outside a frame. */
export function parentOrigin(): string | null {
  if (window.parent === window) return null;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  return originOf(document.referrer);
}

/** A message's data as plain JSON data (it enters the flight log), or null past the size limit. */
function plainData(data: unknown): unknown {
  try {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    if (text === undefined || text.length > MAX_MESSAGE_CHARS) return null;
    return typeof data === 'string' ? data : (JSON.parse(text) as unknown);
  } catch {
    return null; // cyclic, a BigInt, a transferable: nothing the bridge reads
  }
}

/**
 * Messages a second that reach the bridge; past it, a flood is dropped unread and only counted (with
 * the next message let through), so it can neither keep the main thread busy nor push the session's
 * history out of the flight log. A host page talking to the player sends a few a second.
 */
export const MESSAGES_PER_SECOND = 50;

const isOwnChildFrame = (source: MessageEventSource | null) => {
  for (let i = 0; i < window.frames.length; i++) if (window.frames[i] === source) return true;
  return false;
};

/**
 * The browser adapter of the parent port. Every message from outside reaches the bridge, which
 * decides (source window, origin, shape); the player's own frames (the VPAID creative) have their
 * own port.
 */
export function createParentPort(): ParentPort {
  return {
    embedderOrigin: parentOrigin,
    frameUrl: () => location.href,
    post(message, targetOrigin) {
      if (window.parent !== window) window.parent.postMessage(message, targetOrigin);
    },
    subscribe(listener) {
      let second = 0;
      let passed = 0;
      let dropped = 0;
      const onMessage = (event: MessageEvent) => {
        if (isOwnChildFrame(event.source)) return;
        const now = Math.floor(performance.now() / 1000);
        if (now !== second) {
          second = now;
          passed = 0;
        }
        if (++passed > MESSAGES_PER_SECOND) {
          dropped += 1;
          return;
        }
        const fromParent = window.parent !== window && event.source === window.parent;
        // another window's message is only counted: its content never enters the flight log
        const message: ParentMessage = {
          data: fromParent ? plainData(event.data) : null,
          origin: event.origin,
          fromParent,
          ...(dropped > 0 ? { dropped } : {}),
        };
        dropped = 0;
        listener(message);
      };
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    },
  };
}
