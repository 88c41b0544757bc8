import { byViewingOrder, type Episode } from './types';

export interface EpisodeWish {
  episodeId: number | null;
  season: number | null;
  episode: number | null;
}

/** SPEC.md section 4: by id, then by season and episode order, then the first not completed, then the first. */
export function chooseEpisode(episodes: readonly Episode[], wish: EpisodeWish): Episode | null {
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
