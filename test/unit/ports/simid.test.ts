// The SIMID port's browser adapter: the sandboxed frame, the session and the envelope of SIMID 1.2
// section 8, and what of a creative's message reaches the player (the creative is not trusted).
import {
  createSimidPort,
  SIMID_MAX_MESSAGE_CHARS,
  SIMID_MESSAGES_PER_SECOND,
  simidEvent,
  simidMessageData,
} from '../../../src/ports/simid';
import type { SimidEvent, SimidPlayerMessage } from '../../../src/ports/types';

describe('simidMessageData', () => {
  it('reads SIMID’s JSON text, and an object as well', () => {
    expect(simidMessageData('{"type":"createSession","messageId":0}')).toEqual({
      type: 'createSession',
      messageId: 0,
    });
    expect(simidMessageData({ type: 'resolve' })).toEqual({ type: 'resolve' });
  });

  it.each([
    ['not JSON', 'hello'],
    ['JSON that is no object', '[1,2]'],
    ['too long', `{"a":"${'x'.repeat(SIMID_MAX_MESSAGE_CHARS)}"}`],
    ['nothing', null],
    ['a number', 7],
  ])('reads nothing of %s', (_, data) => {
    expect(simidMessageData(data)).toBeNull();
  });
});

describe('simidEvent: only what SIMID 1.2 gives a creative, of the right kinds', () => {
  const sent = new Map<number, SimidPlayerMessage>([[3, 'SIMID:Player:init']]);

  it('an answer names the player’s message it answers', () => {
    expect(
      simidEvent({ type: 'resolve', messageId: 2, args: { messageId: 3, value: { a: 1 } } }, sent),
    ).toEqual({
      type: 'resolve',
      messageId: 2,
      args: { messageId: 3, value: { a: 1 } },
      answers: 'SIMID:Player:init',
    });
    expect(
      simidEvent(
        { type: 'reject', messageId: 2, args: { messageId: 9, value: { errorCode: 1103 } } },
        sent,
      ),
    ).toEqual({
      type: 'reject',
      messageId: 2,
      args: { messageId: 9, value: { errorCode: 1103, message: null } },
      answers: null,
    });
  });

  it('init’s reject may give its reason as `reason`', () => {
    const event = simidEvent({
      type: 'reject',
      messageId: 1,
      args: { messageId: 0, value: { errorCode: 1101, reason: 'assets' } },
    });
    expect(event).toMatchObject({ args: { value: { errorCode: 1101, message: 'assets' } } });
  });

  it('keeps the arguments it knows, checked and cut to size', () => {
    expect(
      simidEvent({
        type: 'SIMID:Creative:clickThru',
        messageId: 4,
        args: { x: 10, y: 'far', playerHandles: 'yes', url: 'https://a.test/', extra: 1 },
      }),
    ).toEqual({
      type: 'SIMID:Creative:clickThru',
      messageId: 4,
      args: { x: 10, y: null, playerHandles: false, url: 'https://a.test/' },
    });
    expect(
      simidEvent({
        type: 'SIMID:Creative:reportTracking',
        messageId: 5,
        args: { trackingUrls: ['https://t.test/1', 7, 'x'.repeat(3000), ...Array(30).fill('u')] },
      }),
    ).toMatchObject({ args: { trackingUrls: ['https://t.test/1', ...Array(19).fill('u')] } });
    // an address too long to keep is none: cut short, it would lead elsewhere
    const long = `https://a.test/${'x'.repeat(3000)}`;
    expect(
      simidEvent({ type: 'SIMID:Creative:clickThru', messageId: 7, args: { url: long } }),
    ).toMatchObject({ args: { url: null } });
    expect(
      simidEvent({ type: 'SIMID:Creative:requestNavigation', messageId: 8, args: { uri: long } }),
    ).toMatchObject({ args: { uri: null } });
    expect(
      simidEvent({
        type: 'SIMID:Creative:requestChangeVolume',
        messageId: 6,
        args: { volume: 3, muted: 1 },
      }),
    ).toEqual({
      type: 'SIMID:Creative:requestChangeVolume',
      messageId: 6,
      args: { volume: 1, muted: false },
    });
    expect(
      simidEvent({ type: 'SIMID:Creative:log', messageId: 7, args: { message: 'x'.repeat(900) } }),
    ).toEqual({ type: 'SIMID:Creative:log', messageId: 7, args: { message: 'x'.repeat(500) } });
    expect(
      simidEvent({ type: 'SIMID:Creative:fatalError', messageId: 8, args: { errorCode: 1101 } }),
    ).toEqual({
      type: 'SIMID:Creative:fatalError',
      messageId: 8,
      args: { errorCode: 1101, errorMessage: null },
    });
    // a request's arguments are none of the player's business
    expect(
      simidEvent({ type: 'SIMID:Creative:requestSkip', messageId: 9, args: { now: true } }),
    ).toEqual({ type: 'SIMID:Creative:requestSkip', messageId: 9 });
  });

  it.each([
    ['an unknown type', { type: 'SIMID:Creative:mine', messageId: 1 }],
    ['a player’s type', { type: 'SIMID:Player:init', messageId: 1 }],
    ['no messageId', { type: 'createSession' }],
    ['a negative messageId', { type: 'createSession', messageId: -1 }],
    ['an answer to no message', { type: 'resolve', messageId: 1, args: {} }],
    ['a volume that is no number', { type: 'SIMID:Creative:requestChangeVolume', messageId: 1 }],
  ])('drops %s', (_, message) => {
    expect(simidEvent(message)).toBeNull();
  });
});

