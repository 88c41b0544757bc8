// The SDK's one error: what a command or `ready` rejects with, and its code.
import type { KnownErrorCode } from './incoming.js';

/**
 * Why a command (or `ready`) failed:
 * - TIMEOUT: the player did not answer in time; NOT_READY: it did not load in time;
 *   DESTROYED: `destroy()` was called;
 * - AD_PLAYING, UNKNOWN_EPISODE, UNKNOWN_QUALITY, UNKNOWN_SUBTITLE_TRACK, UNKNOWN_AUDIO_TRACK,
 *   UNKNOWN_COMMAND, BAD_ARGUMENT, NOT_ALLOWED, NOT_SUPPORTED: the player refused the command
 *   (REFUSED when it gave no reason);
 * - the `error` event's codes (MOVIE_ID_MISSING, CONTENT_NOT_FOUND, ...): the player cannot play, so
 *   `ready` and the commands waiting for it are rejected.
 */
export type PlayerErrorCode = KnownErrorCode;

export class PlayerError extends Error {
  constructor(
    readonly code: PlayerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PlayerError';
  }
}

/** What a removed player's commands and ready reject with. */
export const destroyedError = () => new PlayerError('DESTROYED', 'The player was removed');
