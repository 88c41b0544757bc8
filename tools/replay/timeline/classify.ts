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

/** What the type filter lists: an action's type, a port's method, or a port event's type. */
export function typeOf(e: LogEntry): string {
  switch (e.kind) {
    case 'in':
    case 'put':
      return e.action.type;
    case 'call':
    case 'ret':
      return `${e.port}.${e.method}`;
    case 'ev': {
      const first = e.args[0] as { type?: unknown } | undefined;
      return typeof first?.type === 'string' ? `${e.port}: ${first.type}` : e.port;
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
      const args = `(${brief(e.args).slice(1, -1)})`;
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
      const [only, ...more] = e.args as { type?: unknown }[];
      if (more.length || typeof only?.type !== 'string') return brief(e.args);
      const { type: _type, ...rest } = only;
      return Object.keys(rest).length ? brief(rest) : '';
    }
    case 'checkpoint':
      return '(state)';
  }
}

export function isError(e: LogEntry): boolean {
  if ((e.kind === 'call' || e.kind === 'ret') && e.error) return true;
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
