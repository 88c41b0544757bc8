import { configureStore } from '@reduxjs/toolkit';
import { afterFirstFrame } from '../../../src/app/afterFirstFrame';
import { adsActions } from '../../../src/state/ads';
import { mediaActions } from '../../../src/state/playback';
import { systemActions } from '../../../src/state/system';

/** A store with the middleware, and what it started. */
function storeStarting() {
  const start = jest.fn();
  const store = configureStore({
    reducer: (state: null = null) => state,
    middleware: (getDefault) => getDefault().concat(afterFirstFrame(start)),
  });
  return { store, start };
}

describe('what comes after the first frame (Sentry, axios)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts a second after the film plays, when the main thread is idle, and once only', () => {
    const { store, start } = storeStarting();
    store.dispatch(mediaActions.waiting());
    jest.advanceTimersByTime(10_000);
    expect(start).not.toHaveBeenCalled(); // no frame yet

    store.dispatch(mediaActions.playing());
    jest.advanceTimersByTime(900);
    expect(start).not.toHaveBeenCalled(); // the first frame's paint comes first
    jest.advanceTimersByTime(100);
    // jsdom has no idle callbacks: at once, as in WebKit
    expect(start).toHaveBeenCalledTimes(1);

    store.dispatch(mediaActions.playing());
    jest.advanceTimersByTime(5_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts after a pre-roll's first frame too", () => {
    const { store, start } = storeStarting();
    store.dispatch(adsActions.adStarted());
    jest.advanceTimersByTime(1_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the boot', systemActions.bootFailed],
    ['the stream, before its first frame', systemActions.playbackFailed],
  ])('starts at once when %s has failed: there will be no frame to wait for', (_what, failed) => {
    const { store, start } = storeStarting();
    store.dispatch(
      failed({ reason: 'not-found', errorId: null, address: null, detail: 'HTTP 404' }),
    );
    jest.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
