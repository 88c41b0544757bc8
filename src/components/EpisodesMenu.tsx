import { createSelector } from '@reduxjs/toolkit';
import { ru } from '../i18n/ru';
import type { PlayerState } from '../state';
import { contentActions } from '../state/content';
import { selectEpisodesInOrder } from '../state/selectors';
import { uiRequests } from '../state/ui';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { MenuChoice, MenuLink, MenuPanel } from './MenuPanel';

/** The seasons in order, each with its episode count. */
export const selectSeasonList = createSelector(
  [(s: PlayerState) => s.content.seasons, selectEpisodesInOrder],
  (seasons, episodes) =>
    [...seasons]
      .sort((a, b) => a.order - b.order)
      .map((season) => ({
        order: season.order,
        count: episodes.filter((e) => e.season.order === season.order).length,
      })),
);

/**
 * The seasons-and-episodes menu (SPEC.md section 2): the list of seasons, then the episodes of one;
 * choosing an episode selects it (the episodes actor refreshes the ad list first).
 */
export function EpisodesMenu() {
  const dispatch = usePlayerDispatch();
  const menu = usePlayerSelector((s) => s.ui.menu);
  const seasons = usePlayerSelector(selectSeasonList);
  const season = usePlayerSelector((s) => s.ui.menuSeason);
  const episodes = usePlayerSelector(selectEpisodesInOrder);
  const current = usePlayerSelector((s) => s.content.currentEpisodeId);
  if (menu !== 'seasons' && menu !== 'episodes') return null;
  if (menu === 'seasons')
    return (
      <MenuPanel title={ru.seasonsAndEpisodes} testId="menu-seasons">
        {seasons.map((s) => (
          <MenuLink
            key={s.order}
            label={ru.season(s.order)}
            value={ru.episodeCount(s.count)}
            onOpen={() => dispatch(uiRequests.menuOpened({ menu: 'episodes', season: s.order }))}
          />
        ))}
      </MenuPanel>
    );
  return (
    <MenuPanel
      title={ru.season(season ?? 1)}
      testId="menu-episodes"
      onBack={seasons.length > 1 ? () => dispatch(uiRequests.menuBack()) : undefined}
    >
      {episodes
        .filter((e) => e.season.order === season)
        .map((e) => (
          <MenuChoice
            key={e.id}
            label={`${ru.episode(e.order)}${e.title ? ` · ${e.title}` : ''}`}
            selected={e.id === current}
            onChoose={() => dispatch(contentActions.episodeRequested({ episodeId: e.id }))}
          />
        ))}
    </MenuPanel>
  );
}
