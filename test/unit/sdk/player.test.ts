// The host SDK (kino-player-sdk, src/sdk/index.ts) against a fake player frame: the frame it makes,
// the typed events, each handler on its own, every command settled in time with a stable code, and
// destroy leaving nothing behind.
import {
  ANSWER_TIMEOUT_MS,
  attachPlayer,
  createPlayer,
  mountAll,
  PROTOCOL,
  READY_TIMEOUT_MS,
  type CommandAnswer,
  type CommandArgs,
  type CommandName,
  type KinoPlayer,
  type PlayerEventName,
  type PlayerOptions,
} from '../../../src/sdk/index';
import { EPISODE, PLAYER } from './fixtures';

const READY = { events: ['play'], commands: ['play'] };

type Posted = { message: Record<string, unknown>; origin: string };

/** Stands in for the player in a frame: what the SDK posts to it, and messages from it. */
function fakeFrame(iframe: HTMLIFrameElement) {
  const frame = iframe.contentWindow!;
  const posted: Posted[] = [];
  frame.postMessage = ((message: Record<string, unknown>, origin: string) =>
    posted.push({ message, origin })) as typeof frame.postMessage;
  /** a message from this player's frame (or from elsewhere) to the page */
  const fromPlayer = (data: unknown, { origin = PLAYER, source = frame as Window | null } = {}) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  const tell = (event: string, data: unknown = null) =>
    fromPlayer({ protocol: PROTOCOL, event, data });
  const answer = (requestId: unknown, reply: { data?: unknown; error?: unknown } = {}) =>
    fromPlayer({ protocol: PROTOCOL, event: 'response', requestId, ...reply });
  const commands = () => posted.map((p) => p.message.command);
  const last = (command: string) => posted.filter((p) => p.message.command === command).at(-1);
  return { posted, fromPlayer, tell, answer, commands, last };
}

function mount(attributes: Record<string, string> = {}, options: PlayerOptions = {}) {
  const container = document.createElement('div');
  container.setAttribute('data-kino-player', '');
  for (const [name, value] of Object.entries(attributes)) container.setAttribute(name, value);
  document.body.append(container);
  const player = createPlayer(container, { playerUrl: `${PLAYER}/index.html`, ...options });
  return { player, container, ...fakeFrame(player.iframe) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the host SDK: the frame', () => {
  it('builds the frame from the data attributes: query, frame data, and the page origin', () => {
    const { player } = mount({
      'data-movie_id': '2',
      'data-auto_play': '1',
      'data-env_base_url': 'https://api.example',
      'data-fullscreen_mode': 'stretched',
    });
    const url = new URL(player.iframe.src);
    expect(url.origin).toBe(PLAYER);
    expect(url.searchParams.get('movie_id')).toBe('2');
    expect(url.searchParams.get('auto_play')).toBe('1');
    expect(url.searchParams.get('origin')).toBe(location.origin);
    // the frame has them all; the fragment only the presentation settings
    expect(player.iframe.getAttribute('data-env_base_url')).toBe('https://api.example');
    expect(player.iframe.getAttribute('data-fullscreen_mode')).toBe('stretched');
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('fullscreen_mode')).toBe('stretched');
    expect(fragment.get('env_base_url')).toBeNull();
    expect(player.iframe.allow).toContain('autoplay');
    expect(player.iframe.allow).toContain('screen-wake-lock'); // the screen stays on while it plays
  });

  it('needs the player address to make a frame', () => {
    const container = document.createElement('div');
    expect(() => createPlayer(container, {} as { playerUrl: string })).toThrow(/playerUrl/);
  });

  it('shakes hands when the frame loads, and answers the reload of the frame with a new ready', async () => {
    const { player, posted, tell, answer, last } = mount();
    player.iframe.dispatchEvent(new Event('load'));
    const hello = last('hello')!;
    expect(hello).toMatchObject({ origin: PLAYER, message: { protocol: PROTOCOL } });
    answer(hello.message.requestId, { data: null }); // not loaded yet: its ready event tells
    tell('ready', READY);
    await expect(player.ready).resolves.toEqual(READY);
    const first = player.ready;
    player.iframe.dispatchEvent(new Event('load'));
    expect(player.ready).not.toBe(first);
    expect(posted.filter((p) => p.message.command === 'hello')).toHaveLength(2);
    answer(last('hello')!.message.requestId, { data: READY }); // loaded already: the answer tells
    await expect(player.ready).resolves.toEqual(READY);
  });

  it('mountAll gives each data-kino-player element its player, once', () => {
    const a = document.createElement('div');
    a.setAttribute('data-kino-player', '');
    a.setAttribute('data-movie_id', '1');
    const b = a.cloneNode() as HTMLElement;
    b.setAttribute('data-movie_id', '2');
    const theirs = document.createElement('div');
    theirs.setAttribute('data-kino-player', '');
    theirs.innerHTML = '<iframe data-kino-frame src="https://other.example/"></iframe>';
    document.body.append(a, b, theirs);
    const players = mountAll({ playerUrl: `${PLAYER}/index.html` });
    expect(players).toHaveLength(2);
    expect(players.map((p) => new URL(p.iframe.src).searchParams.get('movie_id'))).toEqual([
      '1',
      '2',
    ]);
    expect(mountAll({ playerUrl: `${PLAYER}/index.html` })).toEqual(players);
    expect(document.querySelectorAll('iframe')).toHaveLength(3);
  });
});

