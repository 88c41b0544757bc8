import type { PlayerState } from './index';

export const selectContent = (s: PlayerState) => s.content.content;

export const selectCurrentEpisode = (s: PlayerState) =>
  s.content.episodes.find((e) => e.id === s.content.currentEpisodeId) ?? null;

/** Whole seconds only, so a time display re-renders once a second, not on every timeupdate. */
export const selectCurrentSecond = (s: PlayerState) => Math.floor(s.media.currentTime);
export const selectDurationSecond = (s: PlayerState) => Math.floor(s.media.duration);