describe('createSimidPort', () => {
  let player: HTMLElement;
  let ui: HTMLElement;
  let heard: SimidEvent[];
  let stop: () => void;
  let port: ReturnType<typeof createSimidPort>;

  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = '<div id="player"><video></video><div id="ui"></div></div>';
    player = document.getElementById('player')!;
    ui = document.getElementById('ui')!;
    port = createSimidPort(player, ui);
    heard = [];
    stop = port.subscribe((e) => heard.push(e));
  });
  afterEach(() => {
    stop();
    port.unload();
    jest.useRealTimers();
  });

  const frame = () => player.querySelector('iframe.simid-frame') as HTMLIFrameElement | null;
  /** A message from a window: the creative's frame unless told. */
  const from = (data: unknown, source: Window | null = frame()!.contentWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, source }));
  const message = (sessionId: string, messageId: number, type: string, args: unknown = {}) =>
    JSON.stringify({ sessionId, messageId, timestamp: 1, type, args });
  /** What the player posted to the frame, parsed. */
  const posted = (spy: jest.SpyInstance) =>
    spy.mock.calls.map(([data, target]) => ({ ...JSON.parse(data as string), target }));

  it('loads the page in a hidden frame sandboxed to scripts only, over the video, under the controls', () => {
    port.load('https://simid.test/creative.html');
    const f = frame()!;
    expect(f.getAttribute('sandbox')).toBe('allow-scripts'); // no allow-same-origin: cross-origin
    expect(f.src).toBe('https://simid.test/creative.html');
    expect(f.style.visibility).toBe('hidden');
    expect(f.nextElementSibling).toBe(ui);
    port.show(true);
    expect(f.style.visibility).toBe('');
    port.unload();
    expect(frame()).toBeNull();
  });

  it('opens the session of the frame’s createSession, and reads only that session’s messages', () => {
    port.load('https://simid.test/creative.html');
    from(message('s-1', 0, 'SIMID:Creative:requestSkip')); // no session yet
    from(message('s-1', 0, 'createSession'));
    from(message('s-2', 0, 'createSession')); // one session a frame
    from(message('s-2', 1, 'SIMID:Creative:requestSkip'));
    from(message('s-1', 1, 'SIMID:Creative:requestSkip'));
    from(message('s-1', 2, 'SIMID:Creative:requestStop'), window); // not the frame's window
    expect(heard).toEqual([
      { type: 'createSession', messageId: 0 },
      { type: 'SIMID:Creative:requestSkip', messageId: 1 },
    ]);
  });

  it('posts the player’s messages in the session, numbered from 0, as JSON; answers name what they answer', () => {
    port.load('https://simid.test/creative.html');
    const spy = jest.spyOn(frame()!.contentWindow!, 'postMessage');
    expect(port.send('SIMID:Player:init', { a: 1 })).toBe(-1); // no session to post it in
    from(message('s-1', 0, 'createSession'));
    port.resolve(0);
    expect(port.send('SIMID:Player:init', { a: 1 })).toBe(1);
    port.reject(5, 1203, 'Not supported');
    expect(posted(spy)).toEqual([
      {
        sessionId: 's-1',
        messageId: 0,
        timestamp: expect.any(Number),
        type: 'resolve',
        args: { messageId: 0 },
        target: '*',
      },
      {
        sessionId: 's-1',
        messageId: 1,
        timestamp: expect.any(Number),
        type: 'SIMID:Player:init',
        args: { a: 1 },
        target: '*',
      },
      {
        sessionId: 's-1',
        messageId: 2,
        timestamp: expect.any(Number),
        type: 'reject',
        args: { messageId: 5, value: { errorCode: 1203, message: 'Not supported' } },
        target: '*',
      },
    ]);
    from(message('s-1', 1, 'resolve', { messageId: 1 }));
    expect(heard.at(-1)).toEqual({
      type: 'resolve',
      messageId: 1,
      args: { messageId: 1, value: null },
      answers: 'SIMID:Player:init',
    });
  });

  it('a new creative starts a new session; the old frame’s messages are not heard', () => {
    port.load('https://simid.test/one.html');
    const old = frame()!.contentWindow;
    from(message('s-1', 0, 'createSession'));
    port.load('https://simid.test/two.html');
    expect(player.querySelectorAll('iframe')).toHaveLength(1);
    from(message('s-1', 1, 'SIMID:Creative:requestSkip'), old);
    from(message('s-2', 0, 'createSession'));
    expect(heard).toEqual([
      { type: 'createSession', messageId: 0 },
      { type: 'createSession', messageId: 0 },
    ]);
  });

  it('reads a flood only up to its budget a second', () => {
    port.load('https://simid.test/creative.html');
    jest.advanceTimersByTime(1000);
    from(message('s-1', 0, 'createSession'));
    for (let i = 1; i < 3 * SIMID_MESSAGES_PER_SECOND; i++)
      from(message('s-1', i, 'SIMID:Creative:log', { message: String(i) }));
    expect(heard).toHaveLength(SIMID_MESSAGES_PER_SECOND);
    jest.advanceTimersByTime(1000);
    from(message('s-1', 999, 'SIMID:Creative:requestStop'));
    expect(heard.at(-1)).toEqual({ type: 'SIMID:Creative:requestStop', messageId: 999 });
  });
});
