import { PROTOCOL } from '../../../src/shared/protocol';
import { KinoPlayer } from '../../../src/sdk/embed';

const PLAYER = 'https://player.example';

function mount(attributes: Record<string, string>) {
  const container = document.createElement('div');
  container.setAttribute('data-kino-player', '');
  for (const [name, value] of Object.entries(attributes)) container.setAttribute(name, value);
  document.body.append(container);
  const player = new KinoPlayer(container, { playerUrl: `${PLAYER}/index.html` });
  const frame = player.iframe.contentWindow!;
  const posted: { message: Record<string, unknown>; origin: string }[] = [];
  frame.postMessage = ((message: Record<string, unknown>, origin: string) =>
    posted.push({ message, origin })) as typeof frame.postMessage;
  /** a message from this player's frame (or from elsewhere) to the page */
  const fromPlayer = (data: unknown, { origin = PLAYER, source = frame as Window | null } = {}) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  return { player, posted, fromPlayer, container };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the host SDK', () => {
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
  });

  it('keeps several players apart: each hears only its own frame, from its origin', async () => {
    const a = mount({ 'data-movie_id': '1' });
    const b = mount({ 'data-movie_id': '2' });
    const heardA: string[] = [];
    const heardB: string[] = [];
    a.player.on('*', (_d, event) => heardA.push(event));
    b.player.on('*', (_d, event) => heardB.push(event));
    a.fromPlayer({ protocol: PROTOCOL, event: 'play', data: null });
    a.fromPlayer(
      { protocol: PROTOCOL, event: 'pause', data: null },
      { origin: 'https://evil.example' },
    );
    b.fromPlayer({ protocol: PROTOCOL, event: 'ended', data: null });
    expect(heardA).toEqual(['play']);
    expect(heardB).toEqual(['ended']);
    expect(KinoPlayer.mountAll()).toEqual([]); // both containers already have their player
  });

  it('sends commands to the player origin once ready, and settles each with its answer', async () => {
    const { player, posted, fromPlayer } = mount({ 'data-movie_id': '2' });
    fromPlayer({ protocol: PROTOCOL, event: 'ready', data: { events: [], commands: [] } });
    const seek = player.seek(12);
    const time = player.getCurrentTime();
    const episode = player.selectEpisode(999);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(posted.map((p) => [p.message.command, p.origin])).toEqual([
      ['seek', PLAYER],
      ['getCurrentTime', PLAYER],
      ['selectEpisode', PLAYER],
    ]);
    const [s, t, e] = posted.map((p) => p.message.requestId);
    fromPlayer({ protocol: PROTOCOL, event: 'response', requestId: t, data: 12.5 });
    fromPlayer({ protocol: PROTOCOL, event: 'response', requestId: s });
    fromPlayer({
      protocol: PROTOCOL,
      event: 'response',
      requestId: e,
      error: { code: 'UNKNOWN_EPISODE', message: 'No episode 999' },
    });
    await expect(seek).resolves.toBeUndefined();
    await expect(time).resolves.toBe(12.5);
    await expect(episode).rejects.toMatchObject({ code: 'UNKNOWN_EPISODE' });
  });

  it('rejects ready with the error code when the player cannot play', async () => {
    const { player, fromPlayer } = mount({ 'data-movie_id': 'abc' });
    fromPlayer({ protocol: PROTOCOL, event: 'error', data: { code: 'MOVIE_ID_MISSING' } });
    await expect(player.ready).rejects.toMatchObject({ code: 'MOVIE_ID_MISSING' });
  });

  it('stretches the frame over the page and back, and hands analytics to the page function', () => {
    const { player, fromPlayer } = mount({ 'data-fullscreen_mode': 'stretched' });
    const before = player.iframe.style.cssText;
    fromPlayer({ protocol: PROTOCOL, event: 'fullscreenStretchedEnter', data: null });
    expect(player.iframe.style.position).toBe('fixed');
    fromPlayer({ protocol: PROTOCOL, event: 'fullscreenStretchedExit', data: null });
    expect(player.iframe.style.cssText).toBe(before);

    const calls: unknown[] = [];
    Object.assign(window, { videoplayerStatistics: (...args: unknown[]) => calls.push(args) });
    fromPlayer({
      protocol: PROTOCOL,
      event: 'analytics',
      data: { event: 'videoplayer_play', payload: { first_playback: 1 } },
    });
    expect(calls).toEqual([['videoplayer_play', { first_playback: 1 }]]);
  });

  it('a command never waits forever for a player that does not load', async () => {
    jest.useFakeTimers();
    try {
      const { player } = mount({});
      const play = player.play();
      jest.advanceTimersByTime(30_000);
      await expect(play).rejects.toMatchObject({ code: 'NOT_READY' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('destroy before the player loaded settles ready and the commands waiting for it', async () => {
    const { player } = mount({});
    const play = player.play();
    player.destroy();
    await expect(player.ready).rejects.toMatchObject({ code: 'DESTROYED' });
    await expect(play).rejects.toMatchObject({ code: 'DESTROYED' });
  });

  it('destroy removes the frame and rejects what is pending', async () => {
    const { player, fromPlayer, container } = mount({});
    fromPlayer({ protocol: PROTOCOL, event: 'ready', data: { events: [], commands: [] } });
    const pending = player.getDuration();
    await new Promise((resolve) => setTimeout(resolve, 0));
    player.destroy();
    await expect(pending).rejects.toMatchObject({ code: 'DESTROYED' });
    expect(container.querySelector('iframe')).toBeNull();
  });
});
