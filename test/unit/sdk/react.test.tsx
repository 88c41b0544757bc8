// kino-player-sdk/react (src/sdk/react.ts) against a fake player frame: one frame per mounted
// component (StrictMode too), nothing left after unmount, callbacks changed without a new frame, a
// new movie in a new frame, the protocol's events in the typed callbacks, the ref's commands posted.
import { act, render } from '@testing-library/react';
import { createRef, StrictMode } from 'react';
import { PROTOCOL, type HostEpisode } from '../../../src/sdk/index';
import { KinoPlayer, type KinoPlayerHandle, type KinoPlayerProps } from '../../../src/sdk/react';
import { EPISODE, PLAYER } from './fixtures';

const frames = () => Array.from(document.querySelectorAll('iframe'));

/** The one frame on the page as the player in it: what was posted to it, and messages from it. */
function fakeFrame() {
  expect(frames()).toHaveLength(1);
  const iframe = frames()[0]!;
  const frame = iframe.contentWindow!;
  const posted: Record<string, unknown>[] = [];
  frame.postMessage = ((message: Record<string, unknown>) =>
    posted.push(message)) as typeof frame.postMessage;
  const tell = (event: string, data: unknown = null) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { protocol: PROTOCOL, event, data },
          origin: PLAYER,
          source: frame,
        }),
      );
    });
  const answer = (requestId: unknown, data?: unknown) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { protocol: PROTOCOL, event: 'response', requestId, data },
        origin: PLAYER,
        source: frame,
      }),
    );
  return { iframe, posted, tell, answer };
}

/** The page's message listeners, as added and removed. */
function messageListeners() {
  const live = new Set<unknown>() as Set<unknown> & { added: number };
  live.added = 0;
  jest.spyOn(window, 'addEventListener').mockImplementation(function (this: Window, ...args) {
    if (args[0] === 'message') {
      live.add(args[1]);
      live.added += 1;
    }
    return EventTarget.prototype.addEventListener.apply(this, args);
  });
  jest.spyOn(window, 'removeEventListener').mockImplementation(function (this: Window, ...args) {
    if (args[0] === 'message') live.delete(args[1]);
    return EventTarget.prototype.removeEventListener.apply(this, args);
  });
  return live;
}

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const player = (props: Partial<KinoPlayerProps> = {}) => (
  <KinoPlayer playerUrl={`${PLAYER}/index.html`} movieId={2} {...props} />
);

afterEach(() => {
  jest.restoreAllMocks();
});

