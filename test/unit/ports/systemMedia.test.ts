// The media session and wake lock ports' browser adapters: what the browser is told, what the player
// hears back, and browsers without either API.
import { createMediaSessionPort } from '../../../src/ports/mediaSession';
import { createWakeLockPort } from '../../../src/ports/wakeLock';

type Handler = ((details: MediaSessionActionDetails) => void) | null;

function stubMediaSession({ unknownActions = [] as string[] } = {}) {
  const handlers = new Map<string, Handler>();
  const session = {
    metadata: null as MediaMetadata | null,
    playbackState: 'none',
    position: undefined as MediaPositionState | undefined | 'cleared',
    setActionHandler(action: string, handler: Handler) {
      if (unknownActions.includes(action)) throw new TypeError(`unknown action ${action}`);
      handlers.set(action, handler);
    },
    setPositionState(state?: MediaPositionState) {
      if (state && state.position! > state.duration!) throw new TypeError('position past the end');
      session.position = state ?? 'cleared';
    },
  };
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  // the browser's MediaMetadata keeps what it is given
  (globalThis as Record<string, unknown>).MediaMetadata = function MediaMetadata(
    this: MediaMetadataInit,
    init: MediaMetadataInit,
  ) {
    Object.assign(this, init);
  };
  return { session, handlers };
}

function stubWakeLock() {
  const sentinels: (EventTarget & { released: boolean; release: jest.Mock })[] = [];
  let answer: { resolve(): void; reject(e: unknown): void } | null = null;
  const make = () => {
    const sentinel = Object.assign(new EventTarget(), {
      released: false,
      release: jest.fn(async () => {
        sentinel.released = true;
        sentinel.dispatchEvent(new Event('release'));
      }),
    });
    sentinels.push(sentinel);
    return sentinel;
  };
  const request = jest.fn(
    () =>
      new Promise((resolve, reject) => {
        answer = { resolve: () => resolve(make()), reject };
      }),
  );
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  const grant = async () => {
    answer!.resolve();
    await Promise.resolve();
  };
  return { request, sentinels, grant, refuse: (e: unknown) => answer!.reject(e) };
}

afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).mediaSession;
  delete (navigator as unknown as Record<string, unknown>).wakeLock;
});

describe('media session port', () => {
  it('does nothing in a browser without the API, and never throws', () => {
    const port = createMediaSessionPort();
    expect(() => {
      port.setMetadata({ title: 'T', artist: '', album: '', artwork: null });
      port.setPlaybackState('playing');
      port.setActions(['play']);
      port.setPositionState({ duration: 10, position: 1, playbackRate: 1 });
    }).not.toThrow();
  });

  it('tells the metadata with the poster as artwork, and clears it', () => {
    const { session } = stubMediaSession();
    const port = createMediaSessionPort();
    port.setMetadata({
      title: 'Фильм',
      artist: 'Сезон 1, эпизод 2',
      album: 'Встреча',
      artwork: '/p.jpg',
    });
    expect(session.metadata).toMatchObject({
      title: 'Фильм',
      artist: 'Сезон 1, эпизод 2',
      artwork: [{ src: '/p.jpg' }],
    });
    port.setMetadata(null);
    expect(session.metadata).toBeNull();
  });

  it('offers a handler for each action asked, removes the others, and reports presses with finite values only', () => {
    const { handlers } = stubMediaSession({ unknownActions: ['nexttrack'] });
    const port = createMediaSessionPort();
    const heard: unknown[] = [];
    port.subscribe((e) => heard.push(e));
    port.setActions(['play', 'seekto', 'nexttrack']); // a browser without nexttrack: the rest still set
    expect(handlers.get('play')).toEqual(expect.any(Function));
    expect(handlers.get('pause')).toBeNull();
    handlers.get('seekto')!({ action: 'seekto', seekTime: 12.5 });
    handlers.get('seekto')!({ action: 'seekto', seekTime: Number.NaN });
    handlers.get('play')!({ action: 'play' });
    expect(heard).toEqual([
      { action: 'seekto', seekTime: 12.5 },
      { action: 'seekto' },
      { action: 'play' },
    ]);
    port.setActions(['play']);
    expect(handlers.get('seekto')).toBeNull();
  });

  it('tells a press as the action its handler was set for, whatever action string the browser passes', () => {
    const { handlers } = stubMediaSession();
    const port = createMediaSessionPort();
    const heard: unknown[] = [];
    port.subscribe((e) => heard.push(e));
    port.setActions(['play', 'seekforward']);
    const press = (action: string, details: Record<string, unknown>) =>
      handlers.get(action)!(details as unknown as MediaSessionActionDetails);
    press('play', { action: 'skipad' }); // a browser's action the player never offers
    press('play', { action: 42 });
    press('seekforward', { seekOffset: '10' }); // no action, an offset that is no number
    expect(heard).toEqual([{ action: 'play' }, { action: 'play' }, { action: 'seekforward' }]);
  });

  it('clears the position with no state, and swallows a state the browser refuses', () => {
    const { session } = stubMediaSession();
    const port = createMediaSessionPort();
    port.setPositionState({ duration: 24, position: 3, playbackRate: 1 });
    expect(session.position).toEqual({ duration: 24, position: 3, playbackRate: 1 });
    port.setPositionState(null);
    expect(session.position).toBe('cleared');
    expect(() =>
      port.setPositionState({ duration: 1, position: 5, playbackRate: 1 }),
    ).not.toThrow();
  });
});

describe('wake lock port', () => {
  it("answers 'unsupported' in a browser without the API", async () => {
    expect(await createWakeLockPort().request()).toBe('unsupported');
  });

  it("answers 'refused' when the browser says no (a policy, a hidden page)", async () => {
    const lock = stubWakeLock();
    const asked = createWakeLockPort().request();
    lock.refuse(new DOMException('no', 'NotAllowedError'));
    expect(await asked).toBe('refused');
  });

  it('holds one lock; the player’s release is no event, the browser’s is', async () => {
    const lock = stubWakeLock();
    const port = createWakeLockPort();
    const released = jest.fn();
    port.subscribe(released);
    const first = port.request();
    await lock.grant();
    expect(await first).toBe('held');
    expect(await port.request()).toBe('held');
    expect(lock.request).toHaveBeenCalledTimes(1);

    port.release();
    expect(lock.sentinels[0]!.release).toHaveBeenCalled();
    await Promise.resolve();
    expect(released).not.toHaveBeenCalled();

    const again = port.request();
    await lock.grant();
    expect(await again).toBe('held');
    await lock.sentinels[1]!.release(); // the page was hidden
    expect(released).toHaveBeenCalledWith({ type: 'released' });
  });

  it("a lock granted after the player let it go is released at once ('cancelled')", async () => {
    const lock = stubWakeLock();
    const port = createWakeLockPort();
    const asked = port.request();
    port.release();
    await lock.grant();
    expect(await asked).toBe('cancelled');
    expect(lock.sentinels[0]!.release).toHaveBeenCalled();
  });
});
