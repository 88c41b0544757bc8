import { createSelector } from '@reduxjs/toolkit';
import { ru } from '../i18n/ru';
import type { PlayerState } from '../state';
import { contentActions } from '../state/content';
import { selectEpisodesInOrder } from '../state/selectors';
import { uiRequests } from '../state/ui';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { ChevronIcon } from './icons';
import { MenuPanel } from './MenuPanel';
import { menuItem } from './styles';

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
          <button
            key={s.order}
            type="button"
            role="menuitem"
            css={menuItem}
            onClick={() => dispatch(uiRequests.menuOpened({ menu: 'episodes', season: s.order }))}
          >
            <span>{ru.season(s.order)}</span>
            <span className="value">
              {ru.episodeCount(s.count)}
              <ChevronIcon />
            </span>
          </button>
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
          <button
            key={e.id}
            type="button"
            role="menuitemradio"
            aria-checked={e.id === current}
            css={menuItem}
            onClick={() => dispatch(contentActions.episodeRequested({ episodeId: e.id }))}
          >
            <span>
              {ru.episode(e.order)}
              {e.title ? ` · ${e.title}` : ''}
            </span>
            {e.id === current && <span className="value">✓</span>}
          </button>
        ))}
    </MenuPanel>
  );
}
