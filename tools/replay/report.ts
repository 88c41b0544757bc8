// Text reports of a replay: a one-line summary, or the first divergence with its context.
import { diff } from 'jest-diff';
import type { LogEntry } from '../../src/recorder/format';
import type { Finding } from './finding';
import type { ReplayResult } from './replay';
import { seconds } from './seconds';

/** One line per entry, for the context before a divergence. */
export function describeEntry(e: LogEntry): string {
  const head = `#${e.seq} t=${seconds(e.t)} ${e.kind.padEnd(10)}`;
  switch (e.kind) {
    case 'in':
    case 'put':
      return `${head} ${e.kind === 'put' ? `[${e.actor}] ` : ''}${e.action.type} ${brief(e.action.payload)}`;
    case 'call':
      return `${head} [${e.actor}] ${e.port}.${e.method}(${brief(e.args).slice(1, -1)})${e.async ? ' ...' : ` -> ${brief(e.result)}`}`;
    case 'ret':
      return `${head} ${e.port}.${e.method} #${e.call} ${e.error ? `threw ${e.error.name}: ${e.error.message}` : `-> ${brief(e.result)}`}`;
    case 'ev':
      return `${head} ${e.port} ${brief(e.args)}`;
    case 'checkpoint':
      return `${head} (state)`;
  }
}

function brief(value: unknown): string {
  if (value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > 140 ? `${text.slice(0, 137)}...` : text;
}

export function formatSummary(r: ReplayResult): string {
  const speed = r.wallMs > 0 ? Math.round(r.virtualMs / r.wallMs) : Infinity;
  const mode =
    r.mode === 'reducers'
      ? ' (log truncated, and no checkpoint where the actors start clean: reducers replayed from its first checkpoint)'
      : r.mode === 'resumed' && r.resumedAt
        ? ` (log truncated: actors replayed from checkpoint #${r.resumedAt.seq} at ${seconds(r.resumedAt.t)}, the first where they start clean; reducers before it)`
        : '';
  // with no clean checkpoint, why (the last few, the ones nearest the end)
  const why =
    r.mode === 'reducers' && r.unclean?.length
      ? `\nWhere the actors could not start clean:\n${r.unclean
          .slice(-5)
          .map((u) => `  checkpoint #${u.seq}: ${u.why}`)
          .join('\n')}`
      : '';
  return `OK: ${r.entries} entries, ${seconds(r.virtualMs)} of session replayed in ${seconds(r.wallMs)} (${speed}x real time)${mode}${why}`;
}

export function formatDivergence(r: ReplayResult): string {
  const d = r.divergence;
  if (!d) return formatSummary(r);
  const lines = [
    `DIVERGENCE at entry #${d.seq ?? 'end of log'} (t=${seconds(d.t)}), actor "${d.actor}": ${d.reason}`,
    ...(r.mode === 'resumed' && r.resumedAt
      ? [
          `(the log lost its start: the actors were started again at checkpoint #${r.resumedAt.seq}, ${seconds(r.resumedAt.t)}; what an actor keeps outside the state since before it is not known to them)`,
        ]
      : []),
    '',
    'Preceding entries:',
    ...d.preceding.map((e) => `  ${describeEntry(e)}`),
    '',
    ...(d.differences?.length
      ? [
          'Where the state differs (log -> replay), and the replay action that last changed it:',
          ...d.differences.map(
            (x) =>
              `  ${x.path}: ${brief(x.logged) || 'undefined'} -> ${brief(x.replayed) || 'undefined'}` +
              (!x.changedBy
                ? ', not changed by any action kept'
                : `, ${x.changedBy.how === 'changed' ? 'last changed by' : 'never changed; the last action of its slice was'} [${x.changedBy.actor}] ${x.changedBy.type} (entry #${x.changedBy.seq ?? '?'})`),
          ),
          '',
        ]
      : []),
    `Expected (log):   ${d.expected ? describeEntry(d.expected) : 'nothing more'}`,
    `Actual (replay):  ${d.actual ? brief(d.actual) : 'nothing'}`,
    '',
    diff(d.expected ?? null, d.actual ?? null, {
      aAnnotation: 'Expected (log)',
      bAnnotation: 'Actual (replay)',
      expand: false,
    }) ?? '',
  ];
  if (r.uncaught.length)
    lines.push('', 'Uncaught in the replay:', ...r.uncaught.map((u) => `  ${u}`));
  return lines.join('\n');
}

/** The promises the session broke, each with its time and the entries to look at. */
export function formatFindings(findings: Finding[]): string {
  return [
    `FINDINGS: the session broke ${findings.length} of the player's promises`,
    ...findings.map(
      (f) =>
        `  ${seconds(f.t).padStart(10)}  ${f.kind}: ${f.message} (entries ${f.seqs.map((s) => `#${s}`).join(', ')})`,
    ),
  ].join('\n');
}