describe('the host SDK: events', () => {
  it('delivers each event with its data to its handlers, and every one to "*"', () => {
    const { player, tell } = mount();
    const titles: string[] = [];
    const volumes: number[] = [];
    const all: [PlayerEventName, unknown][] = [];
    player.on('episodeChanged', (episode) => titles.push(episode.title));
    player.on('volumeChange', ({ volume, muted }) => volumes.push(muted ? 0 : volume));
    player.on('*', (data, event) => all.push([event, data]));
    tell('episodeChanged', EPISODE);
    tell('volumeChange', { volume: 0.5, muted: false });
    tell('play', null);
    expect(titles).toEqual(['Второй']);
    expect(volumes).toEqual([0.5]);
    expect(all).toEqual([
      ['episodeChanged', EPISODE],
      ['volumeChange', { volume: 0.5, muted: false }],
      ['play', null],
    ]);
  });

  it('once hears one event; off and the returned function remove a handler', () => {
    const { player, tell } = mount();
    const heard: string[] = [];
    player.once('pause', () => heard.push('once'));
    const onPlay = () => heard.push('play');
    player.on('play', onPlay);
    const stop = player.on('ended', () => heard.push('ended'));
    tell('pause', { currentTime: 1 });
    tell('pause', { currentTime: 2 });
    tell('play');
    player.off('play', onPlay);
    stop();
    tell('play');
    tell('ended');
    expect(heard).toEqual(['once', 'play']);
  });

  it('keeps several players apart: each hears only its own frame, from its origin', () => {
    const a = mount({ 'data-movie_id': '1' });
    const b = mount({ 'data-movie_id': '2' });
    const heardA: string[] = [];
    const heardB: string[] = [];
    a.player.on('*', (_d, event) => heardA.push(event));
    b.player.on('*', (_d, event) => heardB.push(event));
    a.tell('play');
    a.fromPlayer(
      { protocol: PROTOCOL, event: 'pause', data: null },
      { origin: 'https://evil.example' },
    );
    a.fromPlayer({ protocol: PROTOCOL, event: 'pause', data: null }, { source: null });
    a.fromPlayer({ protocol: 'other', event: 'pause', data: null });
    b.tell('ended');
    expect(heardA).toEqual(['play']);
    expect(heardB).toEqual(['ended']);
  });

  it('a handler that throws is reported, and the other handlers still hear the event', () => {
    const reported: [unknown, string][] = [];
    const { player, tell } = mount({}, { onHandlerError: (e, event) => reported.push([e, event]) });
    const heard: string[] = [];
    const boom = new Error('boom');
    player.on('play', () => {
      throw boom;
    });
    player.on('play', () => heard.push('second'));
    player.on('*', (_d, event) => heard.push(`* ${event}`));
    tell('play');
    expect(heard).toEqual(['second', '* play']);
    expect(reported).toEqual([[boom, 'play']]);
  });

  it('by default a throwing handler goes to console.error, and nothing escapes to the page', () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { player, tell } = mount();
    const heard: string[] = [];
    player.on('ended', () => {
      throw new Error('boom');
    });
    player.on('ended', () => heard.push('ended'));
    expect(() => tell('ended')).not.toThrow();
    expect(heard).toEqual(['ended']);
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('"ended"'),
      expect.objectContaining({ message: 'boom' }),
    );
  });

  it('stretches the frame over the page and back, and hands analytics to the page function', () => {
    const { player, tell } = mount({ 'data-fullscreen_mode': 'stretched' });
    const before = player.iframe.style.cssText;
    tell('fullscreenStretchedEnter');
    expect(player.iframe.style.position).toBe('fixed');
    tell('fullscreenStretchedExit');
    expect(player.iframe.style.cssText).toBe(before);

    const calls: unknown[] = [];
    Object.assign(window, { videoplayerStatistics: (...args: unknown[]) => calls.push(args) });
    tell('analytics', { event: 'videoplayer_play', payload: { first_playback: 1 } });
    expect(calls).toEqual([['videoplayer_play', { first_playback: 1 }]]);
  });
});

