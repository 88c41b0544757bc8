// An ad's SIMID messages named as a person reads them, either way: the player's and the creative's by
// their type, an answer by the message it answers.
import type { SimidEvent } from '../../src/ports/types';
import type { LogEntry } from '../../src/recorder/format';
import type { SimidMessageAt } from './adBreakTypes';

const unprefixed = (type: string) => type.replace(/^SIMID:/, '');

/**
 * Names an ad's SIMID messages as they come: the player's and the creative's by their type, an answer
 * by the message it answers (the player's messages are numbered by the send calls' results).
 */
export function simidNamer() {
  const ours = new Map<number, string>();
  const theirs = new Map<number, string>();
  return (entry: LogEntry): Pick<SimidMessageAt, 'dir' | 'name'> | null => {
    if (entry.kind === 'call' && entry.port === 'simid') {
      const [first] = entry.args;
      if (entry.method === 'send') {
        const name = unprefixed(String(first));
        if (typeof entry.result === 'number') ours.set(entry.result, name);
        return { dir: 'out', name };
      }
      if (entry.method === 'resolve' || entry.method === 'reject') {
        const answered = theirs.get(Number(first)) ?? `#${String(first)}`;
        return { dir: 'out', name: `${entry.method}(${answered})` };
      }
      return null;
    }
    if (entry.kind !== 'ev' || entry.port !== 'simid') return null;
    const event = entry.args[0] as SimidEvent | undefined;
    if (!event || event.type === 'frameResized') return null;
    if (event.type === 'resolve' || event.type === 'reject') {
      const to = event.args.messageId;
      const answered = event.answers ? unprefixed(event.answers) : (ours.get(to) ?? `#${to}`);
      return { dir: 'in', name: `${event.type}(${answered})` };
    }
    theirs.set(event.messageId, unprefixed(event.type));
    return { dir: 'in', name: unprefixed(event.type) };
  };
}
