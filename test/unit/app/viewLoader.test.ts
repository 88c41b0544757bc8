// What the viewer sees of the interface's late arrival: the page's placeholder while the catalog is
// asked, the film after it (never hidden by the placeholder) with the page's spinner until its first
// frame, the interface when it is needed, and the film still, with neither over it, if the interface
// cannot be had.
import { configureStore } from '@reduxjs/toolkit';
import type { FilmBuffer } from '../../../src/app/filmCanSpareTheLink';
import { loadViewWhenWanted } from '../../../src/app/viewLoader';
import { STALL_WANTS_INTERFACE_MS } from '../../../src/app/viewWanted';
import { rootReducer } from '../../../src/state';
import { systemActions } from '../../../src/state/system';
import { mediaActions } from '../../../src/state/playback';
import { resumeActions } from '../../../src/state/resume';
import { streamHealthActions } from '../../../src/state/streamHealth';

function page({
  autoPlay = true,
  mount = jest.fn((): Promise<void> => Promise.resolve()),
  film,
}: {
  autoPlay?: boolean;
  mount?: jest.Mock<Promise<void>, []>;
  film?: { buffer: FilmBuffer; events: EventTarget };
} = {}) {
  document.body.innerHTML =
    '<div id="ui"><div data-early>Loading...</div><div data-starting hidden></div></div>';
  const store = configureStore({ reducer: rootReducer });
  const onFailure = jest.fn();
  loadViewWhenWanted({
    store,
    autoPlay,
    placeholder: document.querySelector('[data-early]'),
    spinner: document.querySelector<HTMLElement>('[data-starting]'),
    mount,
    onFailure,
    interaction: document,
    film,
  });
  const placeholderShown = () => document.querySelector('[data-early]') !== null;
  const spinnerShown = () => document.querySelector('[data-starting]:not([hidden])') !== null;
  return { store, mount, onFailure, placeholderShown, spinnerShown };
}

/** the stream loop's report: where the film is, how far it is buffered, how long it is */
const at = (currentTime: number, bufferedEnd: number, duration = 3600) =>
  mediaActions.positionChanged({ currentTime, bufferedEnd, duration, playedSeconds: currentTime });

