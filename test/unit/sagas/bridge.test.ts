import { PROTOCOL } from '../../../src/shared/protocol';
import { adsActions } from '../../../src/state/ads';
import {
  fakeHttp,
  fakeMedia,
  fakeParent,
  fakePorts,
  HOST_ORIGIN,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { series } from '../../../tools/sim/fixtures';
import { catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

const EVIL = 'https://evil.example';

/** The series in a frame of HOST_ORIGIN (or of an origin the browser does not tell). */
async function embedded(
  search = '?movie_id=2',
  embedder: string | null = HOST_ORIGIN,
  dataset: Record<string, string> = {},
) {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  const parent = fakeParent([], { embedder });
  const ports = fakePorts({
    http: fakeHttp(catalogRoutes(2, series)),
    media: media.port,
    clock: clock.port,
    parent: parent.port,
  });
  const { store } = startPlayer(search, ports, { hostOrigin: embedder, framed: true, dataset });
  await untilIdle();
  const send = async (data: unknown, origin = HOST_ORIGIN, fromParent = true) => {
    parent.send(data, origin, fromParent);
    await untilIdle();
  };
  const command = (command: string, args?: unknown, requestId: unknown = 1) =>
    send({ protocol: PROTOCOL, command, args, requestId });
  // the analytics mirror has its own test
  const events = () => parent.posted.map((m) => m.event).filter((e) => e !== 'analytics');
  const methods = () => media.calls.map((c) => c.method);
  return { store, media, parent, send, command, events, methods, clock };
}

describe('the bridge actor: what the host page hears', () => {
  it('tells the boot with what it may hear and ask, the chosen episode and playback, to the host origin only', async () => {
    const { parent, media, events } = await embedded();
    media.emit({ type: 'playing' });
    await untilIdle();
    expect(events()).toEqual(['ready', 'ready', 'episodeChanged', 'play']);
    const [ours, playerjs] = parent.posted;
    expect(ours).toMatchObject({ protocol: PROTOCOL, event: 'ready' });
    expect((ours?.data as { commands: string[] }).commands).toEqual(
      expect.arrayContaining(['play', 'seek', 'selectEpisode', 'getCurrentTime', 'exportLog']),
    );
    expect((ours?.data as { events: string[] }).events).toEqual(
      expect.arrayContaining(['timeupdate', 'episodeChanged', 'adStarted', 'error']),
    );
    // the player.js protocol's ready, for its clients (with the frame's address, as they expect)
    expect(playerjs).toMatchObject({
      context: 'player.js',
      event: 'ready',
      value: { src: 'https://demo.example/index.html?movie_id=1' },
    });
    expect(parent.posted[2]).toMatchObject({ data: { id: 202, order: 2, title: 'Встреча' } });
    expect(new Set(parent.targets)).toEqual(new Set([HOST_ORIGIN]));
  });

  it('mirrors each analytics event to the host page, as the statistics function got it', async () => {
    const { media, parent } = await embedded();
    media.emit({ type: 'playing' });
    await untilIdle();
    const mirrored = parent.posted.find((m) => m.event === 'analytics');
    expect(mirrored).toMatchObject({
      protocol: PROTOCOL,
      data: { event: 'videoplayer_play', payload: { first_playback: 1, video_id: 2 } },
    });
  });

  it('sends the once-a-second timeupdate only to a host that has spoken', async () => {
    const { media, clock, events, command } = await embedded();
    media.emit({ type: 'playing' });
    await clock.advance(3000);
    expect(events()).not.toContain('timeupdate');
    await command('hello');
    await clock.advance(3000);
    expect(events().filter((e) => e === 'timeupdate').length).toBeGreaterThanOrEqual(2);
  });

  it('tells an ad duration it does not know as -2 (SPEC.md section 9)', async () => {
    const { store, parent } = await embedded();
    store.dispatch(adsActions.breakStarted({ kind: 'preroll', total: 1, contentTime: 0 }));
    store.dispatch(adsActions.adCreated({ index: 0, vastUrl: 'https://ads.example/v.xml' }));
    store.dispatch(
      adsActions.adLoaded({
        id: 'vpaid-1',
        title: 'VPAID',
        durationSec: 0, // a creative that has not told its duration
        skipOffsetSec: null,
        clickThrough: null,
        vpaid: true,
      }),
    );
    store.dispatch(adsActions.adStarted());
    await untilIdle();
    const started = parent.posted.find((m) => m.event === 'adStarted');
    expect(started?.data).toMatchObject({ id: 'vpaid-1', durationSec: -2 });
  });

  it('names a failed boot with a stable code', async () => {
    const { events, parent } = await embedded('?movie_id=abc');
    expect(events()).toEqual(['error']);
    expect(parent.posted[0]).toMatchObject({ data: { code: 'MOVIE_ID_MISSING' } });
  });
});

describe('the bridge actor: what the host page asks', () => {
  it('carries out play, pause, seek, volume, mute and answers each request', async () => {
    const { command, methods, media, parent, store } = await embedded();
    await command('play', undefined, 'r1');
    await command('pause', undefined, 'r2');
    await command('seek', { time: 42 }, 'r3');
    await command('setVolume', { volume: 0.25 }, 'r4');
    await command('mute', undefined, 'r5');
    expect(methods()).toEqual(expect.arrayContaining(['play', 'pause', 'seek', 'setVolume']));
    expect(media.calls.find((c) => c.method === 'seek')?.args).toEqual([42]);
    expect(media.calls.filter((c) => c.method === 'setVolume').map((c) => c.args)).toEqual(
      expect.arrayContaining([
        [0.25, false],
        [expect.any(Number), true],
      ]),
    );
    const responses = parent.posted.filter((m) => m.event === 'response');
    expect(responses.map((r) => r.requestId)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(store.getState().bridge.ignored).toBe(0);
  });

  it('answers getters from the state', async () => {
    const { command, parent, media } = await embedded();
    media.state.currentTime = 12;
    media.state.duration = 100;
    media.emit({ type: 'playing' });
    await untilIdle();
    await command('getEpisode', undefined, 7);
    await command('getPaused', undefined, 8);
    const answer = (id: number) => parent.posted.find((m) => m.requestId === id);
    expect(answer(7)).toMatchObject({ event: 'response', data: { id: 202 } });
    expect(answer(8)).toMatchObject({ event: 'response', data: false });
  });

  it('a getter answers with the effect of every command sent before it, before the element’s events', async () => {
    const { command, parent, media } = await embedded();
    media.emit({ type: 'playing' });
    await untilIdle();
    const answer = (id: string) => parent.posted.find((m) => m.requestId === id)?.data;
    await command('setVolume', { volume: 0.87 }, 'v');
    await command('getVolume', undefined, 'gv');
    await command('mute', undefined, 'm');
    await command('getMuted', undefined, 'gm');
    await command('getVolume', undefined, 'gv2');
    await command('pause', undefined, 'p');
    await command('getPaused', undefined, 'gp');
    expect([answer('gv'), answer('gm'), answer('gv2'), answer('gp')]).toEqual([
      0.87,
      true,
      0.87,
      true,
    ]);
  });

  it('setAutoplay off holds the next episode at an episode’s end; on again, the next starts by itself', async () => {
    const { command, parent, media, store } = await embedded();
    const answer = (id: string) => parent.posted.find((m) => m.requestId === id);
    await command('setAutoplay', { autoplay: false }, 'off');
    expect(answer('off')).toMatchObject({ event: 'response', command: 'setAutoplay' });
    expect(store.getState().resume.autoplay).toBe(false);
    media.emit({ type: 'playing' });
    media.emit({ type: 'ended' });
    await untilIdle();
    expect(store.getState().content.currentEpisodeId).toBe(202);
    await command('setAutoplay', { autoplay: true }, 'on');
    media.emit({ type: 'ended' });
    await untilIdle();
    expect(store.getState().content.currentEpisodeId).toBe(203);
    expect(store.getState().resume.autoplay).toBe(true);
    await command('setAutoplay', { autoplay: 'yes' }, 'bad');
    expect(answer('bad')).toMatchObject({ error: { code: 'BAD_ARGUMENT' } }); // not carried out, counted
    expect(store.getState().bridge.ignored).toBe(1);
  });

  it('setAutoplay on before the boot never starts the film under the continue prompt', async () => {
    const clock = virtualClock();
    const media = fakeMedia({ ok: true }, clock.port);
    const parent = fakeParent([], { embedder: HOST_ORIGIN });
    const ports = fakePorts({
      http: fakeHttp(catalogRoutes(2, series)),
      media: media.port,
      clock: clock.port,
      parent: parent.port,
    });
    const { store } = startPlayer('?movie_id=2', ports, { hostOrigin: HOST_ORIGIN, framed: true });
    parent.send({
      protocol: PROTOCOL,
      command: 'setAutoplay',
      args: { autoplay: true },
      requestId: 1,
    });
    await untilIdle();
    expect(store.getState().resume).toMatchObject({ promptVisible: true, autoplay: false });
    expect(media.calls.map((c) => c.method)).not.toContain('play');
  });

  it('selects a known episode and refuses an unknown one with a code', async () => {
    const { command, parent, store } = await embedded();
    await command('selectEpisode', { episodeId: 203 }, 'known');
    expect(store.getState().content.currentEpisodeId).toBe(203);
    await command('selectEpisode', { episodeId: 999 }, 'unknown');
    const answer = parent.posted.find((m) => m.requestId === 'unknown');
    expect(answer).toMatchObject({ error: { code: 'UNKNOWN_EPISODE' } });
    expect(store.getState().content.currentEpisodeId).toBe(203);
  });

  it('ignores and counts messages from another window, another origin, or of a wrong shape', async () => {
    const { send, command, store, methods } = await embedded();
    const before = methods().length;
    await send({ protocol: PROTOCOL, command: 'pause' }, HOST_ORIGIN, false); // a sibling frame
    await send({ protocol: PROTOCOL, command: 'pause' }, EVIL); // the parent navigated elsewhere
    await command('seek', { time: 'now' });
    await send('{"broken json');
    await send(null);
    await send({ protocol: PROTOCOL, command: 'constructor' });
    expect(methods().length).toBe(before);
    expect(store.getState().bridge.ignored).toBe(6);
  });

  it('counts a flood the port dropped, and still carries out the message that came through', async () => {
    const { parent, store, methods } = await embedded();
    parent.listeners.forEach((listener) =>
      listener({
        data: { protocol: PROTOCOL, command: 'pause', requestId: 7 },
        origin: HOST_ORIGIN,
        fromParent: true,
        dropped: 5000,
      }),
    );
    await untilIdle();
    expect(store.getState().bridge.ignored).toBe(5000);
    expect(methods()).toContain('pause');
    expect(parent.posted.at(-1)).toEqual(
      expect.objectContaining({ event: 'response', command: 'pause', requestId: 7 }),
    );
  });

  it('closes an open menu on the SPEC.md click message', async () => {
    const { send, store } = await embedded();
    store.dispatch({ type: 'ui/settingsToggled' });
    expect(store.getState().ui.menu).toBe('main');
    await send({ action: { type: 'click' } });
    expect(store.getState().ui.menu).toBeNull();
  });
});

describe('the bridge actor: the fullscreen-stretched mode', () => {
  it('asks the host page to stretch the frame and to shrink it back, instead of the browser fullscreen', async () => {
    const { store, events } = await embedded('?movie_id=2', HOST_ORIGIN, {
      fullscreen_mode: 'stretched',
    });
    store.dispatch({ type: 'ui/fullscreenToggled' });
    await untilIdle();
    expect(store.getState().viewport.stretched).toBe(true);
    store.dispatch({ type: 'ui/stretchedCloseRequested' });
    await untilIdle();
    expect(events().slice(-2)).toEqual(['fullscreenStretchedEnter', 'fullscreenStretchedExit']);
    expect(store.getState().viewport.stretched).toBe(false);
  });
});

describe('the bridge actor: the host origin', () => {
  it('when the browser does not tell it, waits for the handshake and then hears that origin only', async () => {
    const { parent, command, send, events, store } = await embedded('?movie_id=2', null);
    // to an unknown origin, only the player.js ready (its clients wait for it before saying anything)
    expect(parent.posted).toEqual([
      expect.objectContaining({ context: 'player.js', event: 'ready' }),
    ]);
    expect(parent.targets).toEqual(['*']);
    await command('hello', undefined, 'h');
    expect(events()).toEqual(['ready', 'response']);
    expect(parent.posted[1]).toMatchObject({ data: { commands: expect.any(Array) } });
    expect(parent.targets).toEqual(['*', HOST_ORIGIN]);
    await send({ protocol: PROTOCOL, command: 'pause' }, EVIL);
    expect(store.getState().bridge.ignored).toBe(1);
    expect(store.getState().bridge.target).toBe(HOST_ORIGIN);
  });

  it('prefers the configured origins to the one the browser tells', async () => {
    const { parent, send, store } = await embedded(
      `?movie_id=2&origin=${encodeURIComponent('https://a.example,https://b.example')}`,
    );
    // two allowed origins: which one is the parent's is not known yet, so our protocol waits
    expect(parent.posted.filter((m) => m.protocol === PROTOCOL)).toEqual([]);
    await send({ protocol: PROTOCOL, command: 'hello' }, HOST_ORIGIN);
    expect(store.getState().bridge.ignored).toBe(1);
    await send({ protocol: PROTOCOL, command: 'hello', requestId: 1 }, 'https://b.example');
    expect(parent.targets.filter((t) => t !== '*')).toEqual(['https://b.example']);
  });
});

describe('the bridge actor: the player.js protocol', () => {
  const pj = (message: Record<string, unknown>) =>
    JSON.stringify({ context: 'player.js', version: '0.1.0', ...message });

  it('sends events to the listeners a client added, answers getters, and scales volume', async () => {
    const { send, parent, media, methods } = await embedded();
    await send(pj({ method: 'addEventListener', value: 'play', listener: 'L1' }));
    await send(pj({ method: 'addEventListener', value: 'no-such-event', listener: 'L2' }));
    media.emit({ type: 'playing' });
    await untilIdle();
    const playerjsPosts = () => parent.posted.filter((m) => m.context === 'player.js');
    // the protocol's messages are JSON strings, as its clients parse them
    const playerjsRaw = parent.raw.filter((m) => String(m).includes('"context":"player.js"'));
    expect(playerjsRaw.length).toBeGreaterThan(0);
    for (const message of playerjsRaw) expect(typeof message).toBe('string');
    expect(playerjsPosts().at(-1)).toMatchObject({
      context: 'player.js',
      event: 'play',
      listener: 'L1',
    });
    await send(pj({ method: 'setVolume', value: 40 }));
    expect(media.calls.filter((c) => c.method === 'setVolume').at(-1)?.args).toEqual([0.4, false]);
    media.emit({ type: 'volumechange', volume: 0.4, muted: false });
    await send(pj({ method: 'getVolume', listener: 'G' }));
    expect(playerjsPosts().at(-1)).toMatchObject({ event: 'getVolume', value: 40, listener: 'G' });
    await send(pj({ method: 'setCurrentTime', value: 9 }));
    expect(methods()).toContain('seek');
  });

  it('answers getVolume with a setVolume sent just before it', async () => {
    const { send, parent } = await embedded();
    await send(pj({ method: 'setVolume', value: 87 }));
    await send(pj({ method: 'getVolume', listener: 'G' }));
    const answer = parent.posted.filter((m) => m.context === 'player.js').at(-1);
    expect(answer).toMatchObject({ event: 'getVolume', value: 87, listener: 'G' });
  });

  it('keeps at most 16 listeners per event, however many a page adds', async () => {
    const { send, store } = await embedded();
    for (let i = 0; i < 40; i++)
      await send(pj({ method: 'addEventListener', value: 'timeupdate', listener: `L${i}` }));
    const listeners = store.getState().bridge.playerjsListeners.timeupdate ?? [];
    expect(listeners).toHaveLength(16);
    expect(listeners.at(-1)).toBe('L39');
  });

  it('answers a late ready listener with ready again', async () => {
    const { send, parent } = await embedded();
    await send(pj({ method: 'addEventListener', value: 'ready', listener: 'R' }));
    expect(parent.posted.filter((m) => m.context === 'player.js').at(-1)).toMatchObject({
      event: 'ready',
      listener: 'R',
    });
  });
});
