import type { Middleware, UnknownAction } from 'redux';
import { expectSaga } from 'redux-saga-test-plan';
import { nextUpActor } from '../../../sagas/nextUp/nextUp';
import { rootReducer, type PlayerState } from '../../../src/state';
import { adsActions } from '../../../src/state/ads';
import { contentActions } from '../../../src/state/content';
import { selectIntroSkipTarget, selectNextUpCountdown } from '../../../src/state/markerSelectors';
import { nextUpActions, nextUpRequests } from '../../../src/state/nextUp';
import { mediaActions, playbackRequests } from '../../../src/state/playback';
import { resumeActions } from '../../../src/state/resume';
import { streamActions } from '../../../src/state/stream';
import { viewportActions } from '../../../src/state/viewport';
import { parseMarkers } from '../../../src/stream/markers';
import { createPlayer } from '../../../src/app/createPlayer';
import { parseConfig } from '../../../src/app/config';
import type { HttpRequest } from '../../../src/ports/types';
import {
  fakeHttp,
  fakeMedia,
  fakeParent,
  fakePorts,
  fakeStorage,
  HOST_ORIGIN,
  ok,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { PROTOCOL } from '../../../src/shared/protocol';
import { PROGRESS_KEY } from '../../../sagas/lib/storageKeys';
import { series } from '../../../tools/sim/fixtures';
import { BASE, catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

const MARKERS = parseMarkers({
  intro: { start: 1, end: 6 },
  credits: { start: 18 },
  chapters: [{ start: 0, title: 'Пролог' }],
});

const at = (currentTime: number) =>
  mediaActions.positionChanged({ currentTime, duration: 24, bufferedEnd: 24, playedSeconds: 0 });

/** The series at `episodeId`, its master JSON's markers loaded and playing, after `more`. */
function stateAfter(episodeId: number, ...more: UnknownAction[]): PlayerState {
  const { content, seasons, episodes } = series;
  return [
    contentActions.loaded({ content, seasons, episodes }),
    contentActions.episodeSelected({ episodeId }),
    streamActions.loadStarted({ url: 'x', sources: [], sourceIndex: 0, markers: MARKERS }),
    mediaActions.playing(),
    ...more,
  ].reduce(rootReducer, undefined as unknown as PlayerState);
}

/** Episode 203 with credits from 5 s: its countdown ends at 15, long before the end's margin. */
const longCredits = (...more: UnknownAction[]) =>
  [
    streamActions.loadStarted({
      url: 'x',
      sources: [],
      sourceIndex: 0,
      markers: parseMarkers({ credits: { start: 5 } }),
    }),
    mediaActions.playing(),
    ...more,
  ].reduce(rootReducer, stateAfter(203));

describe('the credits countdown to the next episode', () => {
  it('counts whole seconds of the episode from the credits, ending 1 s before its end', () => {
    // credits at 18 of 24: the countdown would be 10 s, the episode's end leaves it 5
    expect(selectNextUpCountdown(stateAfter(203, at(17.9)))).toBeNull();
    expect(selectNextUpCountdown(stateAfter(203, at(18)))).toBe(5);
    expect(selectNextUpCountdown(stateAfter(203, at(21.4)))).toBe(2);
    expect(selectNextUpCountdown(stateAfter(203, at(23.05)))).toBe(0);
  });

  it('counts at most 10 s when the credits are long', () => {
    const long = parseMarkers({ credits: { start: 5 } });
    const state = (t: number) =>
      [
        streamActions.loadStarted({ url: 'x', sources: [], sourceIndex: 0, markers: long }),
        mediaActions.playing(),
        at(t),
      ].reduce(rootReducer, stateAfter(203));
    expect(selectNextUpCountdown(state(5))).toBe(10);
    expect(selectNextUpCountdown(state(15))).toBe(0);
  });

  it.each([
    ['the last episode', stateAfter(205, at(20))],
    ['a cancelled countdown', stateAfter(203, at(19), nextUpRequests.countdownCancelled(), at(20))],
    [
      'an advert',
      stateAfter(
        203,
        at(20),
        adsActions.breakStarted({ kind: 'midroll', total: 1, contentTime: 20 }),
      ),
    ],
    [
      'a host page that turned autoplay off',
      stateAfter(203, resumeActions.autoplayChosen({ autoplay: false }), at(20)),
    ],
    [
      'an ended episode (its own end shows the card)',
      stateAfter(203, at(20), mediaActions.ended()),
    ],
  ])('has none on %s', (_name, state) => {
    expect(selectNextUpCountdown(state)).toBeNull();
  });

  it('starts again for the next episode after a cancel', () => {
    const cancelled = stateAfter(203, at(19), nextUpRequests.countdownCancelled());
    const next = [
      contentActions.episodeSelected({ episodeId: 204 }),
      mediaActions.reset(),
      streamActions.loadStarted({ url: 'x', sources: [], sourceIndex: 0, markers: MARKERS }),
      mediaActions.playing(),
      at(19),
    ].reduce(rootReducer, cancelled);
    expect(selectNextUpCountdown(next)).toBe(4);
  });

  it('asks for the next episode, the way the end of an episode does, once the countdown runs out', () => {
    return expectSaga(nextUpActor)
      .withReducer(rootReducer, stateAfter(203, at(22)))
      .dispatch(at(22.5))
      .dispatch(at(23.02))
      .dispatch(at(23.6))
      .put(nextUpActions.countdownEnded())
      .put(contentActions.episodeRequested({ episodeId: 204 }))
      .silentRun(50)
      .then(({ allEffects }) => {
        // asked once, though the position moves on until the episode changes
        const asked = allEffects.filter(
          (e) =>
            (e as { payload?: { action?: UnknownAction } }).payload?.action?.type ===
            contentActions.episodeRequested.type,
        );
        expect(asked).toHaveLength(1);
      });
  });

  it('counts down afresh from where a seek past the countdown landed, never moving on at once', () => {
    // credits at 5, countdown to 15: a seek from 3 to 16 counts 7 s from there (the end's margin
    // leaves no more)
    return expectSaga(nextUpActor)
      .withReducer(rootReducer, longCredits(at(3)))
      .dispatch(mediaActions.seeking({ currentTime: 16 }))
      .dispatch(mediaActions.seeked({ currentTime: 16 }))
      .not.put.actionType(contentActions.episodeRequested.type)
      .silentRun(50)
      .then(({ storeState }: { storeState: PlayerState }) => {
        expect(storeState.nextUp.armedAt).toBe(16);
        expect(selectNextUpCountdown(storeState)).toBe(7);
      });
  });

  it('re-arms the countdown even when a position at the landing comes before the seek ends', () => {
    return expectSaga(nextUpActor)
      .withReducer(rootReducer, longCredits(at(3)))
      .dispatch(mediaActions.seeking({ currentTime: 16 }))
      .dispatch(at(16))
      .dispatch(mediaActions.seeked({ currentTime: 16 }))
      .not.put.actionType(contentActions.episodeRequested.type)
      .silentRun(50)
      .then(({ storeState }: { storeState: PlayerState }) => {
        expect(selectNextUpCountdown(storeState)).toBe(7);
      });
  });

  it('counts at most 10 s from a seek far from the end, and none in the end’s margin', () => {
    const landed = (t: number) =>
      [
        mediaActions.seeking({ currentTime: t }),
        nextUpActions.countdownArmed({ at: t }),
        mediaActions.seeked({ currentTime: t }),
      ].reduce(rootReducer, stateAfter(203, at(3)));
    const long = [
      streamActions.loadStarted({
        url: 'x',
        sources: [],
        sourceIndex: 0,
        markers: parseMarkers({ credits: { start: 2 } }),
      }),
      mediaActions.playing(),
    ];
    expect(selectNextUpCountdown(long.reduce(rootReducer, landed(12.5)))).toBe(10);
    expect(selectNextUpCountdown(landed(23.2))).toBeNull();
  });

  it('moves on at the end of a re-armed countdown, not while paused', async () => {
    const rearmed = stateAfter(
      203,
      mediaActions.seeking({ currentTime: 21.5 }),
      nextUpActions.countdownArmed({ at: 21.5 }),
      mediaActions.seeked({ currentTime: 21.5 }),
    );
    await expectSaga(nextUpActor)
      .withReducer(
        rootReducer,
        [mediaActions.paused({ currentTime: 21.5 })].reduce(rootReducer, rearmed),
      )
      .dispatch(mediaActions.seeked({ currentTime: 23.2 }))
      .not.put.actionType(contentActions.episodeRequested.type)
      .silentRun(50);
    await expectSaga(nextUpActor)
      .withReducer(rootReducer, rearmed)
      .dispatch(at(23.1))
      .put(nextUpActions.countdownEnded())
      .put(playbackRequests.pauseRequested())
      .put(contentActions.episodeRequested({ episodeId: 204 }))
      .silentRun(50);
  });

  it('counts from the credits again after a seek back before them', () => {
    const rearmed = stateAfter(203, nextUpActions.countdownArmed({ at: 21.5 }));
    return expectSaga(nextUpActor)
      .withReducer(rootReducer, rearmed)
      .dispatch(mediaActions.seeked({ currentTime: 5 }))
      .dispatch(at(19))
      .silentRun(50)
      .then(({ storeState }: { storeState: PlayerState }) => {
        expect(selectNextUpCountdown(storeState)).toBe(4);
      });
  });

  it('never overrides an episode the viewer or the host chose during the credits', () => {
    return expectSaga(nextUpActor)
      .withReducer(rootReducer, stateAfter(203, at(22)))
      .dispatch(contentActions.episodeRequested({ episodeId: 201 }))
      .dispatch(at(23.1))
      .dispatch(at(23.6))
      .not.put.actionType(contentActions.episodeRequested.type)
      .silentRun(50);
  });

  it('keeps counting when the host asks for the episode already playing', () => {
    return expectSaga(nextUpActor)
      .withReducer(rootReducer, stateAfter(203, at(22)))
      .dispatch(contentActions.episodeRequested({ episodeId: 203 }))
      .dispatch(at(23.1))
      .put(contentActions.episodeRequested({ episodeId: 204 }))
      .silentRun(50);
  });

  it('shows nothing of the last episode’s markers while the next one loads', () => {
    const switching = stateAfter(203, at(22), contentActions.episodeSelected({ episodeId: 204 }));
    expect(switching.stream.markers.credits).toBeNull();
    expect(switching.stream.markers.chapters).toEqual([]);
    expect(selectNextUpCountdown(switching)).toBeNull();
  });

  it('lets the credits play on after a cancel: the episode’s own end decides', () => {
    return expectSaga(nextUpActor)
      .withReducer(rootReducer, stateAfter(203, at(19)))
      .dispatch(nextUpRequests.countdownCancelled())
      .dispatch(at(23.1))
      .dispatch(at(23.9))
      .not.put.actionType(contentActions.episodeRequested.type)
      .silentRun(50);
  });

  it('does nothing before the credits, nor on the last episode', async () => {
    await expectSaga(nextUpActor)
      .withReducer(rootReducer, stateAfter(203, at(10)))
      .dispatch(at(17))
      .not.put.actionType(contentActions.episodeRequested.type)
      .silentRun(50);
    await expectSaga(nextUpActor)
      .withReducer(rootReducer, stateAfter(205, at(22)))
      .dispatch(at(23.5))
      .not.put.actionType(contentActions.episodeRequested.type)
      .silentRun(50);
  });
});

describe('skipping the intro', () => {
  it('offers the intro’s end during the intro only', () => {
    expect(selectIntroSkipTarget(stateAfter(203, at(0.5)))).toBeNull();
    expect(selectIntroSkipTarget(stateAfter(203, at(1)))).toBe(6);
    expect(selectIntroSkipTarget(stateAfter(203, at(5.9)))).toBe(6);
    expect(selectIntroSkipTarget(stateAfter(203, at(6)))).toBeNull();
  });

  it('never skips to the episode’s end: an intro marked up to it skips to 1 s before', () => {
    const longIntro = parseMarkers({ intro: { start: 1, end: 40 } });
    const state = (t: number) =>
      [
        streamActions.loadStarted({ url: 'x', sources: [], sourceIndex: 0, markers: longIntro }),
        mediaActions.playing(),
        at(t),
      ].reduce(rootReducer, stateAfter(203));
    expect(selectIntroSkipTarget(state(2))).toBe(23);
    expect(selectIntroSkipTarget(state(23.5))).toBeNull();
  });

  it('does not offer it during an advert, nor before the episode has started', () => {
    const advert = adsActions.breakStarted({ kind: 'midroll', total: 1, contentTime: 3 });
    expect(selectIntroSkipTarget(stateAfter(203, at(3), advert))).toBeNull();
    const notStarted = [mediaActions.reset(), at(3)].reduce(rootReducer, stateAfter(203));
    expect(selectIntroSkipTarget(notStarted)).toBeNull();
  });
});

describe('the credits countdown in the whole player', () => {
  it('plays the next episode once the refreshed ad list has answered, after the countdown', async () => {
    const clock = virtualClock();
    const media = fakeMedia({ ok: true }, clock.port);
    const listRequests: number[] = [];
    const routes = fakeHttp({
      ...catalogRoutes(2, series),
      [`${BASE}/media/series.json`]: ok({
        sources: [{ label: 'A', link: '/media/hls/master.m3u8', isDefault: true }],
        subtitles: [],
        markers: { credits: { start: 18 } },
      }),
      [`${BASE}/ad-list.json`]: ok({ prerollList: [] }),
    });
    const http = {
      async request(req: HttpRequest) {
        if (req.url.startsWith(`${BASE}/ad-list.json`)) {
          listRequests.push(clock.port.now());
          await clock.port.sleep(500);
        }
        return routes.request(req);
      },
    };
    const { store } = startPlayer(
      '?movie_id=2&episode_id=203',
      fakePorts({ http, media: media.port, clock: clock.port }),
    );
    await untilIdle();
    await clock.advance(1_000);
    expect(store.getState().stream.markers.credits).toEqual({ start: 18 });
    media.state.currentTime = 17;
    media.emit({ type: 'playing' });
    await clock.advance(2_000); // at 19: counting down
    expect(selectNextUpCountdown(store.getState())).toBe(4);
    expect(listRequests).toHaveLength(1);
    await clock.advance(4_100); // at 23.1: run out, the ad list asked again
    expect(listRequests).toHaveLength(2);
    expect(store.getState().content.currentEpisodeId).toBe(203);
    await clock.advance(500);
    expect(store.getState().content.currentEpisodeId).toBe(204);
    const loads = media.calls.filter((c) => c.method === 'load');
    expect(loads).toHaveLength(2);
  });

  it('switches once, to the next episode, when the ad list and the master JSON answer slowly', async () => {
    const clock = virtualClock();
    const media = fakeMedia({ ok: true }, clock.port);
    const requested: number[] = [];
    const countEpisodeRequests: Middleware = () => (next) => (action) => {
      if (contentActions.episodeRequested.match(action)) requested.push(action.payload.episodeId);
      return next(action);
    };
    const counts = { list: 0, master: 0 };
    const routes = fakeHttp({
      ...catalogRoutes(2, series),
      [`${BASE}/media/series.json`]: ok({
        sources: [{ label: 'A', link: '/media/hls/master.m3u8', isDefault: true }],
        subtitles: [],
        markers: { credits: { start: 18 }, chapters: [{ start: 20, title: 'Титры' }] },
      }),
      [`${BASE}/ad-list.json`]: ok({ prerollList: [] }),
    });
    const http = {
      async request(req: HttpRequest) {
        const kind = req.url.startsWith(`${BASE}/ad-list.json`)
          ? 'list'
          : req.url.startsWith(`${BASE}/media/series.json`)
            ? 'master'
            : null;
        // the first answers come at once; the switch's take longer than a second each
        if (kind && ++counts[kind] > 1) await clock.port.sleep(1_500);
        return routes.request(req);
      },
    };
    const { store } = createPlayer({
      ports: fakePorts({ http, media: media.port, clock: clock.port }),
      config: parseConfig({ search: '?movie_id=2&episode_id=203', origin: BASE }),
      middleware: [countEpisodeRequests],
    });
    await untilIdle();
    await clock.advance(1_000);
    media.state.currentTime = 17;
    media.emit({ type: 'playing' });
    await clock.advance(6_100); // at 23.1: the countdown has run out
    expect(requested).toEqual([204]);
    // the old episode is paused at once: it cannot reach its own end during the switch
    expect(media.calls.filter((c) => c.method === 'pause')).toHaveLength(1);
    media.emit({ type: 'pause', currentTime: 23.1 });
    // the old video's own end comes anyway (a pause that came too late)
    media.state.currentTime = 24;
    media.emit({ type: 'ended' });
    await clock.advance(1_600); // the refreshed ad list has answered: the master JSON is awaited
    expect(store.getState().content.currentEpisodeId).toBe(204);
    expect(store.getState().stream.markers.chapters).toEqual([]);
    // the old video reports its position on (the element still plays the last episode)
    media.state.currentTime = 23.2;
    media.emit({ type: 'playing' });
    await clock.advance(1_000);
    expect(store.getState().stream.markers.chapters).toEqual([]);
    await clock.advance(2_000); // the master JSON has answered: the next episode loads
    expect(requested).toEqual([204]);
    expect(counts).toEqual({ list: 2, master: 2 });
    expect(store.getState().content.currentEpisodeId).toBe(204);
    expect(media.calls.filter((c) => c.method === 'load')).toHaveLength(2);
    expect(store.getState().stream.markers.chapters).toHaveLength(1);
  });

  it('ends the episode for the host page, analytics and its stored progress when the countdown runs out', async () => {
    const clock = virtualClock();
    const media = fakeMedia({ ok: true }, clock.port);
    const parent = fakeParent([], { embedder: HOST_ORIGIN });
    const storage = fakeStorage();
    const routes = fakeHttp({
      ...catalogRoutes(2, series),
      [`${BASE}/media/series.json`]: ok({
        sources: [{ label: 'A', link: '/media/hls/master.m3u8', isDefault: true }],
        subtitles: [],
        markers: { credits: { start: 18 } },
      }),
      [`${BASE}/ad-list.json`]: ok({ prerollList: [] }),
    });
    let lists = 0;
    const http = {
      async request(req: HttpRequest) {
        // the switch's ad list takes a while: the episode is still this one meanwhile
        if (req.url.startsWith(`${BASE}/ad-list.json`) && ++lists > 1)
          await clock.port.sleep(1_000);
        return routes.request(req);
      },
    };
    const ports = fakePorts({
      http,
      media: media.port,
      clock: clock.port,
      parent: parent.port,
      storage,
    });
    const { store } = startPlayer('?movie_id=2&episode_id=203', ports, {
      hostOrigin: HOST_ORIGIN,
      framed: true,
    });
    await untilIdle();
    await clock.advance(1_000);
    media.state.currentTime = 17;
    media.emit({ type: 'playing' });
    await clock.advance(6_100); // at 23.1: the countdown has run out
    expect(parent.posted.filter((m) => m.event === 'ended')).toEqual([
      expect.objectContaining({ protocol: PROTOCOL, event: 'ended' }),
    ]);
    const stats = ports.sentStats.map((s) => [s.event, s.payload.progress]);
    expect(stats).toContainEqual(['videoplayer_progress', 100]);
    expect(stats).toContainEqual(['videoplayer_ended', undefined]);
    // stored as finished: no continue prompt for it next time
    expect(JSON.parse(storage.get(PROGRESS_KEY) ?? '{}')).toEqual({ 203: 24 });
    // and asked during the switch, the player says the episode has ended
    expect(store.getState().content.currentEpisodeId).toBe(203);
    parent.send({ protocol: PROTOCOL, command: 'getEnded', requestId: 'e' }, HOST_ORIGIN, true);
    await untilIdle();
    expect(parent.posted.find((m) => m.requestId === 'e')).toMatchObject({ data: true });
    await clock.advance(1_100);
    expect(store.getState().content.currentEpisodeId).toBe(204);
  });
});

describe('the switch to the next episode after the countdown', () => {
  /**
   * Episode 203 played into its credits until the countdown ran out; the switch's ad list takes 1 s,
   * its master JSON 3 s.
   */
  async function countdownRanOut() {
    const clock = virtualClock();
    const media = fakeMedia({ ok: true }, clock.port);
    const parent = fakeParent([], { embedder: HOST_ORIGIN });
    const storage = fakeStorage();
    const routes = fakeHttp({
      ...catalogRoutes(2, series),
      [`${BASE}/media/series.json`]: ok({
        sources: [{ label: 'A', link: '/media/hls/master.m3u8', isDefault: true }],
        subtitles: [],
        markers: { credits: { start: 18 } },
      }),
      [`${BASE}/ad-list.json`]: ok({ prerollList: [] }),
    });
    const counts = { list: 0, master: 0 };
    const http = {
      async request(req: HttpRequest) {
        const kind = req.url.startsWith(`${BASE}/ad-list.json`)
          ? 'list'
          : req.url.startsWith(`${BASE}/media/series.json`)
            ? 'master'
            : null;
        if (kind && ++counts[kind] > 1) await clock.port.sleep(kind === 'list' ? 1_000 : 3_000);
        return routes.request(req);
      },
    };
    const ports = fakePorts({
      http,
      media: media.port,
      clock: clock.port,
      parent: parent.port,
      storage,
    });
    const { store } = startPlayer('?movie_id=2&episode_id=203', ports, {
      hostOrigin: HOST_ORIGIN,
      framed: true,
    });
    await untilIdle();
    await clock.advance(1_000);
    media.state.currentTime = 17;
    media.emit({ type: 'playing' });
    await clock.advance(6_100); // at 23.1: the countdown has run out, the switch is under way
    expect(store.getState().nextUp.ended).toBe(true);
    expect(store.getState().content.currentEpisodeId).toBe(203);
    const playsBefore = media.calls.filter((c) => c.method === 'play').length;
    const plays = () => media.calls.filter((c) => c.method === 'play').length - playsBefore;
    const sent = (event: string) => ports.sentStats.filter((s) => s.event === event);
    const told = () => parent.posted.map((m) => m.event).filter(Boolean);
    return { clock, media, parent, storage, store, ports, plays, sent, told };
  }

  it('keeps a play asked during the switch for the next episode, the old credits staying ended', async () => {
    const { clock, media, store, plays, sent, told } = await countdownRanOut();
    media.emit({ type: 'pause', currentTime: 23.1 });
    // the ad list has answered (no pre-roll holds the film): the next episode is chosen, its master
    // JSON awaited, the old video still in the element
    await clock.advance(1_100);
    expect(store.getState().content.currentEpisodeId).toBe(204);
    expect(media.calls.filter((c) => c.method === 'load')).toHaveLength(1);
    // the viewer (a click, Space, the lock screen) or the host asks to play during the switch
    store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    expect(plays()).toBe(0);
    // the old element's late start and end anyway (a pause that came too late)
    const pausesBefore = media.calls.filter((c) => c.method === 'pause').length;
    media.emit({ type: 'playing' });
    await untilIdle();
    // the credits that played on by themselves are paused again, unheard
    expect(media.calls.filter((c) => c.method === 'pause')).toHaveLength(pausesBefore + 1);
    media.state.currentTime = 24;
    media.emit({ type: 'ended' });
    await clock.advance(3_000); // the master JSON has answered: the next episode loads
    expect(told().filter((e) => e === 'ended')).toHaveLength(1);
    expect(sent('videoplayer_ended')).toHaveLength(1);
    // the next episode's own qoe is not sent before it has even loaded
    expect(sent('videoplayer_qoe')).toHaveLength(1);
    // and the play asked for goes to it, once loaded
    expect(media.calls.filter((c) => c.method === 'load')).toHaveLength(2);
    expect(plays()).toBe(1);
  });

  it('tells the host and analytics the end, and no pause after it', async () => {
    const { media, sent, told } = await countdownRanOut();
    media.emit({ type: 'pause', currentTime: 23.1 }); // the element's own pause of the countdown
    await untilIdle();
    const events = told().filter((e) => e === 'play' || e === 'pause' || e === 'ended');
    expect(events.slice(events.indexOf('ended'))).toEqual(['ended']);
    const stats = sent('videoplayer_pause').length + sent('videoplayer_ended').length;
    expect(sent('videoplayer_ended')).toHaveLength(1);
    expect(stats).toBe(1);
  });

  it('keeps the episode stored as finished when the page is hidden during the switch', async () => {
    const { clock, media, storage, store } = await countdownRanOut();
    media.emit({ type: 'pause', currentTime: 23.1 });
    store.dispatch(viewportActions.pageVisibilityChanged({ hidden: true }));
    await untilIdle();
    expect(JSON.parse(storage.get(PROGRESS_KEY) ?? '{}')).toEqual({ 203: 24 });
    store.dispatch(viewportActions.pageVisibilityChanged({ hidden: false }));
    await clock.advance(1_100); // the next episode is chosen, its master JSON awaited
    expect(store.getState().content.currentEpisodeId).toBe(204);
    store.dispatch(viewportActions.pageVisibilityChanged({ hidden: true }));
    await untilIdle();
    // nothing of the old video's position under the next episode's id
    expect(JSON.parse(storage.get(PROGRESS_KEY) ?? '{}')).toEqual({ 203: 24 });
  });
});
