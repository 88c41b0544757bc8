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
import { series } from '../../../tools/sim/fixtures';

export const seriesBooted = [
  contentActions.loaded({
    content: series.content,
    seasons: series.seasons,
    episodes: series.episodes,
  }),
  systemActions.bootSucceeded(),
];

export function renderPlayer(...actions: UnknownAction[]) {
  const dispatched: UnknownAction[] = [];
  const store = configureStore({
    reducer: rootReducer,
    middleware: (gdm) =>
      gdm().concat(((_api: unknown) => (next: (a: unknown) => unknown) => (action: unknown) => {
        dispatched.push(action as UnknownAction);
        return next(action);
      }) as Middleware),
  });
  actions.forEach((a) => store.dispatch(a));
  dispatched.length = 0;
  const onReload = jest.fn();
  let commits = 0;
  render(
    <Profiler id="player" onRender={() => (commits += 1)}>
      <PlayerProvider store={store}>
        <PlayerRoot onReload={onReload} />
      </PlayerProvider>
    </Profiler>,
  );
  return { store, dispatched, onReload, commits: () => commits };
}
