// Property-based: whatever a host page (or any script on it) posts to the player's frame is
// untrusted. The bridge's parser makes of any payload a command of the protocol, a refusal with its
// code, a click, a player.js call, or an ignored message with its reason; it never throws, and the
// bridge actor counts what it does not carry out and goes on.
import fc from 'fast-check';
import { toCommand } from '../../../src/bridge/commands';
import { MAX_MESSAGE_CHARS, parseInbound, type Inbound } from '../../../src/bridge/messages';
import { COMMAND_NAMES, PROTOCOL } from '../../../src/shared/protocol';
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

const RUNS = 5_000;

const FIELDS = ['time', 'volume', 'episodeId', 'movieId', 'autoplay', 'rate', 'quality', 'id'];
const METHODS = ['addEventListener', 'removeEventListener', 'setVolume', 'setCurrentTime', 'play'];

/** Values near the protocol's edges, and any JSON. */
const anyValue = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    0.25,
    1,
    1.5,
    4,
    100,
    720,
    2 ** 53,
    'auto',
    'off',
    'click',
    '',
    null,
    true,
  ),
  fc.constantFrom('x'.repeat(64), 'x'.repeat(65), '__proto__', 'constructor'),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);
const args = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string()), anyValue, { maxKeys: 3 }),
  anyValue,
);

/** Messages of our protocol, of the player.js one, clicks, and any JSON: as objects or JSON text. */
const message = fc.oneof(
  fc.record(
    {
      protocol: fc.oneof(fc.constant(PROTOCOL), anyValue),
      command: fc.oneof(fc.constantFrom(...COMMAND_NAMES), anyValue),
      args,
      requestId: anyValue,
    },
    { requiredKeys: ['protocol'] },
  ),
  fc.record(
    {
      context: fc.constant('player.js'),
      method: fc.oneof(fc.constantFrom(...METHODS), anyValue),
      value: anyValue,
      listener: anyValue,
    },
    { requiredKeys: ['context'] },
  ),
  fc.record(
    {
      action: fc.oneof(fc.record({ type: anyValue }), anyValue),
      type: anyValue,
      protocol: anyValue,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);
const payload = fc.oneof(
  message,
  message.map((m) => JSON.stringify(m)),
  fc.string(),
  fc.string({ minLength: MAX_MESSAGE_CHARS + 1, maxLength: MAX_MESSAGE_CHARS + 2 }),
);

const isRequestId = (id: unknown) =>
  id === null || (typeof id === 'string' && id.length <= 64) || Number.isSafeInteger(id);

/** What the parser made of a payload is one of the outcomes the bridge knows, each well formed. */
function expectKnown(inbound: Inbound) {
  switch (inbound.kind) {
    case 'command': {
      const { name, ...given } = inbound.command;
      // a command of the protocol, its arguments as its schema takes them
      expect(toCommand(name, given)).toEqual(inbound.command);
      expect(isRequestId(inbound.requestId)).toBe(true);
      return;
    }
    case 'refused':
      expect(['UNKNOWN_COMMAND', 'BAD_ARGUMENT']).toContain(inbound.error.code);
      expect(inbound.error.message).not.toBe('');
      expect(isRequestId(inbound.requestId)).toBe(true);
      return;
    case 'playerjs-command':
      expect(COMMAND_NAMES).toContain(inbound.command.name);
      return;
    case 'playerjs-listen':
      expect(inbound.event.length).toBeLessThanOrEqual(64);
      return;
    case 'click':
      return;
    case 'invalid':
      expect(inbound.reason).not.toBe('');
      expect(inbound.reason.length).toBeLessThanOrEqual(300);
      return;
    default:
      throw new Error(`not an outcome: ${JSON.stringify(inbound satisfies never)}`);
  }
}

describe('messages from the host page, as untrusted input', () => {
  it('any payload is a command, a refusal, a click, a player.js call or ignored; never a throw', () => {
    fc.assert(
      fc.property(payload, (data) => expectKnown(parseInbound(data))),
      { numRuns: RUNS },
    );
  });

  it('reads own fields only, in every protocol', () => {
    const inheriting = (inherited: object, own: object) =>
      Object.assign(Object.create(inherited) as object, own);
    const seekTo = { context: 'player.js', method: 'setCurrentTime' };
    expect(parseInbound(inheriting({ value: 7 }, seekTo))).toMatchObject({ kind: 'invalid' });
    expect(parseInbound(inheriting({ method: 'play' }, { context: 'player.js' }))).toMatchObject({
      kind: 'invalid',
      reason: expect.stringContaining('player.js message without method') as unknown,
    });
    const ours = { protocol: PROTOCOL, command: 'seek', requestId: 1 };
    expect(parseInbound({ ...ours, args: inheriting({ time: 5 }, {}) })).toMatchObject({
      kind: 'refused',
      error: { code: 'BAD_ARGUMENT' },
    });
    expect(parseInbound(inheriting({ type: 'click' }, {}))).toMatchObject({ kind: 'invalid' });
  });

  it('anything at all, JSON or not, is an outcome the bridge knows', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withSparseArray: true }), (data) =>
        expectKnown(parseInbound(data)),
      ),
      { numRuns: RUNS },
    );
  });

  it('the bridge counts each message it does not carry out, does nothing for it, goes on', async () => {
    const clock = virtualClock();
    const media = fakeMedia({ ok: true }, clock.port);
    const parent = fakeParent();
    const ports = fakePorts({
      http: fakeHttp(catalogRoutes(2, series)),
      media: media.port,
      clock: clock.port,
      parent: parent.port,
    });
    const { store } = startPlayer('?movie_id=2', ports, { hostOrigin: HOST_ORIGIN, framed: true });
    await untilIdle();
    // the messages the parser refuses or ignores (those it accepts change the playback)
    const unread = fc
      .sample(payload, { numRuns: 300, seed: 42 })
      .filter((data) => ['invalid', 'refused'].includes(parseInbound(data).kind));
    const calls = media.calls.length;
    for (const data of unread) {
      parent.send(data);
      await untilIdle();
    }
    expect(store.getState().bridge.ignored).toBe(unread.length);
    expect(media.calls.length).toBe(calls);
    parent.send({ protocol: PROTOCOL, command: 'getPaused', requestId: 'after' });
    await untilIdle();
    expect(parent.posted.at(-1)).toMatchObject({ event: 'response', requestId: 'after' });
  });
});
