/** @jest-environment node */
// The system around the player on the demo series with a pre-roll: what the media keys and the lock
// screen show and do, and when the screen is kept on.
import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import { mediaSessionActor } from '../../../sagas/systemMedia/mediaSession';
import { wakeLockActor } from '../../../sagas/systemMedia/wakeLock';
import type { Ports } from '../../../src/ports/types';
import { adsActions } from '../../../src/state/ads';
import { contentActions } from '../../../src/state/content';
import { playbackRequests } from '../../../src/state/playback';
import { streamRequests } from '../../../src/state/stream';
import { viewportActions } from '../../../src/state/viewport';
import { fakeHttp, fakeMediaSession, fakeWakeLock, ok } from '../../../tools/sim/fakePorts';
import { BASE } from '../../../tools/sim/player';
import {
  AD_SECONDS,
  seriesWithAdsRoutes,
  startSimulatedPlayer,
} from '../../../tools/sim/simulated';

const SERIES = '?movie_id=2&episode_id=203&auto_play=1&advert=1';

/** The demo series' answers with an ad list that has no adverts: every break passes at once. */
const NO_ADS = fakeHttp({
  ...seriesWithAdsRoutes(),
  [`${BASE}/ad-list.json`]: ok({ prerollList: [] }),
});

function session(
  search = SERIES,
  lockOutcome: 'held' | 'refused' | 'unsupported' = 'held',
  { noAds = false } = {},
) {
  const system = fakeMediaSession();
  const wakeLock = fakeWakeLock(lockOutcome);
  const actions: UnknownAction[] = [];
  const player = startSimulatedPlayer(search, {
    episodeSeconds: 100,
    ports: {
      mediaSession: system.port,
      wakeLock: wakeLock.port,
      ...(noAds ? { http: NO_ADS } : {}),
    },
    onAction: (action) => void actions.push(action),
  });
  const { store, advance } = player;
  const until = async (what: string, done: () => boolean, limitMs = 30_000) => {
    for (let waited = 0; !done(); waited += 100) {
      if (waited >= limitMs) throw new Error(`No ${what} within ${limitMs} ms of virtual time`);
      await advance(100);
    }
  };
  const inBreak = () => store.getState().ads.activeBreak !== null;
  const contentPlaying = () => !inBreak() && !store.getState().media.paused;
  const act = async (action: UnknownAction) => {
    store.dispatch(action);
    await advance(0);
  };
  const pressed = async (event: Parameters<typeof system.press>[0]) => {
    system.press(event);
    await advance(0);
  };
  const since = (mark: number) => actions.slice(mark).map((a) => a.type);
  const adPlaying = () =>
    until('the ad playing', () => store.getState().ads.ad?.status === 'playing');
  /** the session's first picture (the pre-roll's) has been on screen a moment */
  const firstFrameSettled = () =>
    until('the first frame settled', () => store.getState().system.firstFrameSettled);
  return {
    ...player,
    system,
    wakeLock,
    actions,
    until,
    inBreak,
    contentPlaying,
    act,
    pressed,
    since,
    adPlaying,
    firstFrameSettled,
  };
}

