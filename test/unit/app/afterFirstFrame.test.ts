import { configureStore } from '@reduxjs/toolkit';
import { afterFirstFrame } from '../../../src/app/afterFirstFrame';
import { adsActions } from '../../../src/state/ads';
import { mediaActions } from '../../../src/state/playback';
import { systemActions } from '../../../src/state/system';
import { rootReducer } from '../../../src/state';

/** A store with the middleware, and what it started. */
function storeStarting() {
  const start = jest.fn();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(afterFirstFrame(start)),
  });
  return { store, start };
}

/** the stream loop's report: where the film is and how far it is buffered */
const at = (currentTime: number, bufferedEnd: number) =>
  mediaActions.positionChanged({
    currentTime,
    bufferedEnd,
    duration: 3600,
    playedSeconds: currentTime,
  });

describe('what comes after the first frame (Sentry, axios)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts a second after the film plays, when the main thread is idle, and once only', () => {
    const { store, start } = storeStarting();
    store.dispatch(mediaActions.waiting());
    jest.advanceTimersByTime(10_000);
    expect(start).not.toHaveBeenCalled(); // no frame yet

    store.dispatch(mediaActions.playing());
    store.dispatch(at(0, 30));
    jest.advanceTimersByTime(900);
    expect(start).not.toHaveBeenCalled(); // the first frame's paint comes first
    jest.advanceTimersByTime(100);
    // jsdom has no idle callbacks: at once, as in WebKit
    expect(start).toHaveBeenCalledTimes(1);

    store.dispatch(mediaActions.playing());
    jest.advanceTimersByTime(5_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('on a slow link, once the film has room to spare: its next segment has the link first', () => {
    const { store, start } = storeStarting();
    store.dispatch(mediaActions.playing());
    store.dispatch(at(0.1, 4));
    store.dispatch(at(2, 4));
    jest.advanceTimersByTime(10_000);
    expect(start).not.toHaveBeenCalled();
    store.dispatch(at(3, 12));
    jest.advanceTimersByTime(1_000);
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
