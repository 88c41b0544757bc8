import type { PlayerState } from './index';

export const selectContent = (s: PlayerState) => s.content.content;

export const selectCurrentEpisode = (s: PlayerState) =>
  s.content.episodes.find((e) => e.id === s.content.currentEpisodeId) ?? null;

/** Whole seconds only, so a time display re-renders once a second, not on every timeupdate. */
export const selectCurrentSecond = (s: PlayerState) => Math.floor(s.media.currentTime);
export const selectDurationSecond = (s: PlayerState) => Math.floor(s.media.duration);

/** Episodes in viewing order: by season, then by episode. */
export const selectEpisodesInOrder = (s: PlayerState) =>
  [...s.content.episodes].sort((a, b) => a.season.order - b.season.order || a.order - b.order);

/** The episode after the current one, for the next-episode card and the end of an episode. */
export const selectNextEpisode = (s: PlayerState) => {
  const ordered = selectEpisodesInOrder(s);
  const index = ordered.findIndex((e) => e.id === s.content.currentEpisodeId);
  return index >= 0 ? (ordered[index + 1] ?? null) : null;
};
