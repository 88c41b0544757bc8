// Inbound messages from the host page, validated into what the bridge understands. Three shapes:
// our protocol, the SPEC.md message with action type click, and the player.js protocol (the open
// embed protocol: JSON strings with context 'player.js'). Anything else is invalid, with a reason.
import * as v from 'valibot';
import { describeIssues } from '../api/schemas';
import { MAX_MESSAGE_CHARS } from './messageLimits';
import { isRecord } from '../shared/isRecord';
import type { CommandError } from '../shared/protocol';
import { toCommand, UNKNOWN_COMMAND, type Command } from './commands';
import {
  ClickSchema,
  CommandMessageSchema,
  MAX_ID_CHARS,
  PLAYERJS_CONTEXT,
  PlayerjsContextSchema,
  PlayerjsListenSchema,
  PlayerjsMessageSchema,
  PlayerjsVolumeSchema,
  RequestIdSchema,
} from './messageSchemas';

export { PLAYERJS_CONTEXT };
export const PLAYERJS_VERSION = '0.0.11';
export { MAX_MESSAGE_CHARS };

export type RequestId = v.InferOutput<typeof RequestIdSchema>;

export type Inbound =
  | { kind: 'command'; command: Command; requestId: RequestId }
  /** a command of our protocol the player cannot carry out as sent: answered with the reason */
  | { kind: 'refused'; name: string; requestId: RequestId; error: CommandError }
  | { kind: 'click' }
  | { kind: 'playerjs-listen'; event: string; listener: string | null; add: boolean }
  | { kind: 'playerjs-command'; method: string; command: Command; listener: string | null }
  | { kind: 'invalid'; reason: string };

/** The flight log holds the message itself: the reason says what was wrong, briefly. */
const MAX_REASON_CHARS = 300;

/** Ignored, with why: what the message fails, and where and what was expected when a schema says. */
const invalid = (reason: string, issues?: readonly v.BaseIssue<unknown>[]): Inbound => ({
  kind: 'invalid',
  reason: (issues ? `${reason} (${describeIssues(issues)})` : reason).slice(0, MAX_REASON_CHARS),
});

type PlayerjsMessage = v.InferOutput<typeof PlayerjsMessageSchema>;

/** player.js methods, as the commands they mean; a string says what is wrong. */
function playerjsCommand(message: PlayerjsMessage): Command | string {
  const { method, value } = message;
  switch (method) {
    case 'setVolume': {
      // 0..100 in player.js
      const volume = v.safeParse(PlayerjsVolumeSchema, message);
      return volume.success
        ? toCommand('setVolume', { volume: volume.output.value / 100 })
        : `bad value (${describeIssues(volume.issues)})`;
    }
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

function parsePlayerjs(data: unknown): Inbound {
  const parsed = v.safeParse(PlayerjsMessageSchema, data);
  if (!parsed.success) {
    const atFault = v.getDotPath(parsed.issues[0]);
    return atFault === 'method'
      ? invalid('player.js message without method', parsed.issues)
      : invalid('player.js listener is not a short string', parsed.issues);
  }
  const { method, listener } = parsed.output;
  if (method === 'addEventListener' || method === 'removeEventListener') {
    const listen = v.safeParse(PlayerjsListenSchema, parsed.output);
    if (!listen.success) return invalid('player.js event name', listen.issues);
    return {
      kind: 'playerjs-listen',
      event: listen.output.value,
      listener,
      add: method === 'addEventListener',
    };
  }
  const command = playerjsCommand(parsed.output);
  if (typeof command === 'string') return invalid(`player.js: ${command}`);
  return { kind: 'playerjs-command', method, command, listener };
}

/** What a message from the host page means, or why it is ignored. Never throws. */
export function parseInbound(data: unknown): Inbound {
  try {
    return readInbound(data);
  } catch {
    // an object no window can post (a getter that throws, a prototype with no readable name)
    return invalid('unreadable');
  }
}

function readInbound(data: unknown): Inbound {
  let message = data;
  if (typeof data === 'string') {
    // player.js clients send JSON strings
    if (data.length > MAX_MESSAGE_CHARS) return invalid('too long');
    try {
      message = JSON.parse(data) as unknown;
    } catch {
      return invalid('not JSON');
    }
  }
  if (!isRecord(message)) return invalid('not an object');
  if (v.is(PlayerjsContextSchema, message)) return parsePlayerjs(message);
  // SPEC.md section 2: {action: {type: 'click'}} (or {type: 'click'}) closes the menu
  if (v.is(ClickSchema, message)) return { kind: 'click' };
  const envelope = v.safeParse(CommandMessageSchema, message);
  if (!envelope.success) {
    const atFault = v.getDotPath(envelope.issues[0]);
    return atFault === 'protocol'
      ? invalid('unknown protocol', envelope.issues)
      : invalid('bad requestId', envelope.issues);
  }
  const { command: name, args, requestId } = envelope.output;
  const command = toCommand(name, args);
  if (typeof command === 'string') {
    // a readable request the player cannot carry out: the host hears why (never a silent timeout)
    if (typeof name !== 'string' || name.length > MAX_ID_CHARS) return invalid(command);
    const code = command === UNKNOWN_COMMAND ? 'UNKNOWN_COMMAND' : 'BAD_ARGUMENT';
    return { kind: 'refused', name, requestId, error: { code, message: command } };
  }
  return { kind: 'command', command, requestId };
}
