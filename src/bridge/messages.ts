// Inbound messages from the host page, validated into what the bridge understands. Three shapes:
// our protocol, the SPEC.md message with action type click, and the player.js protocol (the open
// embed protocol: JSON strings with context 'player.js'). Anything else is invalid, with a reason.
import { PROTOCOL, type CommandError } from '../shared/protocol';
import { toCommand, UNKNOWN_COMMAND, type Command } from './commands';

export const PLAYERJS_CONTEXT = 'player.js';
export const PLAYERJS_VERSION = '0.0.11';
/** A longer string is not parsed at all (a message is a few hundred characters). */
export const MAX_MESSAGE_CHARS = 10_000;
const MAX_ID_CHARS = 64;

export type RequestId = string | number | null;

export type Inbound =
  | { kind: 'command'; command: Command; requestId: RequestId }
  /** a command of our protocol the player cannot carry out as sent: answered with the reason */
  | { kind: 'refused'; name: string; requestId: RequestId; error: CommandError }
  | { kind: 'click' }
  | { kind: 'playerjs-listen'; event: string; listener: string | null; add: boolean }
  | { kind: 'playerjs-command'; method: string; command: Command; listener: string | null }
  | { kind: 'invalid'; reason: string };

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Own fields only: a `__proto__` or `constructor` key never reaches the player. */
const own = (record: Record<string, unknown>, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

function readId(value: unknown): RequestId | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && value.length <= MAX_ID_CHARS) return value;
  if (Number.isSafeInteger(value)) return value as number;
  return undefined;
}

/** player.js methods, as the commands they mean. */
function playerjsCommand(method: string, value: unknown): Command | string {
  switch (method) {
    case 'setVolume': // 0..100 in player.js
      return typeof value === 'number'
        ? toCommand('setVolume', { volume: value / 100 })
        : 'bad value';
    case 'setCurrentTime':
      return toCommand('seek', { time: value });
    case 'play':
    case 'pause':
    case 'mute':
    case 'unmute':
    case 'getPaused':
    case 'getMuted':
    case 'getVolume':
    case 'getDuration':
    case 'getCurrentTime':
      return toCommand(method, undefined);
    default:
      return 'unknown player.js method';
  }
}

function parsePlayerjs(data: Record<string, unknown>): Inbound {
  const method = own(data, 'method');
  if (typeof method !== 'string')
    return { kind: 'invalid', reason: 'player.js message without method' };
  const listenerId = readId(own(data, 'listener'));
  if (listenerId === undefined || typeof listenerId === 'number')
    return { kind: 'invalid', reason: 'player.js listener is not a short string' };
  const listener = listenerId;
  const value = own(data, 'value');
  if (method === 'addEventListener' || method === 'removeEventListener') {
    if (typeof value !== 'string' || value.length > MAX_ID_CHARS)
      return { kind: 'invalid', reason: 'player.js event name' };
    return { kind: 'playerjs-listen', event: value, listener, add: method === 'addEventListener' };
  }
  const command = playerjsCommand(method, value);
  if (typeof command === 'string') return { kind: 'invalid', reason: `player.js: ${command}` };
  return { kind: 'playerjs-command', method, command, listener };
}

/** What a message from the host page means, or why it is ignored. Never throws. */
export function parseInbound(data: unknown): Inbound {
  let message = data;
  if (typeof data === 'string') {
    // player.js clients send JSON strings
    if (data.length > MAX_MESSAGE_CHARS) return { kind: 'invalid', reason: 'too long' };
    try {
      message = JSON.parse(data) as unknown;
    } catch {
      return { kind: 'invalid', reason: 'not JSON' };
    }
  }
  if (!isRecord(message)) return { kind: 'invalid', reason: 'not an object' };
  if (own(message, 'context') === PLAYERJS_CONTEXT) return parsePlayerjs(message);
  // SPEC.md section 2: {action: {type: 'click'}} (or {type: 'click'}) closes the menu
  const action = own(message, 'action');
  if (
    (isRecord(action) && own(action, 'type') === 'click') ||
    (own(message, 'type') === 'click' && own(message, 'protocol') === undefined)
  )
    return { kind: 'click' };
  if (own(message, 'protocol') !== PROTOCOL) return { kind: 'invalid', reason: 'unknown protocol' };
  const requestId = readId(own(message, 'requestId'));
  if (requestId === undefined) return { kind: 'invalid', reason: 'bad requestId' };
  const name = own(message, 'command');
  const command = toCommand(name, own(message, 'args'));
  if (typeof command === 'string') {
    // a readable request the player cannot carry out: the host hears why (never a silent timeout)
    if (typeof name !== 'string' || name.length > MAX_ID_CHARS)
      return { kind: 'invalid', reason: command };
    const code = command === UNKNOWN_COMMAND ? 'UNKNOWN_COMMAND' : 'BAD_ARGUMENT';
    return { kind: 'refused', name, requestId, error: { code, message: command } };
  }
  return { kind: 'command', command, requestId };
}