describe('the media session', () => {
  it("shows 'Реклама' with no seeking during the pre-roll, then the series, its season and episode", async () => {
    const s = session();
    await s.until('the pre-roll', s.inBreak);
    await s.adPlaying();
    // nothing in the tasks that bring the first picture to the screen
    expect(s.system.calls).toEqual([]);
    await s.firstFrameSettled();
    const title = s.store.getState().content.content!.title;
    expect(s.system.shown.metadata).toMatchObject({ title: 'Реклама', artist: title });
    expect(s.system.shown.actions).toEqual(['play', 'pause']);
    expect(s.system.shown.position).toBeNull();
    expect(s.system.shown.playbackState).toBe('playing');

    await s.until('content', s.contentPlaying);
    const episode = s.store.getState().content.episodes.find((e) => e.id === 203)!;
    expect(s.system.shown.metadata).toEqual({
      title,
      artist: `${episode.season.order} сезон, ${episode.order} серия`,
      album: episode.title,
      artwork: episode.posterPath || s.store.getState().content.content!.posterUrl,
    });
    expect(s.system.shown.actions).toEqual([
      'play',
      'pause',
      'seekbackward',
      'seekforward',
      'seekto',
      'nexttrack',
    ]);
    expect(s.system.shown.playbackState).toBe('playing');
    await s.advance(1000); // the element tells its duration
    expect(s.system.shown.position).toMatchObject({ duration: 100, playbackRate: 1 });
    expect(s.system.shown.position?.position).toBeLessThan(1);
  });

  it('the last episode offers no next track', async () => {
    const s = session('?movie_id=2&episode_id=205&auto_play=1');
    await s.until('content', s.contentPlaying);
    // the last episode of the series: the film's controls, but nothing comes next
    expect(s.system.shown.actions).toContain('seekto');
    expect(s.system.shown.actions).not.toContain('nexttrack');
  });

  it('turns the controls pressed into the player’s own requests, each logged as pressed first', async () => {
    const s = session();
    await s.until('content', s.contentPlaying);
    await s.advance(3000); // (the mid-roll comes after 10 s of content)
    let mark = s.actions.length;
    await s.pressed({ action: 'pause' });
    expect(s.since(mark).slice(0, 2)).toEqual([
      'systemMedia/controlPressed',
      playbackRequests.pauseRequested.type,
    ]);
    expect(s.store.getState().media.paused).toBe(true);
    expect(s.system.shown.playbackState).toBe('paused');
    const at = s.store.getState().media.currentTime;
    expect(s.system.shown.position?.position).toBeCloseTo(at, 5);

    mark = s.actions.length;
    await s.pressed({ action: 'seekforward' });
    await s.pressed({ action: 'seekbackward', seekOffset: 5 });
    await s.pressed({ action: 'seekto', seekTime: 70 });
    await s.pressed({ action: 'seekto', seekTime: Number.NaN }); // ignored: no time
    await s.pressed({ action: 'seekto', seekTime: -3 }); // a slider dragged past the start
    const requests = s.actions
      .slice(mark)
      .filter((a) => a.type.startsWith('playback/seek'))
      .map((a) => [a.type, a.payload]);
    expect(requests).toEqual([
      [playbackRequests.seekByRequested.type, { seconds: 10 }],
      [playbackRequests.seekByRequested.type, { seconds: -5 }],
      [playbackRequests.seekRequested.type, { time: 70 }],
      [playbackRequests.seekRequested.type, { time: 0 }],
    ]);

    await s.pressed({ action: 'play' });
    expect(s.store.getState().media.paused).toBe(false);

    mark = s.actions.length;
    await s.pressed({ action: 'nexttrack' });
    const next = s.actions.slice(mark).find((a) => a.type === 'content/episodeRequested');
    expect(next?.payload).toEqual({ episodeId: 204 });
  });

  it('keeps the position current at a seek and a change of speed, not every second', async () => {
    const s = session();
    await s.until('content', s.contentPlaying);
    const told = () => s.system.calls.filter((c) => c.method === 'setPositionState').length;
    await s.advance(1000); // the element tells its duration
    const before = told();
    await s.advance(4000);
    expect(told()).toBe(before); // the system moves it on by itself
    await s.act(streamRequests.rateRequested({ rate: 2 }));
    s.content.media.emit({ type: 'ratechange', rate: 2 }); // the element's answer
    await s.advance(0);
    expect(s.system.shown.position?.playbackRate).toBe(2);
    await s.act(playbackRequests.seekRequested({ time: 50 }));
    // the element's answer
    s.content.media.state.currentTime = 50;
    s.content.media.emit({ type: 'seeked', currentTime: 50 });
    await s.advance(0);
    expect(s.system.shown.position?.position).toBe(50);

    // a stall: the film stops where it is, told at once (the system would run on)
    await s.advance(3000);
    const atStall = told();
    s.content.media.emit({ type: 'waiting' });
    await s.advance(0);
    expect(told()).toBe(atStall + 1);
    expect(s.system.shown.position?.position).toBe(s.store.getState().media.currentTime);
    expect(s.system.shown.position?.position).toBeGreaterThan(52);
  });

  it('ignores seeking pressed during an advert; play and pause go to the advert', async () => {
    const s = session();
    await s.adPlaying();
    await s.firstFrameSettled();
    const mark = s.actions.length;
    await s.pressed({ action: 'seekforward' });
    await s.pressed({ action: 'seekto', seekTime: 50 });
    await s.pressed({ action: 'nexttrack' });
    expect(s.since(mark)).not.toContain(playbackRequests.seekByRequested.type);
    expect(s.since(mark)).not.toContain(playbackRequests.seekRequested.type);
    expect(s.since(mark)).not.toContain('content/episodeRequested');
    await s.pressed({ action: 'play' }); // it plays already: nothing to do
    expect(s.since(mark)).not.toContain('ads/playPauseRequested');
    await s.pressed({ action: 'pause' });
    expect(s.since(mark)).toContain('ads/playPauseRequested');
    expect(s.store.getState().ads.userChoice).toBe('pause');
  });
});

