// The manifest this film reached last time on this device, for the page's first script: a viewer who
// comes back (the next evening, the next episode of a series they are in the middle of) has its
// first loads started beside the catalog's answers, two round trips sooner than the chain that reads
// the catalog and the master JSON first. Only the early start reads and writes it; the actors make
// their requests from the catalog as always, and take what the guess fetched when it was right.
import { createStoragePort } from '../ports/storage';
import { isRecord } from '../shared/isRecord';

export const STREAM_GUESS_KEY = 'player-stream-guess';

/** The manifest remembered for this film, or null (another film's, none, or unreadable). */
export function guessedManifest(movieId: number): string | null {
  try {
    const stored: unknown = JSON.parse(createStoragePort().get(STREAM_GUESS_KEY) ?? 'null');
    if (!isRecord(stored) || stored.movieId !== movieId) return null;
    return typeof stored.manifest === 'string' ? stored.manifest : null;
  } catch {
    return null;
  }
}

/** Remembers the manifest the catalog led to for this film: the last film only, one small entry. */
export function rememberManifest(movieId: number, manifest: string): void {
  createStoragePort().set(STREAM_GUESS_KEY, JSON.stringify({ movieId, manifest }));
}
