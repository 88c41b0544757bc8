// What a player of the SDK may be told when it is made, and the time limits it has by default.
import type { PlayerEventName } from '../shared/protocol.js';

/** A command the player does not answer within this (ms) is rejected with TIMEOUT... */
export const ANSWER_TIMEOUT_MS = 10_000;
/** ...and one made while the player has not loaded within this (ms), with NOT_READY. */
export const READY_TIMEOUT_MS = 30_000;

export interface PlayerOptions {
  /** the player's page (its index.html); needed to make a frame, not to attach to one */
  playerUrl?: string;
  /** how long a command waits for its answer (ms); ANSWER_TIMEOUT_MS by default */
  answerTimeoutMs?: number;
  /** how long a command waits for the player to load (ms); READY_TIMEOUT_MS by default */
  readyTimeoutMs?: number;
  /** told when an event handler throws (the other handlers still run); console.error by default */
  onHandlerError?: (error: unknown, event: PlayerEventName) => void;
}

export interface MountOptions extends PlayerOptions {
  playerUrl: string;
  /** where to look for `data-kino-player` elements; the document by default */
  root?: ParentNode;
}
