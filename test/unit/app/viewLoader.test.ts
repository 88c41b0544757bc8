// What the viewer sees of the interface's late arrival: the page's placeholder while the catalog is
// asked, the film after it (never hidden by the placeholder), the interface when it is needed, and
// the film still, without a placeholder over it, if the interface cannot be had.
import { configureStore } from '@reduxjs/toolkit';
import { loadViewWhenWanted } from '../../../src/app/viewLoader';
import { VIEW_AT_THE_LATEST_MS } from '../../../src/app/viewWanted';
import { rootReducer } from '../../../src/state';
import { systemActions } from '../../../src/state/system';
import { mediaActions } from '../../../src/state/playback';
import { resumeActions } from '../../../src/state/resume';

function page({
  autoPlay = true,
  mount = jest.fn((): Promise<void> => Promise.resolve()),
}: { autoPlay?: boolean; mount?: jest.Mock<Promise<void>, []> } = {}) {
  document.body.innerHTML = '<div id="ui"><div data-early>Loading...</div></div>';
  const store = configureStore({ reducer: rootReducer });
  const onFailure = jest.fn();
  loadViewWhenWanted({
    store,
    autoPlay,
    placeholder: document.querySelector('[data-early]'),
    mount,
    onFailure,
  });
  const placeholderShown = () => document.querySelector('[data-early]') !== null;
  return { store, mount, onFailure, placeholderShown };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the interface comes when it is wanted', () => {
  it('with autoplay: the placeholder until the catalog answers, the interface once the film plays', () => {
    const { store, mount, placeholderShown } = page();
    expect(placeholderShown()).toBe(true);
    // the boot actor's order: the decision to start by itself, then the boot is done
    store.dispatch(
      resumeActions.decided({ savedTime: null, promptVisible: false, autoplay: true }),
    );
    store.dispatch(systemActions.bootSucceeded());
    expect(placeholderShown()).toBe(false); // the film's first frame shows through
    expect(mount).not.toHaveBeenCalled();
    store.dispatch(mediaActions.playing());
    expect(mount).toHaveBeenCalledTimes(1);
    store.dispatch(mediaActions.playing());
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('without autoplay: at once, and the placeholder still goes when the catalog answers', () => {
    // the interface may arrive after the catalog: the placeholder must not hide the film meanwhile
    const { store, mount, placeholderShown } = page({
      autoPlay: false,
      mount: jest.fn(() => new Promise<void>(() => undefined)),
    });
    expect(mount).toHaveBeenCalledTimes(1);
    store.dispatch(systemActions.bootSucceeded());
    expect(placeholderShown()).toBe(false);
  });

  it('at the latest after its deadline, on a start that takes long', () => {
    const { mount } = page();
    jest.advanceTimersByTime(VIEW_AT_THE_LATEST_MS - 1);
    expect(mount).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('when it cannot be had: the placeholder goes and the failure is reported, with no second try (a failed import stays failed)', async () => {
    const { store, mount, onFailure, placeholderShown } = page({
      mount: jest.fn(() => Promise.reject(new Error('Failed to fetch view.js'))),
    });
    store.dispatch(
      systemActions.bootFailed({ reason: 'not-found', errorId: null, address: null, detail: '' }),
    );
    await flush();
    expect(placeholderShown()).toBe(false);
    expect(onFailure).toHaveBeenCalledWith(new Error('Failed to fetch view.js'));
    jest.advanceTimersByTime(10_000);
    await flush();
    expect(mount).toHaveBeenCalledTimes(1);
  });
});