describe('the host SDK: commands', () => {
  it('sends commands to the player origin once ready, and settles each with its answer', async () => {
    const { player, posted, tell, answer } = mount();
    tell('ready', READY);
    const seek = player.seek(12);
    const time = player.getCurrentTime();
    const episode = player.selectEpisode(999);
    await tick();
    expect(posted.map((p) => [p.message.command, p.message.args, p.origin])).toEqual([
      ['seek', { time: 12 }, PLAYER],
      ['getCurrentTime', undefined, PLAYER],
      ['selectEpisode', { episodeId: 999 }, PLAYER],
    ]);
    const [s, t, e] = posted.map((p) => p.message.requestId);
    answer(t, { data: 12.5 });
    answer(s);
    answer(e, { error: { code: 'UNKNOWN_EPISODE', message: 'No episode 999' } });
    await expect(seek).resolves.toBeUndefined();
    await expect(time).resolves.toBe(12.5);
    await expect(episode).rejects.toMatchObject({ name: 'PlayerError', code: 'UNKNOWN_EPISODE' });
  });

  it('the flight log comes as its own message', async () => {
    const { player, tell, last, fromPlayer } = mount();
    tell('ready', READY);
    const log = player.getFlightLog();
    await tick();
    const { requestId } = last('exportLog')!.message;
    fromPlayer({ protocol: PROTOCOL, event: 'flightLog', requestId, data: '{"entries":[]}' });
    await expect(log).resolves.toBe('{"entries":[]}');
  });

  it('the new commands settle with the player’s answers and its refusal codes', async () => {
    const { player, tell, answer, last } = mount();
    tell('ready', READY);
    const rate = player.setPlaybackRate(1.5);
    const qualities = player.getQualities();
    const quality = player.setQuality(480);
    const subtitles = player.setSubtitleTrack('off');
    const fullscreen = player.requestFullscreen();
    const pip = player.requestPictureInPicture();
    const buffered = player.getBuffered();
    const ad = player.isAdPlaying();
    await tick();
    const id = (command: string) => last(command)!.message.requestId;
    answer(id('setPlaybackRate'));
    answer(id('getQualities'), { data: [{ level: 0, height: 720, bitrate: 1 }] });
    answer(id('setQuality'), { error: { code: 'UNKNOWN_QUALITY', message: 'No 480p quality' } });
    answer(id('setSubtitleTrack'));
    answer(id('requestFullscreen'), { error: { code: 'NOT_ALLOWED', message: 'gesture' } });
    answer(id('requestPictureInPicture'), { error: { code: 'AD_PLAYING', message: 'ad' } });
    answer(id('getBuffered'), { data: [[0, 12]] });
    answer(id('isAdPlaying'), { data: true });
    await expect(rate).resolves.toBeUndefined();
    await expect(qualities).resolves.toEqual([{ level: 0, height: 720, bitrate: 1 }]);
    await expect(quality).rejects.toMatchObject({ code: 'UNKNOWN_QUALITY' });
    await expect(subtitles).resolves.toBeUndefined();
    await expect(fullscreen).rejects.toMatchObject({ code: 'NOT_ALLOWED' });
    await expect(pip).rejects.toMatchObject({ code: 'AD_PLAYING' });
    await expect(buffered).resolves.toEqual([[0, 12]]);
    await expect(ad).resolves.toBe(true);
  });

  it('loadContent: once the player takes it, ready is the new content’s and later commands wait for it', async () => {
    const { player, tell, answer, last, commands } = mount();
    tell('ready', READY);
    const first = player.ready;
    const load = player.loadContent({ movieId: 7 });
    await tick();
    expect(last('loadContent')!.message.args).toEqual({ movieId: 7 });
    answer(last('loadContent')!.message.requestId);
    await load;
    expect(player.ready).not.toBe(first);
    const play = player.play();
    await tick();
    expect(commands()).not.toContain('play'); // the old content is gone: it waits for the new
    player.iframe.dispatchEvent(new Event('load')); // the frame has loaded the player again
    tell('ready', READY);
    await tick();
    answer(last('play')!.message.requestId);
    await expect(play).resolves.toBeUndefined();
  });

  it('loadContent: a command sent before its answer waits for the new content too', async () => {
    const { player, tell, answer, last, commands } = mount();
    tell('ready', READY);
    const load = player.loadContent({ movieId: 7 });
    const play = player.play(); // not awaited: sent right after
    await tick();
    expect(commands()).toEqual(['loadContent']);
    answer(last('loadContent')!.message.requestId);
    await load;
    await tick();
    expect(commands()).not.toContain('play'); // not to the old content
    player.iframe.dispatchEvent(new Event('load'));
    tell('ready', READY);
    await tick();
    answer(last('play')!.message.requestId);
    await expect(play).resolves.toBeUndefined();
  });

  it('loadContent is sent after the content could not play, and ready becomes the new content’s', async () => {
    const { player, tell, answer, last } = mount();
    tell('error', { code: 'CONTENT_NOT_FOUND', errorId: null });
    await expect(player.ready).rejects.toMatchObject({ code: 'CONTENT_NOT_FOUND' });
    const load = player.loadContent({ movieId: 2 });
    await tick();
    expect(last('loadContent')!.message.args).toEqual({ movieId: 2 });
    answer(last('loadContent')!.message.requestId);
    await load;
    player.iframe.dispatchEvent(new Event('load'));
    tell('ready', READY);
    await expect(player.ready).resolves.toEqual(READY);
  });

  it('an error event of the wrong shape from the frame is REFUSED, and loadContent still goes', async () => {
    for (const data of [null, 'boom', 42, [], { code: 42 }, { code: 'NOT_A_CODE' }]) {
      const { player, tell, answer, last } = mount();
      tell('error', data);
      await expect(player.ready).rejects.toMatchObject({ code: 'REFUSED' });
      const load = player.loadContent({ movieId: 3 });
      await tick();
      expect(last('loadContent')!.message.args).toEqual({ movieId: 3 });
      answer(last('loadContent')!.message.requestId);
      await expect(load).resolves.toBeUndefined();
      player.destroy();
    }
  });

  it('request ids differ from another client’s on the same frame', () => {
    const a = mount();
    const b = mount();
    a.tell('ready', READY);
    b.tell('ready', READY);
    void a.player.play();
    void b.player.play();
    return tick().then(() => {
      expect(a.last('play')!.message.requestId).not.toBe(b.last('play')!.message.requestId);
    });
  });

  it('loadContent refused (an advert plays): ready stays the content’s', async () => {
    const { player, tell, answer, last } = mount();
    tell('ready', READY);
    const first = player.ready;
    const load = player.loadContent({ movieId: 7, episodeId: 701 });
    await tick();
    answer(last('loadContent')!.message.requestId, {
      error: { code: 'AD_PLAYING', message: 'Not while an advert plays' },
    });
    await expect(load).rejects.toMatchObject({ code: 'AD_PLAYING' });
    expect(player.ready).toBe(first);
  });

  it('a refusal without a code is REFUSED', async () => {
    const { player, tell, answer, last } = mount();
    tell('ready', READY);
    const play = player.play();
    await tick();
    answer(last('play')!.message.requestId, { error: { message: 'no' } });
    await expect(play).rejects.toMatchObject({ code: 'REFUSED' });
  });

  it('rejects ready, and the commands waiting for it, with the code of the player that cannot play', async () => {
    const { player, tell } = mount({ 'data-movie_id': 'abc' });
    const play = player.play();
    tell('error', { code: 'MOVIE_ID_MISSING', errorId: null });
    await expect(player.ready).rejects.toMatchObject({ code: 'MOVIE_ID_MISSING' });
    await expect(play).rejects.toMatchObject({ code: 'MOVIE_ID_MISSING' });
  });

  it('a command of a player that never loads is NOT_READY after the stated time', async () => {
    jest.useFakeTimers();
    const { player, commands } = mount();
    const play = player.play();
    const settled = jest.fn();
    play.then(settled, settled);
    await jest.advanceTimersByTimeAsync(READY_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await expect(play).rejects.toMatchObject({ code: 'NOT_READY' });
    expect(commands()).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('a command the player does not answer is TIMEOUT after the stated time', async () => {
    jest.useFakeTimers();
    const { player, tell } = mount();
    tell('ready', READY);
    const volume = player.getVolume();
    const settled = jest.fn();
    volume.then(settled, settled);
    await jest.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await expect(volume).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('the times can be set per player', async () => {
    jest.useFakeTimers();
    const { player } = mount({}, { readyTimeoutMs: 500 });
    const play = expect(player.play()).rejects.toMatchObject({ code: 'NOT_READY' });
    await jest.advanceTimersByTimeAsync(500);
    await play;
  });
});

/**
 * Each command of the protocol (but the handshake, the SDK's own) as the SDK's method sends it, with
 * its arguments and its answer's type: a command the map gains without a method does not compile.
 */
const METHODS: {
  [K in Exclude<CommandName, 'hello'>]: [
    args: CommandArgs<K>,
    call: (player: KinoPlayer) => Promise<CommandAnswer<K>>,
  ];
} = {
  play: [undefined, (p) => p.play()],
  pause: [undefined, (p) => p.pause()],
  seek: [{ time: 12 }, (p) => p.seek(12)],
  setVolume: [{ volume: 0.5 }, (p) => p.setVolume(0.5)],
  mute: [undefined, (p) => p.mute()],
  unmute: [undefined, (p) => p.unmute()],
  selectEpisode: [{ episodeId: 204 }, (p) => p.selectEpisode(204)],
  setAutoplay: [{ autoplay: true }, (p) => p.setAutoplay(true)],
  setPlaybackRate: [{ rate: 1.5 }, (p) => p.setPlaybackRate(1.5)],
  setQuality: [{ quality: 'auto' }, (p) => p.setQuality('auto')],
  setSubtitleTrack: [{ id: 'off' }, (p) => p.setSubtitleTrack('off')],
  setAudioTrack: [{ id: 2 }, (p) => p.setAudioTrack(2)],
  requestFullscreen: [undefined, (p) => p.requestFullscreen()],
  exitFullscreen: [undefined, (p) => p.exitFullscreen()],
  requestPictureInPicture: [undefined, (p) => p.requestPictureInPicture()],
  loadContent: [
    { movieId: 9, episodeId: 901 },
    (p) => p.loadContent({ movieId: 9, episodeId: 901 }),
  ],
  exportLog: [undefined, (p) => p.getFlightLog()],
  getCurrentTime: [undefined, (p) => p.getCurrentTime()],
  getDuration: [undefined, (p) => p.getDuration()],
  getPaused: [undefined, (p) => p.getPaused()],
  getVolume: [undefined, (p) => p.getVolume()],
  getMuted: [undefined, (p) => p.getMuted()],
  getEpisode: [undefined, (p) => p.getEpisode()],
  getEpisodes: [undefined, (p) => p.getEpisodes()],
  getQuality: [undefined, (p) => p.getQuality()],
  getFullscreen: [undefined, (p) => p.getFullscreen()],
  getEnded: [undefined, (p) => p.getEnded()],
  getBuffered: [undefined, (p) => p.getBuffered()],
  getPlaybackRate: [undefined, (p) => p.getPlaybackRate()],
  getQualities: [undefined, (p) => p.getQualities()],
  getSubtitleTracks: [undefined, (p) => p.getSubtitleTracks()],
  getSubtitleTrack: [undefined, (p) => p.getSubtitleTrack()],
  getAudioTracks: [undefined, (p) => p.getAudioTracks()],
  getAudioTrack: [undefined, (p) => p.getAudioTrack()],
  getTracks: [undefined, (p) => p.getTracks()],
  getPictureInPicture: [undefined, (p) => p.getPictureInPicture()],
  isAdPlaying: [undefined, (p) => p.isAdPlaying()],
  getQoe: [undefined, (p) => p.getQoe()],
};

describe('the host SDK: every command of the protocol', () => {
  it.each(Object.entries(METHODS))(
    '%s: the method sends it with its arguments',
    async (name, [args, call]) => {
      const { player, tell, posted } = mount();
      tell('ready', READY);
      void call(player).catch(() => undefined);
      await tick();
      expect(posted.map((p) => [p.message.command, p.message.args])).toEqual([[name, args]]);
      player.destroy();
    },
  );
});

describe('the host SDK: destroy', () => {
  it('leaves nothing: no frame, no message listener, no timer; pending and later commands are DESTROYED', async () => {
    jest.useFakeTimers();
    const added = jest.spyOn(window, 'addEventListener');
    const removed = jest.spyOn(window, 'removeEventListener');
    const { player, container, tell } = mount();
    const listener = added.mock.calls.find(([type]) => type === 'message')?.[1];
    expect(listener).toBeDefined();
    const waiting = player.getPaused(); // waits for ready
    tell('ready', READY);
    await jest.advanceTimersByTimeAsync(0);
    const pending = player.getDuration(); // waits for its answer
    const beforeReady = player.ready;
    await jest.advanceTimersByTimeAsync(0);
    expect(jest.getTimerCount()).toBeGreaterThan(0);
    const heard: string[] = [];
    player.on('*', (_d, event) => heard.push(event));

    player.destroy();
    expect(container.querySelector('iframe')).toBeNull();
    expect(removed).toHaveBeenCalledWith('message', listener);
    expect(jest.getTimerCount()).toBe(0);
    await expect(waiting).rejects.toMatchObject({ code: 'DESTROYED' });
    await expect(pending).rejects.toMatchObject({ code: 'DESTROYED' });
    await expect(beforeReady).resolves.toEqual(READY); // it had loaded
    await expect(player.play()).rejects.toMatchObject({ code: 'DESTROYED' });
    tell('play');
    expect(heard).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
    player.destroy(); // twice is harmless
  });

  it('before the player loaded: ready and the commands waiting for it are DESTROYED', async () => {
    jest.useFakeTimers();
    const { player } = mount();
    const play = player.play();
    await jest.advanceTimersByTimeAsync(0);
    expect(jest.getTimerCount()).toBe(1); // the wait for ready
    player.destroy();
    expect(jest.getTimerCount()).toBe(0);
    await expect(player.ready).rejects.toMatchObject({ code: 'DESTROYED' });
    await expect(play).rejects.toMatchObject({ code: 'DESTROYED' });
  });

  it('a handler may destroy the player: the ones after it hear nothing', () => {
    const { player, tell } = mount();
    const heard: string[] = [];
    player.on('ended', () => player.destroy());
    player.on('ended', () => heard.push('after'));
    tell('ended');
    expect(heard).toEqual([]);
  });
});

describe('the host SDK: a frame of the page', () => {
  function pageFrame() {
    const iframe = document.createElement('iframe');
    iframe.src = `${PLAYER}/index.html?movie_id=1`;
    document.body.append(iframe);
    const fake = fakeFrame(iframe);
    return { iframe, ...fake };
  }

  it('takes the frame, asks it at once whether it has loaded, and hears it', async () => {
    const { iframe, tell, answer, last } = pageFrame();
    const player: KinoPlayer = attachPlayer(iframe);
    const hello = last('hello')!;
    expect(hello.origin).toBe(PLAYER);
    answer(hello.message.requestId, { data: READY });
    await expect(player.ready).resolves.toEqual(READY);
    const titles: string[] = [];
    player.on('episodeChanged', (e) => titles.push(e.title));
    tell('episodeChanged', EPISODE);
    expect(titles).toEqual(['Второй']);
  });

  it('destroy leaves the page its frame, as it was', () => {
    const { iframe, tell } = pageFrame();
    const player = attachPlayer(iframe);
    const style = iframe.style.cssText;
    tell('fullscreenStretchedEnter');
    player.destroy();
    expect(iframe.isConnected).toBe(true);
    expect(iframe.style.cssText).toBe(style);
  });

  it('needs a frame with an address', () => {
    expect(() => attachPlayer(document.createElement('iframe'))).toThrow(/src/);
  });
});
