// Renders the player's React tree on the real reducer (no actors): what the viewer sees for a
// sequence of actions, and what the interface dispatches.
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { Profiler } from 'react';
import type { UnknownAction } from 'redux';
import { PlayerProvider } from '../../../src/components/PlayerProvider';
import { PlayerRoot } from '../../../src/components/PlayerRoot';
import { rootReducer } from '../../../src/state';
import { contentActions } from '../../../src/state/content';
import { systemActions } from '../../../src/state/system';
import { uiRequests } from '../../../src/state/ui';
import { series } from '../../../tools/sim/fixtures';

export const seriesBooted = [
  contentActions.loaded({
    content: series.content,
    seasons: series.seasons,
    episodes: series.episodes,
  }),
  systemActions.bootSucceeded(),
];

/**
 * The player's tree over a store that has seen `actions`: what the interface dispatches from then
 * on, its intents in `dispatched` and the icon clicks it tells analytics in `iconClicks`.
 */
export function renderPlayer(...actions: UnknownAction[]) {
  const dispatched: UnknownAction[] = [];
  const iconClicks: string[] = [];
  const store = configureStore({
    reducer: rootReducer,
    middleware: (gdm) =>
      gdm().concat(((_api: unknown) => (next: (a: unknown) => unknown) => (action: unknown) => {
        if (uiRequests.iconClicked.match(action)) iconClicks.push(action.payload.icon);
        else dispatched.push(action as UnknownAction);
        return next(action);
      }) as Middleware),
  });
  actions.forEach((a) => store.dispatch(a));
  dispatched.length = 0;
  iconClicks.length = 0;
  const onReload = jest.fn();
  let commits = 0;
  render(
    <Profiler id="player" onRender={() => (commits += 1)}>
      <PlayerProvider store={store}>
        <PlayerRoot onReload={onReload} />
      </PlayerProvider>
    </Profiler>,
  );
  return { store, dispatched, iconClicks, onReload, commits: () => commits };
}
