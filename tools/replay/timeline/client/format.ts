// The texts the page shows: times, durations, an ad's label and summary, a break's, an entry's.
import type { AdSpan, BreakSpan } from '../ads';
import type { Entries } from './unpack';

export { escapeHtml } from '../html';

export const secs = (ms: number) => (ms / 1000).toFixed(3);
export const duration = (ms: number) =>
  ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
const adCount = (total: number) => `${total} ad${total === 1 ? '' : 's'}`;

export function adLabel(a: AdSpan): string {
  const end = a.endStatus || 'unended';
  return `${a.kind} ${a.index + 1}/${a.total} · ${a.title || 'untitled'} · ${end}`;
}

export function adSummary(a: AdSpan): string {
  const statuses = a.segments.map((s) => `${s.status} ${secs(s.from)}`).join(', ');
  const end = a.endStatus
    ? `${a.endStatus} at ${secs(a.to)} s`
    : `no end status (${a.cut}) at ${secs(a.to)} s`;
  return `${adLabel(a)}\n${secs(a.from)}–${secs(a.to)} s (${duration(a.to - a.from)}): ${statuses}; ${end}${a.error ? `\n${a.error}` : ''}${a.simid ? `\n${a.simid}` : ''}`;
}

/** A break's label in the picture. */
export const breakLabel = (b: BreakSpan) =>
  `${b.kind} · ${adCount(b.total)} · content at ${b.contentTime.toFixed(1)} s`;

/** A break's tooltip. */
export const breakSummary = (b: BreakSpan) =>
  `${b.kind} break, ${adCount(b.total)}, content at ${b.contentTime.toFixed(2)} s\n${secs(b.from)}–${secs(b.to)} s (${duration(b.to - b.from)})${b.cut ? `: ${b.cut}` : ''}`;

/** An entry's line in the tooltip and the details; a beacon's VAST event first. */
export function entryText(e: Entries, i: number): string {
  const event = e.beaconEvent.get(i);
  const beacon = event !== undefined ? `beacon: ${event || 'not named in any VAST'}\n` : '';
  return `${beacon}#${e.seq(i)} t=${secs(e.t(i))} s ${e.kind(i)} [${e.laneName(e.lane(i))}] ${e.type(i)} ${e.detail(i)}`;
}
