/** Marks every message the player and its host exchange. */
export const PROTOCOL = 'kino-player';
