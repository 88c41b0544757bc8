// A self-contained HTML page of a session: swim lanes per actor, playback and ad-break states as
// bars, beacons as ticks, errors marked, the first divergence highlighted.
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import type { Finding } from './finding';
import type { ReplayResult } from './replay';
import { describeEntry } from './report';

const AD_STATUSES = [
  'created',
  'loaded',
  'started',
  'playing',
  'paused',
  'stopped',
  'skipped',
  'completed',
  'error',
];
const STATUS_COLOURS: Record<string, string> = {
  created: '#b0bec5',
  loaded: '#90caf9',
  started: '#4fc3f7',
  playing: '#66bb6a',
  paused: '#ffca28',
  stopped: '#8d6e63',
  skipped: '#ab47bc',
  completed: '#26a69a',
  error: '#e53935',
};
const KIND_COLOURS: Record<string, string> = {
  in: '#1e88e5',
  ev: '#8e24aa',
  put: '#43a047',
  call: '#fb8c00',
  ret: '#6d4c41',
  checkpoint: '#9e9e9e',
};
const LANE_HEIGHT = 28;
const LEFT = 170;

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

function isError(e: LogEntry): boolean {
  if ((e.kind === 'call' || e.kind === 'ret') && e.error) return true;
  if (e.kind !== 'put') return false;
  const { type, payload } = e.action as { type: string; payload?: { fatal?: boolean } };
  return (
    /actorCrashed|Failed$|failed$/.test(type) ||
    (type === 'stream/errorOccurred' && Boolean(payload?.fatal))
  );
}

function laneOf(e: LogEntry): string {
  if (e.kind === 'in') return 'viewer / host';
  if (e.kind === 'ev') return `${e.port} events`;
  if (e.kind === 'ret')
    return e.port === 'clock' && e.method === 'sleep' ? 'timers' : 'port results';
  if (e.kind === 'checkpoint') return 'checkpoints';
  if (e.kind === 'call' && e.port === 'beacon') return 'beacons';
  return `actor: ${e.actor}`;
}

interface Bar {
  lane: string;
  from: number;
  to: number;
  label: string;
  colour: string;
}

/** State bars from the actions: playback (playing / paused) and ad statuses. */
function bars(entries: LogEntry[], end: number): Bar[] {
  const out: Bar[] = [];
  const open = new Map<string, { from: number; label: string; colour: string }>();
  const switchTo = (lane: string, t: number, label: string | null, colour = '#999') => {
    const current = open.get(lane);
    if (current)
      out.push({ lane, from: current.from, to: t, label: current.label, colour: current.colour });
    if (label) open.set(lane, { from: t, label, colour });
    else open.delete(lane);
  };
  for (const e of entries) {
    if (e.kind !== 'put' && e.kind !== 'in') continue;
    const { type, payload } = e.action as { type: string; payload?: { status?: string } };
    if (type === 'media/playing') switchTo('playback', e.t, 'playing', '#66bb6a');
    else if (type === 'media/paused') switchTo('playback', e.t, 'paused', '#ffca28');
    else if (type === 'media/waiting') switchTo('playback', e.t, 'buffering', '#ff7043');
    else if (type === 'media/ended') switchTo('playback', e.t, 'ended', '#78909c');
    const status = payload?.status;
    if (type.startsWith('ads/') && status && AD_STATUSES.includes(status)) {
      switchTo('ad break', e.t, status, STATUS_COLOURS[status]);
    }
  }
  for (const lane of [...open.keys()]) switchTo(lane, end, null);
  return out;
}

