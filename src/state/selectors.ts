import { createSelector } from '@reduxjs/toolkit';
import { byViewingOrder } from '../api/types';
import type { PlayerState } from './index';

/** The whole state, for an actor that reads several slices at once. */
export const selectPlayerState = (s: PlayerState) => s;

export const selectContent = (s: PlayerState) => s.content.content;

export const selectCurrentEpisode = (s: PlayerState) =>
  s.content.episodes.find((e) => e.id === s.content.currentEpisodeId) ?? null;

/** The height of the quality level playing, null before the levels are known. */
export const selectCurrentHeight = (s: PlayerState) =>
  s.stream.levels[s.stream.currentLevel]?.height ?? null;

/** The quality as the host page hears it: level, height, and whether it is automatic. */
export const selectQuality = (s: PlayerState) => ({
  level: s.stream.currentLevel,
  height: selectCurrentHeight(s),
  auto: s.stream.autoLevel,
});

/** Whole seconds only, so a time display re-renders once a second, not on every timeupdate. */
export const selectCurrentSecond = (s: PlayerState) => Math.floor(s.media.currentTime);
export const selectDurationSecond = (s: PlayerState) => Math.floor(s.media.duration);

/** The controls (and the title) hide while playing when the ui actor says so, never over a menu. */
export const selectControlsHidden = (s: PlayerState) =>
  !s.ui.controlsVisible && !s.media.paused && s.ui.menu === null;
export const selectControlsShown = (s: PlayerState) => !selectControlsHidden(s);

/** Episodes in viewing order: by season, then by episode. */
export const selectEpisodesInOrder = createSelector(
  [(s: PlayerState) => s.content.episodes],
  (episodes) => [...episodes].sort(byViewingOrder),
);

/** The episode after the current one, for the next-episode card and the end of an episode. */
export const selectNextEpisode = (s: PlayerState) => {
  const ordered = selectEpisodesInOrder(s);
  const index = ordered.findIndex((e) => e.id === s.content.currentEpisodeId);
  return index >= 0 ? (ordered[index + 1] ?? null) : null;
};

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2];

/** What the ad actor notes at a break's start, to put back or compare after it. */
export const selectBreakStart = (s: PlayerState) => ({
  active: s.ads.activeBreak !== null,
  prerollDone: s.ads.prerollDone,
  episodeId: s.ads.episodeId,
  nativeFullscreen: s.viewport.nativeFullscreen,
  volume: s.media.volume,
  muted: s.media.muted,
});

/** SPEC.md section 9: the ad plays only while this share of the player is visible. */
export const VISIBILITY_THRESHOLD = 0.51;

/** The MRC's viewable video impression: at least this share of the advert's pixels in view. */
export const VIEWABLE_SHARE = 0.5;

/**
 * The advert is in view as the MRC counts it: the page shown (a hidden one is a background tab or a
 * minimised window, where nothing is in view) and at least half of the player, whose area the advert
 * fills, inside the viewport.
 */
export const selectAdInView = (s: PlayerState) =>
  !s.viewport.hidden && s.viewport.visibleRatio >= VIEWABLE_SHARE;

/**
 * SPEC.md section 4: hidden stops; the viewer's click decides; otherwise 51% visible plays. The host
 * page's pause holds every ad of the break until its play or the viewer's click; an icon's fallback
 * image holds the ad until it is closed (VAST 4.3 section 3.11.6).
 */
export const selectAdWanted = (s: PlayerState) =>
  !s.viewport.hidden &&
  !s.ads.hostHold &&
  !s.ads.ad?.iconFallback &&
  (s.ads.userChoice === 'play' ||
    (s.ads.userChoice === null &&
      !(s.ads.ad?.needsClick ?? false) &&
      s.viewport.visibleRatio >= VISIBILITY_THRESHOLD));