describe('<KinoPlayer> (kino-player-sdk/react)', () => {
  it('mounts one frame with the embed parameters in its address', () => {
    const { unmount } = render(
      player({
        movieId: 2,
        episodeId: 203,
        autoPlay: false,
        advert: true,
        langOrder: ['en', 'ru'],
        fullscreenMode: 'stretched',
        title: 'Фильм',
      }),
    );
    expect(frames()).toHaveLength(1);
    const url = new URL(frames()[0]!.src);
    expect(`${url.origin}${url.pathname}`).toBe(`${PLAYER}/index.html`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      movie_id: '2',
      episode_id: '203',
      auto_play: '0',
      advert: '1',
      lang_order: 'en,ru',
      origin: window.location.origin,
    });
    expect(url.hash).toBe('#fullscreen_mode=stretched');
    expect(frames()[0]!.title).toBe('Фильм');
    unmount();
    expect(frames()).toHaveLength(0);
  });

  it('under StrictMode: one frame, and after unmount no frame and no message listener', () => {
    const listeners = messageListeners();
    const { unmount } = render(<StrictMode>{player()}</StrictMode>);
    expect(frames()).toHaveLength(1);
    expect(listeners.added).toBe(2); // StrictMode did make a player twice
    expect(listeners.size).toBe(1);
    unmount();
    expect(frames()).toHaveLength(0);
    expect(listeners.size).toBe(0);
  });

  it('takes new callbacks without a new frame, and the latest one hears the event', () => {
    const first = jest.fn();
    const second = jest.fn();
    const { rerender } = render(player({ onPause: first }));
    const { iframe, tell } = fakeFrame();
    rerender(player({ onPause: second }));
    expect(frames()).toEqual([iframe]);
    tell('pause', { currentTime: 12 });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ currentTime: 12 }, 'pause');
  });

  it('makes a new frame for another movie, the old one gone with its listener', () => {
    const listeners = messageListeners();
    const onPlay = jest.fn();
    const { rerender, unmount } = render(<StrictMode>{player({ onPlay })}</StrictMode>);
    const old = fakeFrame();
    rerender(<StrictMode>{player({ movieId: 1, onPlay })}</StrictMode>);
    expect(frames()).toHaveLength(1);
    expect(frames()[0]).not.toBe(old.iframe);
    expect(new URL(frames()[0]!.src).searchParams.get('movie_id')).toBe('1');
    expect(listeners.size).toBe(1);
    old.tell('play'); // the old frame is not heard any more
    expect(onPlay).not.toHaveBeenCalled();
    fakeFrame().tell('play');
    expect(onPlay).toHaveBeenCalledTimes(1);
    unmount();
    expect(listeners.size).toBe(0);
  });

  it('gives the protocol events to their typed callbacks', () => {
    const onReady = jest.fn();
    const onEpisodeChanged = jest.fn((episode: HostEpisode) => episode.title);
    const onTimeupdate = jest.fn(({ currentTime }: { currentTime: number }) => currentTime);
    const onAdBreakStarted = jest.fn();
    const onFullscreenStretchedEnter = jest.fn();
    render(
      player({
        onReady,
        onEpisodeChanged,
        onTimeupdate,
        onAdBreakStarted,
        onFullscreenStretchedEnter,
      }),
    );
    const { tell } = fakeFrame();
    tell('ready', { events: [], commands: [] });
    tell('episodeChanged', EPISODE);
    tell('timeupdate', { currentTime: 3, duration: 10 });
    tell('adBreakStarted', { kind: 'midroll', total: 2, contentTime: 30 });
    tell('fullscreenStretchedEnter');
    expect(onReady).toHaveBeenCalledWith({ events: [], commands: [] }, 'ready');
    expect(onEpisodeChanged).toHaveBeenCalledWith(EPISODE, 'episodeChanged');
    expect(onTimeupdate).toHaveBeenCalledWith({ currentTime: 3, duration: 10 }, 'timeupdate');
    expect(onAdBreakStarted.mock.calls[0]![0]).toEqual({
      kind: 'midroll',
      total: 2,
      contentTime: 30,
    });
    expect(onFullscreenStretchedEnter).toHaveBeenCalledWith(null, 'fullscreenStretchedEnter');
  });

  it('reports a callback that throws, and the others still hear the event', () => {
    const onHandlerError = jest.fn();
    const onPlay = jest.fn(() => {
      throw new Error('host bug');
    });
    render(player({ onPlay, onHandlerError }));
    fakeFrame().tell('play');
    expect(onHandlerError).toHaveBeenCalledWith(new Error('host bug'), 'play');
  });

  it('sends the commands of its ref to the player of the moment', async () => {
    const ref = createRef<KinoPlayerHandle>();
    const { rerender, unmount } = render(
      <StrictMode>
        <KinoPlayer ref={ref} playerUrl={`${PLAYER}/index.html`} movieId={2} />
      </StrictMode>,
    );
    const handle = ref.current!;
    const { posted, tell, answer } = fakeFrame();
    tell('ready', { events: [], commands: [] });
    await expect(handle.ready).resolves.toEqual({ events: [], commands: [] });

    const paused = handle.pause();
    const seeked = handle.seek(42);
    const time = handle.getCurrentTime();
    await tick();
    const sent = posted.filter((m) => m.command !== 'hello');
    expect(sent).toEqual([
      { protocol: PROTOCOL, command: 'pause', requestId: expect.any(Number) },
      { protocol: PROTOCOL, command: 'seek', requestId: expect.any(Number), args: { time: 42 } },
      { protocol: PROTOCOL, command: 'getCurrentTime', requestId: expect.any(Number) },
    ]);
    for (const message of sent.slice(0, 2)) answer(message.requestId);
    answer(sent[2]!.requestId, 41.5);
    await expect(paused).resolves.toBeUndefined();
    await expect(seeked).resolves.toBeUndefined();
    await expect(time).resolves.toBe(41.5);

    // a new movie, a new frame: the same handle steers it
    rerender(
      <StrictMode>
        <KinoPlayer ref={ref} playerUrl={`${PLAYER}/index.html`} movieId={1} />
      </StrictMode>,
    );
    expect(ref.current).toBe(handle);
    expect(handle.player?.iframe).toBe(frames()[0]);
    const next = fakeFrame();
    next.tell('ready', { events: [], commands: [] });
    const played = handle.play();
    await tick();
    expect(next.posted.filter((m) => m.command === 'play')).toHaveLength(1);
    next.answer(next.posted.find((m) => m.command === 'play')!.requestId);
    await expect(played).resolves.toBeUndefined();

    unmount();
    expect(ref.current).toBeNull();
    await expect(handle.play()).rejects.toMatchObject({ code: 'DESTROYED' });
    expect(handle.player).toBeNull();
  });
});
