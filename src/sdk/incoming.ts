// What the player's frame posts, read as the SDK uses it. The frame is another page: its messages
// are checked for the shape the SDK reads, never cast. An event's data goes on to the page's
// handlers as the player sent it.
import { isRecord } from '../shared/isRecord.js';
import {
  COMMAND_ERROR_CODES,
  EVENT_NAMES,
  HOST_ERROR_CODES,
  PROTOCOL,
  type PlayerEventName,
  type ReadyInfo,
} from '../shared/protocol.js';

/** The SDK's own error codes, beside the player's (the commands' and the `error` event's). */
export const SDK_ERROR_CODES = ['TIMEOUT', 'NOT_READY', 'DESTROYED', 'REFUSED'] as const;
const ERROR_CODES = [...SDK_ERROR_CODES, ...COMMAND_ERROR_CODES, ...HOST_ERROR_CODES] as const;
export type KnownErrorCode = (typeof ERROR_CODES)[number];
const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);
export const isKnownErrorCode = (code: unknown): code is KnownErrorCode =>
  typeof code === 'string' && KNOWN_CODES.has(code);

const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);
const isEventName = (name: string): name is PlayerEventName => EVENTS.has(name);

/** A message of the player's as the SDK reads it: an answer to a request, or an event. */
export type Incoming =
  | {
      kind: 'answer';
      /** the SDK's requests are numbered; any other id answers another client on the page */
      requestId: number | null;
      data: unknown;
      /** a refusal: a code the SDK knows (REFUSED for one it does not), and its words */
      error: { code: KnownErrorCode; message: string } | null;
    }
  | { kind: 'event'; name: PlayerEventName; data: unknown };

/** The message read, or null when it is not the player's (another protocol, an unknown event). */
export function readIncoming(message: unknown): Incoming | null {
  if (!isRecord(message) || message.protocol !== PROTOCOL || typeof message.event !== 'string')
    return null;
  const { event, data } = message;
  if (event === 'response' || event === 'flightLog') {
    const { requestId, error } = message;
    return {
      kind: 'answer',
      requestId: typeof requestId === 'number' ? requestId : null,
      data,
      error: error ? readRefusal(error) : null,
    };
  }
  return isEventName(event) ? { kind: 'event', name: event, data } : null;
}

function readRefusal(error: unknown) {
  const { code, message } = isRecord(error) ? error : {};
  return {
    code: isKnownErrorCode(code) ? code : ('REFUSED' as const),
    message: typeof message === 'string' ? message : '',
  };
}

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The `ready` event's data: the events and commands the player has (none it did not name). */
export const readReady = (data: unknown): ReadyInfo => ({
  events: strings(isRecord(data) ? data.events : undefined),
  commands: strings(isRecord(data) ? data.commands : undefined),
});

/** The `error` event's code, when it is one the SDK knows. */
export const readErrorCode = (data: unknown): KnownErrorCode | null =>
  isRecord(data) && isKnownErrorCode(data.code) ? data.code : null;

/** The `analytics` event's name and payload, for the page's statistics function. */
export function readAnalytics(data: unknown) {
  if (!isRecord(data) || typeof data.event !== 'string' || !isRecord(data.payload)) return null;
  return { event: data.event, payload: data.payload };
}
