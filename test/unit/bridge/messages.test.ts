import { PROTOCOL } from '../../../src/shared/protocol';
import { MAX_MESSAGE_CHARS, parseInbound } from '../../../src/bridge/messages';
import { initialLink, linkFor, parseOrigins } from '../../../src/bridge/origins';

const ours = (command: unknown, args?: unknown, requestId: unknown = 1) => ({
  protocol: PROTOCOL,
  command,
  args,
  requestId,
});
const playerjs = (message: Record<string, unknown>) =>
  JSON.stringify({ context: 'player.js', version: '0.0.11', ...message });

describe('messages from the host page', () => {
  it.each([
    [ours('play'), { kind: 'command', command: { name: 'play' }, requestId: 1 }],
    [
      ours('seek', { time: 12.5 }, 'a'),
      { kind: 'command', command: { name: 'seek', time: 12.5 }, requestId: 'a' },
    ],
    [
      ours('setVolume', { volume: 0.3 }),
      { kind: 'command', command: { name: 'setVolume', volume: 0.3 }, requestId: 1 },
    ],
    [
      ours('selectEpisode', { episodeId: 203 }),
      { kind: 'command', command: { name: 'selectEpisode', episodeId: 203 }, requestId: 1 },
    ],
    [
      ours('getCurrentTime', undefined, null),
      { kind: 'command', command: { name: 'getCurrentTime' }, requestId: null },
    ],
    [{ action: { type: 'click' } }, { kind: 'click' }],
    [{ type: 'click' }, { kind: 'click' }],
    [
      playerjs({ method: 'play' }),
      { kind: 'playerjs-command', method: 'play', command: { name: 'play' }, listener: null },
    ],
    [
      playerjs({ method: 'setVolume', value: 40 }),
      {
        kind: 'playerjs-command',
        method: 'setVolume',
        command: { name: 'setVolume', volume: 0.4 },
        listener: null,
      },
    ],
    [
      playerjs({ method: 'setCurrentTime', value: 7 }),
      {
        kind: 'playerjs-command',
        method: 'setCurrentTime',
        command: { name: 'seek', time: 7 },
        listener: null,
      },
    ],
    [
      playerjs({ method: 'getDuration', listener: 'x1' }),
      {
        kind: 'playerjs-command',
        method: 'getDuration',
        command: { name: 'getDuration' },
        listener: 'x1',
      },
    ],
    [
      playerjs({ method: 'addEventListener', value: 'play', listener: 'l' }),
      { kind: 'playerjs-listen', event: 'play', listener: 'l', add: true },
    ],
  ])('understands %j', (message, expected) => {
    expect(parseInbound(message)).toEqual(expected);
  });

  it.each([
    ['garbage', 'not JSON'],
    [42, 'not an object'],
    [null, 'not an object'],
    [[1, 2], 'not an object'],
    [
      { protocol: 'other', command: 'play' },
      'unknown protocol (protocol: expected "kino-player", got "other")',
    ],
    [ours(7), 'command is not a string'],
    [
      ours('play', undefined, { id: 1 }),
      'bad requestId (requestId: expected (string | number), got Object)',
    ],
    [ours('play', undefined, 'x'.repeat(65)), 'bad requestId (requestId: expected <=64, got 65)'],
    [playerjs({ method: 'destroyEverything' }), 'player.js: unknown player.js method'],
    [
      playerjs({ method: 'setVolume', value: '50' }),
      'player.js: bad value (value: expected number, got "50")',
    ],
    [
      playerjs({ method: 'play', listener: 5 }),
      'player.js listener is not a short string (listener: expected string, got 5)',
    ],
    ['x'.repeat(MAX_MESSAGE_CHARS + 1), 'too long'],
  ])('ignores %j: %s', (message, reason) => {
    expect(parseInbound(message)).toEqual({ kind: 'invalid', reason });
  });

  it.each([
    [ours('fly'), 'fly', 'UNKNOWN_COMMAND', 'unknown command'],
    [ours('seek', { time: -1 }), 'seek', 'BAD_ARGUMENT', 'seek needs a time >= 0'],
    [ours('seek', { time: 'soon' }), 'seek', 'BAD_ARGUMENT', 'seek needs a time >= 0'],
    [ours('seek', [5]), 'seek', 'BAD_ARGUMENT', 'seek needs a time >= 0'],
    [
      ours('setVolume', { volume: 2 }),
      'setVolume',
      'BAD_ARGUMENT',
      'setVolume needs a volume from 0 to 1',
    ],
    [
      ours('selectEpisode', { episodeId: 1.5 }),
      'selectEpisode',
      'BAD_ARGUMENT',
      'selectEpisode needs an integer episodeId',
    ],
    [
      ours('setPlaybackRate', { rate: 10 }),
      'setPlaybackRate',
      'BAD_ARGUMENT',
      'setPlaybackRate needs a rate from 0.25 to 4',
    ],
    [
      ours('setQuality', { quality: 'hd' }),
      'setQuality',
      'BAD_ARGUMENT',
      "setQuality needs 'auto' or a height",
    ],
    [
      ours('setSubtitleTrack', { id: 'on' }),
      'setSubtitleTrack',
      'BAD_ARGUMENT',
      "setSubtitleTrack needs a track id or 'off'",
    ],
    [
      ours('setAudioTrack', { id: -1 }),
      'setAudioTrack',
      'BAD_ARGUMENT',
      'setAudioTrack needs a track id',
    ],
    [
      ours('loadContent', { movieId: '7' }),
      'loadContent',
      'BAD_ARGUMENT',
      'loadContent needs an integer movieId',
    ],
    [
      ours('loadContent', { movieId: 7, episodeId: 0 }),
      'loadContent',
      'BAD_ARGUMENT',
      'loadContent needs an integer episodeId, or none',
    ],
  ])('answers %j with a refusal: %s %s', (message, name, code, reason) => {
    expect(parseInbound(message)).toEqual({
      kind: 'refused',
      name,
      requestId: 1,
      error: { code, message: reason },
    });
  });

  it('never reads inherited or prototype keys', () => {
    // JSON.parse makes __proto__ an own key; it must not become the command's arguments
    const polluted = JSON.parse(
      `{"protocol":"${PROTOCOL}","command":"seek","args":{"__proto__":{"time":5}}}`,
    ) as unknown;
    expect(parseInbound(polluted)).toEqual({
      kind: 'refused',
      name: 'seek',
      requestId: null,
      error: { code: 'BAD_ARGUMENT', message: 'seek needs a time >= 0' },
    });
    const inherited = Object.create({ protocol: PROTOCOL, command: 'play' }) as unknown;
    expect(parseInbound(inherited)).toEqual({
      kind: 'invalid',
      reason: 'unknown protocol (protocol: expected "protocol", got undefined)',
    });
    expect(({} as Record<string, unknown>).time).toBeUndefined();
  });
});

