import { adsActions } from '../../../src/state/ads';
import { playbackRequests } from '../../../src/state/playback';
import { streamRequests } from '../../../src/state/stream';
import { uiRequests } from '../../../src/state/ui';
import {
  fakeHttp,
  fakeMedia,
  fakeParent,
  fakePorts,
  fakeViewport,
  HOST_ORIGIN,
  ok,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { film } from '../../../tools/sim/fixtures';
import { BASE, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

const api = (path: string) => `${BASE}/catalog-api${path}`;

/** The film playing at 30 s of 100, on fake ports and virtual time. */
async function playing() {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  const viewport = fakeViewport();
  const parent = fakeParent();
  const ports = fakePorts({
    http: fakeHttp({
      [api('/contents/1')]: ok(film.content),
      [api('/contents/1/seasons')]: ok(film.seasons),
      [api('/episodes?content-id=1')]: ok(film.episodes),
      [`${BASE}/media/film.json`]: ok({
        sources: [{ label: 'A', link: '/media/hls/master.m3u8', isDefault: true }],
        subtitles: [],
      }),
    }),
    media: media.port,
    clock: clock.port,
    viewport: viewport.port,
    parent: parent.port,
  });
  const { store } = startPlayer('?movie_id=1', ports, { hostOrigin: HOST_ORIGIN });
  await untilIdle();
  store.dispatch(playbackRequests.playRequested()); // no ad list: no pre-roll, content plays
  await untilIdle();
  expect(media.calls.map((c) => c.method)).toContain('play');
  media.state.duration = 100;
  media.state.currentTime = 30;
  media.emit({ type: 'playing' });
  await untilIdle();
  const calls = (method: string) => media.calls.filter((c) => c.method === method);
  const fromParent = async (message: unknown) => {
    parent.send(message);
    await untilIdle();
  };
  const act = async (action: { type: string }) => {
    store.dispatch(action);
    await untilIdle();
  };
  return { store, media, clock, viewport, calls, fromParent, act };
}

describe('the ui actor: the controls hide 1000 ms after the pointer rests', () => {
  it('while playing, and each movement starts the wait again', async () => {
    const { store, clock, act } = await playing();
    const visible = () => store.getState().ui.controlsVisible;
    await act(uiRequests.pointerMoved());
    await clock.advance(900);
    expect(visible()).toBe(true);
    await act(uiRequests.pointerMoved());
    await clock.advance(900);
    expect(visible()).toBe(true);
    await clock.advance(100);
    expect(visible()).toBe(false);
    await act(uiRequests.pointerMoved());
    expect(visible()).toBe(true);
  });

  it('not while a finger rests on the progress bar; again once it lifts', async () => {
    const { store, clock, act } = await playing();
    const visible = () => store.getState().ui.controlsVisible;
    await act(uiRequests.scrubStarted());
    await act(uiRequests.pointerMoved());
    await clock.advance(5000);
    expect(visible()).toBe(true);
    await act(uiRequests.scrubEnded());
    await clock.advance(999);
    expect(visible()).toBe(true);
    await clock.advance(1);
    expect(visible()).toBe(false);
  });

  it('not while paused, nor while a menu is open', async () => {
    const { store, clock, media, act } = await playing();
    await act(uiRequests.settingsToggled());
    await act(uiRequests.pointerMoved());
    await clock.advance(5000);
    expect(store.getState().ui.controlsVisible).toBe(true);
    await act(uiRequests.menuClosed());
    media.emit({ type: 'pause', currentTime: 31 });
    await untilIdle();
    await clock.advance(5000);
    expect(store.getState().ui.controlsVisible).toBe(true);
  });

  it('again after a menu closes by choosing an option', async () => {
    const { store, clock, act } = await playing();
    await act(uiRequests.menuOpened({ menu: 'quality' }));
    await clock.advance(3000);
    expect(store.getState().ui.controlsVisible).toBe(true);
    await act(streamRequests.qualityRequested({ level: 0 }));
    expect(store.getState().ui.menu).toBeNull();
    await clock.advance(999);
    expect(store.getState().ui.controlsVisible).toBe(true);
    await clock.advance(1);
    expect(store.getState().ui.controlsVisible).toBe(false);
  });

  it('at once when the pointer leaves the playing player', async () => {
    const { store, act } = await playing();
    await act(uiRequests.pointerLeft());
    expect(store.getState().ui.controlsVisible).toBe(false);
  });
});

describe('the ui actor: clicks and taps on the picture', () => {
  const middle = { zone: 'middle', touch: false } as const;

  it('a click pauses once no second click follows within 250 ms', async () => {
    const { calls, clock, act } = await playing();
    await act(uiRequests.surfaceClicked(middle));
    expect(calls('pause')).toHaveLength(0);
    await clock.advance(250);
    expect(calls('pause')).toHaveLength(1);
  });

  it('a double click in the middle toggles fullscreen and does not pause', async () => {
    const { calls, clock, viewport, act } = await playing();
    await act(uiRequests.surfaceClicked(middle));
    await act(uiRequests.surfaceDoubleClicked(middle));
    await clock.advance(1000);
    expect(viewport.calls).toEqual([{ method: 'toggleFullscreen', args: [] }]);
    expect(calls('pause')).toHaveLength(0);
  });

  it('a double click on the left or right fifth seeks 10 s back or forward', async () => {
    const { calls, act } = await playing();
    await act(uiRequests.surfaceDoubleClicked({ zone: 'left', touch: false }));
    await act(uiRequests.surfaceDoubleClicked({ zone: 'right', touch: false }));
    expect(calls('seek').map((c) => Math.round(c.args[0] as number))).toEqual([20, 30]); // from 30: back to 20, then forward to 30
  });

  it('a double tap on a side seeks; a tap shows or hides the controls and never pauses', async () => {
    const { store, calls, clock, act } = await playing();
    await act(uiRequests.surfaceDoubleClicked({ zone: 'right', touch: true }));
    expect(calls('seek')).toHaveLength(1);
    await act(uiRequests.surfaceClicked({ zone: 'middle', touch: true }));
    expect(store.getState().ui.controlsVisible).toBe(false);
    await act(uiRequests.surfaceClicked({ zone: 'middle', touch: true }));
    expect(store.getState().ui.controlsVisible).toBe(true);
    await clock.advance(1000);
    expect(store.getState().ui.controlsVisible).toBe(false);
    expect(calls('pause')).toHaveLength(0);
  });

  it('with a menu open, a click outside closes it and does nothing else', async () => {
    const { store, calls, clock, act } = await playing();
    await act(uiRequests.settingsToggled());
    await act(uiRequests.surfaceClicked(middle));
    await clock.advance(1000);
    expect(store.getState().ui.menu).toBeNull();
    expect(calls('pause')).toHaveLength(0);
  });

  it('a message from the parent window with action type click closes the menu', async () => {
    const { store, act, fromParent } = await playing();
    await act(uiRequests.menuOpened({ menu: 'quality' }));
    await fromParent({ action: { type: 'other' } });
    expect(store.getState().ui.menu).toBe('quality');
    await fromParent({ action: { type: 'click' } });
    expect(store.getState().ui.menu).toBeNull();
  });
});

describe('the ui actor: the keyboard', () => {
  it('maps 0-9 to tenths of the episode, Home and End to its ends, < and > to a speed down and up', async () => {
    const { calls, act, media } = await playing(); // at 30 s
    media.emit({ type: 'durationchange', duration: 100 });
    const key = (k: string) => act(uiRequests.keyPressed({ key: k }));
    for (const k of ['5', '0', '9', 'Home', 'End']) await key(k);
    expect(calls('seek').map((c) => Math.round(c.args[0] as number))).toEqual([50, 0, 90, 0, 100]);
    await key('>');
    await key('>');
    await key('<');
    expect(calls('setRate').map((c) => c.args[0])).toEqual([1.25, 1.5, 1.25]);
  });

  it('maps Space/K, J/L and arrows, M, F, C and I to the player', async () => {
    const { store, calls, viewport, act } = await playing();
    const key = (k: string) => act(uiRequests.keyPressed({ key: k }));
    await key('k');
    expect(calls('pause')).toHaveLength(1);
    await key('ArrowLeft');
    await key('L');
    expect(calls('seek').map((c) => Math.round(c.args[0] as number))).toEqual([20, 30]); // from 30: back to 20, then forward to 30
    await key('ArrowDown');
    await key('m');
    expect(
      calls('setVolume')
        .slice(-2)
        .map((c) => c.args),
    ).toEqual([
      [0.95, false],
      [1, true],
    ]);
    await key('f');
    await key('i');
    expect(viewport.calls.map((c) => c.method)).toEqual(['toggleFullscreen']); // no picture-in-picture here
    await act(uiRequests.settingsToggled());
    await key('x'); // nothing to the player
    expect(store.getState().ui.menu).toBe('main');
    await key('Escape');
    expect(store.getState().ui.menu).toBeNull();
  });

  it('does nothing while an ad break holds the content', async () => {
    const { store, calls, viewport, act } = await playing();
    store.dispatch(adsActions.breakStarted({ kind: 'midroll', total: 1, contentTime: 30 }));
    for (const k of [' ', 'ArrowRight', 'f', 'm']) await act(uiRequests.keyPressed({ key: k }));
    expect(calls('pause')).toHaveLength(0);
    expect(calls('seek')).toHaveLength(0);
    expect(viewport.calls).toHaveLength(0);
  });
});

describe('the ui actor: sharing', () => {
  it('copies the link through the clipboard port and reports how it went', async () => {
    const { store, act } = await playing();
    expect(store.getState().ui.features).toEqual({
      share: true,
      stretchedClose: false,
      shareOrigin: HOST_ORIGIN, // content paths are shared on the embedding site's address
    });
    await act(uiRequests.menuOpened({ menu: 'share' }));
    await act(uiRequests.copyLinkRequested({ url: 'https://kino.example/films/1' }));
    expect(store.getState().ui.linkCopied).toBe(true);
  });

  it('shares content paths on the frame’s own origin when the browser does not tell the embedder’s', async () => {
    const ports = fakePorts({ clock: virtualClock().port });
    const { store } = startPlayer('?movie_id=1', ports, {
      hostOrigin: null,
      href: 'https://player.example/?movie_id=1',
    });
    await untilIdle();
    expect(store.getState().ui.features.shareOrigin).toBe('https://player.example');
  });

  it('turns sharing off with disabled_share', async () => {
    const ports = fakePorts({ clock: virtualClock().port });
    const { store } = startPlayer('?movie_id=1&disabled_share=1', ports);
    await untilIdle();
    expect(store.getState().ui.features.share).toBe(false);
  });
});
