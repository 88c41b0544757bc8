import { configureStore } from '@reduxjs/toolkit';
import { act, render } from '@testing-library/react';
import { PlayerProvider, positionOnly } from '../../../src/components/PlayerProvider';
import { usePlayerSelector } from '../../../src/components/hooks';
import { rootReducer, type PlayerState } from '../../../src/state';
import { mediaActions } from '../../../src/state/playback';
import { uiActions } from '../../../src/state/ui';

const position = (currentTime: number) =>
  mediaActions.positionChanged({ currentTime, duration: 100, bufferedEnd: 20, playedSeconds: 5 });

describe('the store as the view sees it', () => {
  it('tells a position report alone from any other change', () => {
    const start = rootReducer(undefined, mediaActions.playing());
    const moved = rootReducer(start, position(7.5));
    expect(positionOnly(start, moved)).toBe(true);
    expect(positionOnly(start, start)).toBe(true);
    expect(positionOnly(moved, rootReducer(moved, mediaActions.paused({ currentTime: 7.5 })))).toBe(
      false,
    );
    expect(positionOnly(moved, rootReducer(moved, uiActions.controlsHidden()))).toBe(false);
    expect(
      positionOnly(moved, rootReducer(moved, mediaActions.durationChanged({ duration: 90 }))),
    ).toBe(true);
  });

  it("does not run the components' selectors for a position report, and does for the next change", () => {
    const store = configureStore({ reducer: rootReducer });
    store.dispatch(mediaActions.playing());
    const selector = jest.fn((s: PlayerState) => s.ui.controlsVisible);
    function Probe() {
      return <span>{String(usePlayerSelector(selector))}</span>;
    }
    const { container } = render(
      <PlayerProvider store={store}>
        <Probe />
      </PlayerProvider>,
    );
    selector.mockClear();
    act(() => {
      for (let second = 1; second <= 10; second++) store.dispatch(position(second));
    });
    expect(selector).not.toHaveBeenCalled();
    act(() => {
      store.dispatch(uiActions.controlsHidden());
    });
    expect(selector).toHaveBeenCalled();
    expect(container).toHaveTextContent('false');
  });
});