describe('the host origin', () => {
  it('is the configured one, else the embedding page the browser names', () => {
    expect(initialLink(['https://host.example'], 'https://host.example')).toEqual({
      allowed: ['https://host.example'],
      target: 'https://host.example',
    });
    expect(initialLink(null, 'https://host.example')).toEqual({
      allowed: ['https://host.example'],
      target: 'https://host.example',
    });
    // configured origins win over what the browser says; several wait for the handshake
    expect(initialLink(['https://a.example', 'https://b.example'], 'https://evil.example')).toEqual(
      {
        allowed: ['https://a.example', 'https://b.example'],
        target: null,
      },
    );
    expect(initialLink(null, null)).toEqual({ allowed: null, target: null });
  });

  it('is fixed by the first message when nothing was known, and only allowed origins pass', () => {
    expect(linkFor({ allowed: null, target: null }, 'https://h.example')).toEqual({
      allowed: ['https://h.example'],
      target: 'https://h.example',
    });
    const several = { allowed: ['https://a.example', 'https://b.example'], target: null };
    expect(linkFor(several, 'https://b.example')).toEqual({
      ...several,
      target: 'https://b.example',
    });
    expect(linkFor(several, 'https://c.example')).toBe('reject');
    const fixed = { allowed: ['https://a.example'], target: 'https://a.example' };
    expect(linkFor(fixed, 'https://a.example')).toBe(fixed);
    expect(linkFor(fixed, 'null')).toBe('reject');
  });

  it('reads the origin parameter as a list of exact origins', () => {
    expect(parseOrigins('https://a.example, http://127.0.0.1:8080')).toEqual([
      'https://a.example',
      'http://127.0.0.1:8080',
    ]);
    expect(parseOrigins('https://a.example/path,javascript:alert(1),*,')).toBeNull();
    expect(parseOrigins(null)).toBeNull();
  });
});
