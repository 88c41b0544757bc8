// An ad's VAST chain read back from the log: the documents the ad actor fetched (its HTTP answers, and
// its timers racing them), followed with the player's own resolver.
import type { HttpRequest, HttpResponse } from '../../src/ports/types';
import type { LogEntry } from '../../src/recorder/format';
import {
  vastAnswer,
  vastChain,
  VAST_TIMED_OUT,
  VAST_UNAVAILABLE,
  type FetchTextResult,
  type VastOutcome,
} from '../../src/vast/resolve';

type CallEntry = Extract<LogEntry, { kind: 'call' }>;
export type RetEntry = Extract<LogEntry, { kind: 'ret' }>;

/**
 * How the fetch of one VAST document went, as the ad actor saw it: its last request for that address
 * up to `before`, raced against the timer it started with it (openAdSession.ts).
 */
function fetchedFromLog(
  entries: LogEntry[],
  rets: Map<number, RetEntry>,
  url: string,
  before: number,
): FetchTextResult | null {
  let index = -1;
  for (let i = Math.min(before, entries.length - 1); i >= 0 && index < 0; i--) {
    const e = entries[i];
    if (e?.kind === 'call' && e.port === 'http' && e.method === 'request') {
      if ((e.args[0] as HttpRequest | undefined)?.url === url) index = i;
    }
  }
  if (index < 0) return null;
  const request = entries[index] as CallEntry;
  const timer = entries
    .slice(index + 1)
    .find(
      (e): e is CallEntry =>
        e.kind === 'call' &&
        e.actor === request.actor &&
        e.port === 'clock' &&
        e.method === 'sleep',
    );
  const answer = rets.get(request.seq);
  const rang = timer ? rets.get(timer.seq) : undefined;
  if (!answer || (rang && rang.seq < answer.seq)) return VAST_TIMED_OUT;
  if (answer.error) return VAST_UNAVAILABLE;
  return vastAnswer(answer.result as HttpResponse);
}

/** An ad's VAST chain followed through the documents in the log; null when one is missing. */
export function outcomeFromLog(
  entries: LogEntry[],
  rets: Map<number, RetEntry>,
  vastUrl: string,
  before: number,
): VastOutcome | null {
  const chain = vastChain(vastUrl);
  let request = chain.next();
  while (!request.done) {
    const response = fetchedFromLog(entries, rets, request.value.url, before);
    if (!response) return null;
    request = chain.next(response);
  }
  return request.value;
}
