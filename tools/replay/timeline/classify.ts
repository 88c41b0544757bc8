// How the timeline names one log entry: its lane, its type (what the filters list), the short text
// of the table, and whether it is an error.
import type { LogEntry } from '../../../src/recorder/format';

/** Lanes of inputs and port results, after the actors' lanes, in this order. */
export const INPUT_LANES = ['viewer / host', 'port results', 'timers', 'checkpoints'];
export const BEACON_LANE = 'beacons';

export function laneOf(e: LogEntry): string {
  if (e.kind === 'in') return 'viewer / host';
  if (e.kind === 'ev') return `${e.port} events`;
  if (e.kind === 'ret')
    return e.port === 'clock' && e.method === 'sleep' ? 'timers' : 'port results';
  if (e.kind === 'checkpoint') return 'checkpoints';
  if (e.kind === 'call' && e.port === 'beacon') return BEACON_LANE;
  return `actor: ${e.actor}`;
}

/**
 * A SIMID message of the player's by its name: the type it sends, or the answer it gives ("simid →
 * SIMID:Player:init", "simid → resolve"); the port's other calls by method.
 */
function simidCallType(e: Extract<LogEntry, { kind: 'call' }>): string {
  if (e.method === 'send') return `simid → ${String(e.args[0])}`;
  if (e.method === 'resolve' || e.method === 'reject') return `simid → ${e.method}`;
  return `simid.${e.method}`;
}

/** A SIMID creative's message by its name; an answer with the player's message it answers. */
function simidEventType(event: { type?: unknown; answers?: unknown }): string {
  const answers = typeof event.answers === 'string' ? ` (${event.answers})` : '';
  return `simid ← ${String(event.type)}${answers}`;
}

/** What the type filter lists: an action's type, a port's method, or a port event's type. */
export function typeOf(e: LogEntry): string {
  switch (e.kind) {
    case 'in':
    case 'put':
      return e.action.type;
    case 'call':
      return e.port === 'simid' ? simidCallType(e) : `${e.port}.${e.method}`;
    case 'ret':
      return `${e.port}.${e.method}`;
    case 'ev': {
      const first = e.args[0] as { type?: unknown; answers?: unknown } | undefined;
      if (typeof first?.type !== 'string') return e.port;
      if (e.port === 'simid' && first.type !== 'frameResized') return simidEventType(first);
      return `${e.port}: ${first.type}`;
    }
    case 'checkpoint':
      return 'checkpoint';
  }
}

/** JSON, cut to `max` characters. */
export function brief(value: unknown, max = 140): string {
  if (value === undefined) return '';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

/** The entry's text after its type: payload, arguments and result, or error. */
export function detailOf(e: LogEntry): string {
  switch (e.kind) {
    case 'in':
    case 'put':
      return brief(e.action.payload);
    case 'call': {
      // a SIMID message's type is its type already: its arguments are the rest
      const shown = e.port === 'simid' && e.method === 'send' ? e.args.slice(1) : e.args;
      const args = `(${brief(shown).slice(1, -1)})`;
      if (e.error) return `${args} threw ${e.error.name}: ${e.error.message}`;
      if (e.async) return `${args} ...`;
      return e.result === undefined ? args : `${args} -> ${brief(e.result)}`;
    }
    case 'ret':
      return e.error
        ? `#${e.call} threw ${e.error.name}: ${e.error.message}`
        : `#${e.call}${e.result === undefined ? '' : ` -> ${brief(e.result)}`}`;
    case 'ev': {
      // the event's type is already its type: the rest of a single event object is enough
      const [only, ...more] = e.args as { type?: unknown; answers?: unknown }[];
      if (more.length || typeof only?.type !== 'string') return brief(e.args);
      const { type: _type, ...rest } = only;
      if (e.port === 'simid') delete rest.answers; // a SIMID answer's message is in its type
      return Object.keys(rest).length ? brief(rest) : '';
    }
    case 'checkpoint':
      return '(state)';
  }
}

export function isError(e: LogEntry): boolean {
  if ((e.kind === 'call' || e.kind === 'ret') && e.error) return true;
  if (e.kind === 'ev' && e.port === 'simid') {
    // a SIMID creative's failure, or its refusal of what the player asked
    const type = (e.args[0] as { type?: unknown } | undefined)?.type;
    return type === 'SIMID:Creative:fatalError' || type === 'reject';
  }
  if (e.kind !== 'put') return false;
  const { type, payload } = e.action as {
    type: string;
    payload?: { fatal?: boolean; status?: string };
  };
  return (
    /actorCrashed|Failed$|failed$/.test(type) ||
    (type === 'stream/errorOccurred' && Boolean(payload?.fatal)) ||
    (type === 'ads/adEnded' && payload?.status === 'error')
  );
}