/** the film started by itself and shows its first frame, at this position */
function filmPlays(store: ReturnType<typeof page>['store'], position: ReturnType<typeof at>) {
  store.dispatch(resumeActions.decided({ savedTime: null, promptVisible: false, autoplay: true }));
  store.dispatch(systemActions.bootSucceeded());
  store.dispatch(mediaActions.playing());
  store.dispatch(position);
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
    // the first frame: the next segment has the link until the film has room to spare
    store.dispatch(at(0.1, 4));
    expect(mount).not.toHaveBeenCalled();
    store.dispatch(at(0.2, 8.5));
    expect(mount).toHaveBeenCalledTimes(1);
    store.dispatch(mediaActions.playing());
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it("reads the film's own buffer as it grows, not only the store's copy told once a second", () => {
    let aheadS = 4;
    const events = new EventTarget();
    const { store, mount } = page({
      film: { buffer: { aheadS: () => aheadS, whole: () => false }, events },
    });
    store.dispatch(mediaActions.playing());
    store.dispatch(at(0.1, 4));
    events.dispatchEvent(new Event('progress'));
    expect(mount).not.toHaveBeenCalled();
    aheadS = 8;
    events.dispatchEvent(new Event('progress'));
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a click', () => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))],
    ['a key', () => document.body.dispatchEvent(new Event('keydown', { bubbles: true }))],
  ])('at once on %s of the viewer, whatever the buffer', (_name, ask) => {
    const { store, mount } = page();
    filmPlays(store, at(0.1, 4));
    ask();
    expect(mount).toHaveBeenCalledTimes(1);
    ask();
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('once the film plays, at once when the mouse moves over it (its controls show on pointer movement)', () => {
    const { store, mount } = page();
    const move = () => document.body.dispatchEvent(new Event('pointermove', { bubbles: true }));
    store.dispatch(
      resumeActions.decided({ savedTime: null, promptVisible: false, autoplay: true }),
    );
    store.dispatch(systemActions.bootSucceeded());
    move(); // before the first frame the link is the first segment's
    expect(mount).not.toHaveBeenCalled();
    store.dispatch(mediaActions.playing());
    store.dispatch(at(0.1, 4));
    expect(mount).not.toHaveBeenCalled();
    move();
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['is paused', mediaActions.paused({ currentTime: 1 })],
    ['is buffered to its end', at(1, 6, 6)],
  ])('as soon as the film %s, with little buffered ahead', (_name, action) => {
    const { store, mount } = page();
    store.dispatch(mediaActions.playing());
    store.dispatch(at(1, 3));
    expect(mount).not.toHaveBeenCalled();
    store.dispatch(action);
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

  it("a start that takes long: the page's spinner until the first frame, and no interface bundle on the link before it", async () => {
    const { store, mount, spinnerShown } = page();
    expect(spinnerShown()).toBe(false); // the placeholder's time
    store.dispatch(
      resumeActions.decided({ savedTime: null, promptVisible: false, autoplay: true }),
    );
    store.dispatch(systemActions.bootSucceeded());
    expect(spinnerShown()).toBe(true);
    jest.advanceTimersByTime(60_000);
    expect(mount).not.toHaveBeenCalled();
    store.dispatch(mediaActions.playing());
    expect(spinnerShown()).toBe(false);
    store.dispatch(at(0.1, 12));
    expect(mount).toHaveBeenCalledTimes(1);
    await flush();
    expect(document.querySelector('[data-starting]')).toBeNull(); // the interface's own from now
  });

  it("a film that waits for data before the interface came: the page's spinner, and the link left to the film until the player has to speak", () => {
    const { store, mount, spinnerShown } = page();
    filmPlays(store, at(3.9, 4));
    expect(spinnerShown()).toBe(false);
    store.dispatch(mediaActions.waiting());
    expect(spinnerShown()).toBe(true);
    expect(mount).not.toHaveBeenCalled();
    // the loads fail and are tried again: the interface says so under its own spinner
    store.dispatch(
      streamHealthActions.recovering({
        kind: 'network',
        atPlayedS: 4,
        afterMs: 2_000,
        atMs: 1_000,
        dry: true,
      }),
    );
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('a film that stands waiting for data past a passing dip: the interface comes, for the viewer to pause it or pick another quality', () => {
    const { store, mount } = page();
    filmPlays(store, at(3.9, 4));
    // a dip: the film plays on before the wait is long
    store.dispatch(mediaActions.waiting());
    jest.advanceTimersByTime(STALL_WANTS_INTERFACE_MS - 100);
    store.dispatch(mediaActions.playing());
    jest.advanceTimersByTime(STALL_WANTS_INTERFACE_MS);
    expect(mount).not.toHaveBeenCalled();
    // a load that hangs: nothing fails yet, the film stands
    store.dispatch(mediaActions.waiting());
    jest.advanceTimersByTime(STALL_WANTS_INTERFACE_MS - 100);
    expect(mount).not.toHaveBeenCalled();
    jest.advanceTimersByTime(100);
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('no spinner where the player waits for the viewer, or tells of a failure', () => {
    const waiting = page({ autoPlay: false, mount: jest.fn(() => new Promise<void>(() => {})) });
    waiting.store.dispatch(systemActions.bootSucceeded());
    expect(waiting.spinnerShown()).toBe(false);
    const failed = page({ mount: jest.fn(() => new Promise<void>(() => {})) });
    failed.store.dispatch(
      systemActions.bootFailed({ reason: 'not-found', errorId: null, address: null, detail: '' }),
    );
    expect(failed.spinnerShown()).toBe(false);
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
