// The page's handlers of the player's events, by event ('*': all). Each handler runs on its own: one
// that throws is reported, and the others still hear the event.
import type { PlayerEventName, PlayerEvents } from '../shared/protocol.js';
import type { PlayerOptions } from './options.js';

/** A handler of one event: its data, as the protocol gives it, and its name. */
export type EventHandler<K extends PlayerEventName> = (data: PlayerEvents[K], event: K) => void;
/** A handler of every event ('*'). */
export type AnyEventHandler = (data: PlayerEvents[PlayerEventName], event: PlayerEventName) => void;

/** any handler, as they are kept */
export type Handler = (data: unknown, event: PlayerEventName) => void;

export class EventHandlers {
  private readonly handlers = new Map<string, Map<Handler, { once: boolean }>>();
  /** the player was removed: no handler is added or called any more */
  private closed = false;

  constructor(private readonly options: PlayerOptions) {}

  /** Adds a handler; returns the function that removes it. */
  listen(event: string, handler: Handler, once: boolean): () => void {
    if (this.closed) return () => undefined;
    const handlers = this.handlers.get(event) ?? new Map<Handler, { once: boolean }>();
    this.handlers.set(event, handlers);
    const entry = { once };
    handlers.set(handler, entry);
    return () => {
      if (handlers.get(handler) === entry) handlers.delete(handler);
    };
  }

  off(event: string, handler: Handler): void {
    this.handlers.get(event)?.delete(handler);
  }

  /** Each handler on its own: one that throws is reported, and the others still hear the event. */
  emit(name: PlayerEventName, data: unknown) {
    for (const key of [name, '*']) {
      const handlers = this.handlers.get(key);
      if (!handlers) continue;
      for (const [handler, { once }] of [...handlers]) {
        if (this.closed) return; // a handler destroyed the player
        if (!handlers.has(handler)) continue; // removed by a handler before it
        if (once) handlers.delete(handler);
        try {
          handler(data, name);
        } catch (error) {
          this.handlerFailed(error, name);
        }
      }
    }
  }

  /** The player removed: its handlers forgotten. */
  close() {
    this.closed = true;
    this.handlers.clear();
  }

  private handlerFailed(error: unknown, event: PlayerEventName) {
    try {
      if (this.options.onHandlerError) this.options.onHandlerError(error, event);
      else console.error(`kino-player: a handler of "${event}" threw`, error);
    } catch {
      // the report itself failing stops nothing either
    }
  }
}
