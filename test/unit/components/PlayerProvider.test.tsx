import { configureStore } from '@reduxjs/toolkit';
import { act, render } from '@testing-library/react';
import { PlayerProvider, unseenByView } from '../../../src/components/PlayerProvider';
import { usePlayerSelector } from '../../../src/components/hooks';
import { rootReducer, type PlayerState } from '../../../src/state';
import { mediaActions } from '../../../src/state/playback';
import { streamActions } from '../../../src/state/stream';
import { uiActions } from '../../../src/state/ui';

const position = (currentTime: number) =>
  mediaActions.positionChanged({ currentTime, duration: 100, bufferedEnd: 20, playedSeconds: 5 });

describe('the store as the view sees it', () => {
  it('tells a position report or a bandwidth estimate alone from any other change', () => {
    const start = rootReducer(undefined, mediaActions.playing());
    const moved = rootReducer(start, position(7.5));
    expect(unseenByView(start, moved)).toBe(true);
    expect(unseenByView(start, start)).toBe(true);
    expect(unseenByView(moved, rootReducer(moved, mediaActions.paused({ currentTime: 7.5 })))).toBe(
      false,
    );
    expect(unseenByView(moved, rootReducer(moved, uiActions.controlsHidden()))).toBe(false);
    expect(
      unseenByView(moved, rootReducer(moved, mediaActions.durationChanged({ duration: 90 }))),
    ).toBe(true);
    const estimated = rootReducer(
      moved,
      streamActions.bandwidthEstimated({ bitsPerSecond: 4_000_000, atPlayedMs: 10_000 }),
    );
    expect(estimated).not.toBe(moved);
    expect(unseenByView(moved, estimated)).toBe(true);
    expect(
      unseenByView(
        moved,
        rootReducer(moved, streamActions.levelSwitched({ level: 1, auto: true })),
      ),
    ).toBe(false);
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