export function renderTimeline(
  log: FlightLog,
  result: ReplayResult,
  _findings: Finding[] = [],
): string {
  const entries = log.entries;
  const t0 = entries[0]?.t ?? 0;
  const end = Math.max(1, (entries[entries.length - 1]?.t ?? 0) - t0);
  const width = Math.round(Math.min(24_000, Math.max(1200, (end / 1000) * 60)));
  const x = (t: number) => LEFT + ((t - t0) / end) * width;
  const stateBars = bars(entries, end + t0);
  const lanes = ['playback', 'ad break', ...new Set(entries.map(laneOf))].filter(
    (lane, i, all) =>
      all.indexOf(lane) === i &&
      (stateBars.some((b) => b.lane === lane) || !['playback', 'ad break'].includes(lane)),
  );
  const y = (lane: string) => 30 + lanes.indexOf(lane) * LANE_HEIGHT;
  const height = 40 + lanes.length * LANE_HEIGHT;
  const divergence = result.divergence;
  const svg: string[] = [];

  for (let s = 0; s * 1000 <= end; s += Math.max(1, Math.ceil(end / 1000 / 20))) {
    svg.push(
      `<line x1="${x(t0 + s * 1000)}" x2="${x(t0 + s * 1000)}" y1="20" y2="${height}" class="grid"/>`,
    );
    svg.push(`<text x="${x(t0 + s * 1000) + 2}" y="14" class="axis">${s} s</text>`);
  }
  lanes.forEach((lane) => {
    svg.push(`<text x="8" y="${y(lane) + 17}" class="lane">${escape(lane)}</text>`);
    svg.push(
      `<line x1="${LEFT}" x2="${LEFT + width}" y1="${y(lane) + LANE_HEIGHT}" y2="${y(lane) + LANE_HEIGHT}" class="sep"/>`,
    );
  });
  for (const b of stateBars) {
    const w = Math.max(1, x(b.to) - x(b.from));
    svg.push(
      `<rect x="${x(b.from)}" y="${y(b.lane) + 5}" width="${w}" height="${LANE_HEIGHT - 10}" fill="${b.colour}"><title>${escape(
        `${b.label}: ${((b.from - t0) / 1000).toFixed(2)}-${((b.to - t0) / 1000).toFixed(2)} s`,
      )}</title></rect>`,
    );
    if (w > 40)
      svg.push(`<text x="${x(b.from) + 3}" y="${y(b.lane) + 18}" class="bar">${b.label}</text>`);
  }
  entries.forEach((e, i) => {
    const error = isError(e);
    const diverged = divergence?.index === i;
    const colour = diverged || error ? '#d50000' : (KIND_COLOURS[e.kind] ?? '#000');
    const h = error || diverged ? LANE_HEIGHT - 4 : LANE_HEIGHT - 12;
    svg.push(
      `<rect x="${x(e.t) - (error ? 2 : 0.75)}" y="${y(laneOf(e)) + (LANE_HEIGHT - h) / 2}" width="${error ? 4 : 1.5}" height="${h}" fill="${colour}"><title>${escape(
        describeEntry(e),
      )}</title></rect>`,
    );
  });
  if (divergence) {
    const dx = x(divergence.t ?? end + t0);
    svg.push(`<line x1="${dx}" x2="${dx}" y1="20" y2="${height}" class="divergence"/>`);
  }

  const rows = entries
    .slice(0, 5000)
    .map(
      (e, i) =>
        `<tr class="${divergence?.index === i ? 'diverged' : isError(e) ? 'error' : ''}"><td>${e.seq}</td><td>${(e.t / 1000).toFixed(3)}</td><td>${escape(
          laneOf(e),
        )}</td><td><code>${escape(describeEntry(e).replace(/^#\d+ t=\S+ s /, ''))}</code></td></tr>`,
    )
    .join('\n');
  const verdict = divergence
    ? `<p class="bad">Divergence at entry #${divergence.seq ?? 'end'} (${((divergence.t ?? 0) / 1000).toFixed(3)} s), actor "${escape(
        divergence.actor,
      )}": ${escape(divergence.reason)}</p>`
    : `<p class="good">Replayed with zero divergence (${result.mode}).</p>`;

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Flight log ${escape(log.header.sessionStart)}</title>
<style>
body{font:14px system-ui,sans-serif;margin:1rem 1.5rem;color:#222}
.scroll{overflow-x:auto;border:1px solid #ddd;background:#fafafa}
.grid{stroke:#e0e0e0}.sep{stroke:#eee}.axis{font-size:11px;fill:#777}.lane{font-size:12px;fill:#333}.bar{font-size:11px;fill:#111}
.divergence{stroke:#d50000;stroke-width:2;stroke-dasharray:4 3}
.good{color:#2e7d32;font-weight:600}.bad{color:#c62828;font-weight:600}
table{border-collapse:collapse;margin-top:1rem;font-size:12px}td{padding:1px 8px;border-bottom:1px solid #eee;vertical-align:top}
tr.error td{background:#ffebee}tr.diverged td{background:#d50000;color:#fff}
.legend span{display:inline-block;margin-right:1rem}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
</style></head><body>
<h1>Flight log: ${escape(log.header.sessionStart)}</h1>
<p>Build ${escape(log.header.build)} · ${entries.length} entries · ${(end / 1000).toFixed(1)} s · dropped ${log.header.dropped}</p>
${verdict}
<p class="legend">${Object.entries(KIND_COLOURS)
    .map(([k, c]) => `<span><i style="background:${c}"></i>${k}</span>`)
    .join('')}<span><i style="background:#d50000"></i>error / divergence</span></p>
<div class="scroll"><svg xmlns="http://www.w3.org/2000/svg" width="${LEFT + width + 20}" height="${height}">${svg.join('')}</svg></div>
<table><thead><tr><td>#</td><td>t (s)</td><td>lane</td><td>entry</td></tr></thead><tbody>
${rows}
</tbody></table>
</body></html>
`;
}
