import type { Middleware } from '@reduxjs/toolkit';

type SeenAction = { type: string; payload?: unknown };

/**
 * Lets QA scripts wait for a named action (inbound or put by an actor) without fixed sleeps: a
 * middleware that hands each action to whoever waits for its type.
 */
export function createActionTap() {
  const waiting = new Set<{ type: string; resolve: (action: SeenAction) => void }>();
  const middleware: Middleware = () => (next) => (action) => {
    const result = next(action);
    for (const w of waiting) {
      if (w.type === (action as SeenAction).type) {
        waiting.delete(w);
        w.resolve(action as SeenAction);
      }
    }
    return result;
  };
  /** The next action of this type, after it reached the state; rejects after timeoutMs. */
  function waitFor(type: string, timeoutMs = 10_000): Promise<SeenAction> {
    return new Promise((resolve, reject) => {
      const entry = {
        type,
        resolve: (action: SeenAction) => {
          clearTimeout(timer);
          resolve(action);
        },
      };
      const timer = setTimeout(() => {
        waiting.delete(entry);
        reject(new Error(`No ${type} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.add(entry);
    });
  }
  return { middleware, waitFor };
}
