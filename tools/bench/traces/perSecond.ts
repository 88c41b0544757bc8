// A recorded throughput log as the adaptive-streaming benchmark replays it: the mean rate of each whole
// second of its start. A log is a run of spans laid end to end from its first moment, each with the
// rate measured over it (the bytes of the span over its length); a second's rate is what the spans
// delivered within it, so a span that straddles two seconds gives each its share.

export interface Span {
  seconds: number;
  kbps: number;
}

/** the rate of each of the log's first `length` seconds, kbit/s, rounded; null if the log is shorter */
export function perSecond(spans: readonly Span[], length: number): number[] | null {
  const kbits = Array.from({ length }, () => 0);
  let at = 0;
  for (const span of spans) {
    const end = at + span.seconds;
    for (let second = Math.floor(at); second < Math.min(end, length); second += 1) {
      const overlap = Math.min(end, second + 1) - Math.max(at, second);
      if (overlap > 0) kbits[second] = (kbits[second] ?? 0) + span.kbps * overlap;
    }
    at = end;
  }
  return at < length ? null : kbits.map((k) => Math.round(k));
}

/** Sabre's network traces: each entry one line of the log (its length and its rate) */
export function sabreSpans(
  entries: readonly { duration_ms: number; bandwidth_kbps: number }[],
): Span[] {
  return entries.map((e) => ({ seconds: e.duration_ms / 1000, kbps: e.bandwidth_kbps }));
}

/**
 * Pensieve's cooked traces: a line per measurement, its time (s) and rate (Mbit/s); each rate holds
 * until the next line's time, the last one as long as the step before it.
 */
export function cookedSpans(text: string): Span[] {
  const rows = text
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((row): row is [number, number] => row.length === 2 && row.every(Number.isFinite));
  return rows.map(([time, mbps], i) => {
    const next = rows[i + 1]?.[0];
    const before = rows[i - 1]?.[0];
    const seconds = next !== undefined ? next - time : before !== undefined ? time - before : 1;
    return { seconds, kbps: mbps * 1000 };
  });
}
