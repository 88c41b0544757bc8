import { byViewingOrder, type Episode, type InViewingOrder } from './types';

/**
 * What the choice reads of an episode: of the catalog's, checked by EpisodesSchema, or of the page's
 * first script's own reading (earlyStart.ts), which has no schema library.
 */
export type ChoosableEpisode = InViewingOrder & Pick<Episode, 'id' | 'isCompleted'>;

export interface EpisodeWish {
  episodeId: number | null;
  season: number | null;
  episode: number | null;
}

/** SPEC.md section 4: by id, then by season and episode order, then the first not completed, then the first. */
export function chooseEpisode<E extends ChoosableEpisode>(
  episodes: readonly E[],
  wish: EpisodeWish,
): E | null {
  const inOrder = [...episodes].sort(byViewingOrder);
  return (
    (wish.episodeId != null ? inOrder.find((e) => e.id === wish.episodeId) : undefined) ??
    (wish.season != null
      ? inOrder.find((e) => e.season.order === wish.season && e.order === (wish.episode ?? 1))
      : undefined) ??
    inOrder.find((e) => !e.isCompleted) ??
    inOrder[0] ??
    null
  );
}