describe('the screen wake lock', () => {
  it('is taken for the advert and the film, let go on pause and on a hidden page, taken again when it shows', async () => {
    const s = session();
    await s.adPlaying();
    await s.firstFrameSettled();
    expect(s.wakeLock.lock.held).toBe(true);
    await s.until('content', s.contentPlaying);
    expect(s.wakeLock.lock.held).toBe(true);
    // kept from the advert into the film: asked once, never let go between (nor before: none was held)
    expect(s.wakeLock.calls).toEqual(['request']);

    await s.act(playbackRequests.pauseRequested());
    expect(s.wakeLock.lock.held).toBe(false);
    expect(s.wakeLock.calls.at(-1)).toBe('release');

    await s.act(playbackRequests.playRequested());
    await s.advance(0);
    expect(s.wakeLock.lock.held).toBe(true);

    // hidden: the browser lets it go; shown again while the film plays: asked again
    s.wakeLock.browserRelease();
    await s.act(viewportActions.pageVisibilityChanged({ hidden: true }));
    expect(s.actions.map((a) => a.type)).toContain('systemMedia/wakeLockReleased');
    const calls = s.wakeLock.calls.length;
    await s.act(viewportActions.pageVisibilityChanged({ hidden: false }));
    expect(s.wakeLock.calls.slice(calls)).toEqual(['request']);
    expect(s.wakeLock.lock.held).toBe(true);
  });

  it('is let go while the host page holds a mid-roll, and at a break’s end when the film does not resume', async () => {
    const s = session();
    await s.until('content', s.contentPlaying);
    await s.until('the mid-roll', () => s.store.getState().ads.activeBreak?.kind === 'midroll');
    await s.adPlaying();
    expect(s.wakeLock.lock.held).toBe(true);
    // the host page pauses the player during the break: the film does not resume after it
    await s.act({ type: 'ads/hostPlayRequested', payload: { play: false } });
    expect(s.wakeLock.lock.held).toBe(false);
    await s.act({ type: 'ads/hostPlayRequested', payload: { play: true } });
    await s.advance(0);
    expect(s.wakeLock.lock.held).toBe(true);

    // the host page pauses the player again as the advert ends: the film does not resume after it
    await s.until(
      'the advert’s last second',
      () => s.store.getState().ads.ad!.currentTime >= AD_SECONDS - 1,
    );
    const calls = s.wakeLock.calls.length;
    await s.act({ type: 'ads/hostPlayRequested', payload: { play: false } });
    await s.until('the end of the break', () => !s.inBreak());
    await s.advance(1000);
    expect(s.actions.map((a) => a.type)).toContain(adsActions.breakEnded.type);
    expect(s.store.getState().media.paused).toBe(true);
    expect(s.wakeLock.calls.slice(calls)).toEqual(['release']);
    expect(s.wakeLock.lock.held).toBe(false);
  });

  it('after a mid-roll with no adverts, is let go on a pause, and while a new episode has not started', async () => {
    const s = session(SERIES, 'held', { noAds: true });
    await s.until('content', s.contentPlaying);
    const passed = () => s.actions.filter((a) => a.type === adsActions.breakPassed.type).length;
    await s.until('the mid-roll passed', () => passed() === 2); // the pre-roll's, the mid-roll's
    await s.advance(1000);
    expect(s.contentPlaying()).toBe(true);
    expect(s.wakeLock.lock.held).toBe(true);
    // the next episode's stream does not come: nothing plays, the screen may sleep
    const load = s.content.port.load;
    s.content.port.load = () => new Promise(() => undefined);
    await s.act(contentActions.episodeRequested({ episodeId: 204 }));
    await s.advance(1000);
    expect(s.store.getState().media.paused).toBe(true);
    expect(s.wakeLock.lock.held).toBe(false);

    // once the episode plays: kept on, and let go on a pause
    s.content.port.load = load;
    await s.act(contentActions.episodeRequested({ episodeId: 205 }));
    await s.until('the episode', s.contentPlaying);
    expect(s.wakeLock.lock.held).toBe(true);
    await s.act(playbackRequests.pauseRequested());
    expect(s.wakeLock.lock.held).toBe(false);
  });

  it('a refusal or a browser without the API changes nothing for playback', async () => {
    for (const outcome of ['refused', 'unsupported'] as const) {
      const s = session(SERIES, outcome);
      await s.until('content', s.contentPlaying);
      await s.advance(2000);
      expect(s.store.getState().media.paused).toBe(false);
      expect(s.errors).toEqual([]);
      const answers = s.actions.filter((a) => a.type === 'systemMedia/wakeLockRequested');
      expect(answers.map((a) => a.payload)).toContainEqual({ outcome });
      // nothing was held: a pause lets nothing go
      await s.act(playbackRequests.pauseRequested());
      expect(s.store.getState().media.paused).toBe(true);
      expect(s.since(0)).not.toContain('systemMedia/wakeLockReleased');
    }
  });
});

describe('the actors started on a playing film’s state (a restart), then the player destroyed', () => {
  it('tell and ask nothing at their start; take back the media keys and let the lock go at the end', async () => {
    const s = session();
    await s.until('content', s.contentPlaying);
    // the browser as the first actors left it
    const system = fakeMediaSession();
    const wakeLock = fakeWakeLock();
    const ports = { mediaSession: system.port, wakeLock: wakeLock.port } as Partial<Ports>;
    const env = {
      channel: stdChannel(),
      dispatch: () => undefined,
      getState: s.store.getState,
      context: { ports },
    };
    const tasks = [runSaga(env, mediaSessionActor), runSaga(env, wakeLockActor)];
    await Promise.resolve();
    expect(system.calls).toEqual([]);
    expect(wakeLock.calls).toEqual([]);

    tasks.forEach((task) => task.cancel());
    expect(system.calls).toContainEqual({ method: 'setMetadata', args: [null] });
    expect(system.calls).toContainEqual({ method: 'setActions', args: [[]] });
    expect(system.calls).toContainEqual({ method: 'setPlaybackState', args: ['none'] });
    expect(wakeLock.calls).toEqual(['release']);
  });
});
