// npm run bench [-- replay|playback|vast|ads|startup|session|network ... [--kinds ... --durations ... --points ...]]:
// measures, writes bench/results.json and bench/RESULTS.md. Not part of npm test. Naming suites
// re-measures only those; the other figures are kept from the last results.json. The options after
// the suites pick part of the network suite's matrix (outageMatrix.ts). The adaptive-streaming suite
// (abr, run only when named) replays every trace of tools/bench/abrTraces.ts, or those ABR_TRACES=a,b
// names, or one group of them (ABR_GROUP=heldBack, tuning or complaint); the other traces' rows are
// kept from the last run.
// Timings are medians of runs interleaved with their baseline (A B A B ...), reported as ratios.
// The suites are in startupSuite.ts, pageSuites.ts, nodeSuites.ts and networkSuites.ts.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { IN_THE_WAY, NARROWLY_MET } from './inTheWay';
import { outageMatrix, type OutageCase } from './outageMatrix';
import type { Figure } from './figure';
import { ABR_TRACES, pickAbrTraces, type AbrTrace } from './abrTraces';
import { abrTable, mergeAbrRows, type AbrTraceRow } from './abrReport';
import { ROOT } from './benchSetup';
import { abrFigures, networkFigures } from './networkSuites';
import { replayFigures, vastFigures } from './nodeSuites';
import { adFigures, playbackFigures, sessionFigures } from './pageSuites';
import { startupFigures } from './startupSuite';

const SUITES = ['startup', 'ads', 'playback', 'session', 'vast', 'replay', 'network', 'abr'];
/** about half an hour: measured only when named (npm run bench -- abr) */
const ON_REQUEST = ['abr'];

/** Whether a figure meets its goal ('<= 1.10', '< 285', '>= 1000', '= 1', 'no growth'); null: no goal. */
function goalMet(f: Figure): boolean | null {
  if (f.goal === 'no growth') return (f.runs.at(-1) ?? 0) <= (f.runs[0] ?? 0);
  const match = /^(<=|<|>=|=) ([\d.]+)$/.exec(f.goal);
  if (!match) return null;
  const measured = f.ratio ?? f.value;
  const limit = Number(match[2]);
  return {
    '<=': measured <= limit,
    '<': measured < limit,
    '>=': measured >= limit,
    '=': measured === limit,
  }[match[1] as '<=' | '<' | '>=' | '='];
}

async function main() {
  const args = process.argv.slice(2);
  const firstOption = args.findIndex((arg) => arg.startsWith('--'));
  const selected = firstOption < 0 ? args : args.slice(0, firstOption);
  const unknown = selected.filter((suite) => !SUITES.includes(suite));
  if (unknown.length > 0) {
    console.error(`unknown suite ${unknown.join(', ')}: choose from ${SUITES.join(', ')}`);
    process.exit(2);
  }
  let outages: OutageCase[];
  try {
    outages = outageMatrix(firstOption < 0 ? [] : args.slice(firstOption));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const runs = (suite: string) =>
    selected.includes(suite) || (selected.length === 0 && !ON_REQUEST.includes(suite));
  let abrPicked: AbrTrace[] = [];
  try {
    if (runs('abr')) abrPicked = pickAbrTraces(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const previousPath = join(ROOT, 'bench', 'results.json');
  const previous =
    selected.length > 0 && existsSync(previousPath)
      ? (JSON.parse(readFileSync(previousPath, 'utf8')) as {
          date: string;
          /** when the figures a partial run kept were measured (a partial run's own date is not it) */
          othersFrom?: string;
          results: Record<string, Figure>;
          abrTraces?: AbrTraceRow[];
        })
      : null;
  const results: Record<string, Figure> = { ...previous?.results };
  // the rows of the traces still replayed, each in its group
  let abrTraces = previous?.abrTraces && mergeAbrRows(previous.abrTraces, [], ABR_TRACES);

  const started = Date.now();
  if (runs('startup')) await startupFigures(results);
  if (runs('ads')) await adFigures(results);
  if (runs('playback')) await playbackFigures(results);
  if (runs('session')) await sessionFigures(results);
  if (runs('vast')) await vastFigures(results);
  if (runs('replay')) await replayFigures(results);
  if (runs('network')) await networkFigures(results, outages);
  if (runs('abr')) abrTraces = await abrFigures(results, abrPicked, abrTraces ?? []);
  delete results.ad_first_frame_ratio; // the name of preroll_latency_ratio before 2026-11-22
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);

  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
  const date = new Date().toISOString().slice(0, 10);
  const othersFrom = previous ? (previous.othersFrom ?? previous.date) : undefined;
  // each figure says its own day: those this run made are new objects, the others kept theirs
  for (const [key, figure] of Object.entries(results))
    if (figure !== previous?.results[key]) figure.measured = date;
    else figure.measured ??= othersFrom;
  const partial = previous
    ? ` Only ${selected.map((suite) => `\`${suite}\``).join(', ')} re-measured then (\`npm run bench -- ${args.join(' ')}\`); each figure's own day is in its row.`
    : '';
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(
    previousPath,
    `${JSON.stringify({ date, othersFrom, machine, results, abrTraces }, null, 2)}\n`,
  );
  const mark = (met: boolean | null) => (met === null ? '' : met ? 'met' : '**missed**');
  const rows = Object.entries(results).map(
    ([key, f]) =>
      `| \`${key}\` | ${f.measured ?? date} | ${f.ratio !== undefined ? `${f.ratio} (${f.value} vs ${f.baseline} ${f.unit})` : `${f.value} ${f.unit}`} | ${f.goal} | ${mark(goalMet(f))} | ${f.runs.join(', ')} | ${f.how} |`,
  );
  const missed = Object.entries(results).filter(([, f]) => goalMet(f) === false);
  const narrow = Object.entries(results).filter(
    ([key, f]) => goalMet(f) === true && NARROWLY_MET.has(key),
  );
  writeFileSync(
    join(ROOT, 'bench', 'RESULTS.md'),
    [
      '# Benchmark results',
      '',
      `Measured ${date} on ${machine} with \`npm run bench\` in ${minutes} minutes: each timing the median of its runs, interleaved with its baseline (A B A B).${partial}`,
      '',
      '| figure | measured | value | goal | | runs | how |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      ...(missed.length > 0 ? ['## What stands in the way', ''] : []),
      ...missed.map(([key]) => `- \`${key}\`: ${IN_THE_WAY[key] ?? 'not yet profiled.'}`),
      '',
      ...(narrow.length > 0 ? ['## Met, narrowly', ''] : []),
      ...narrow.map(([key]) => `- \`${key}\`: ${IN_THE_WAY[key]}`),
      ...(narrow.length > 0 ? [''] : []),
      ...(abrTraces ? abrTable(abrTraces, date) : []),
    ].join('\n'),
  );
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
