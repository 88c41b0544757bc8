// npm run bench [-- replay|playback|vast ...]: measures, writes bench/results.json and
// bench/RESULTS.md. Not part of npm test. Naming suites re-measures only those; the other figures are
// kept from the last results.json.
// Timings are medians of runs interleaved with their baseline (A B A B ...), reported as ratios.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { startDemoServer } from '../../demo/app';
import { measureAdLatency } from './adLatency';
import { measureReplaySpeed } from './replaySpeed';
import { measureSteadyPlayback, type SteadyPlayback } from './steadyPlayback';
import { measureVastParse } from './vastParse';

const ROOT = join(__dirname, '..', '..');
const RUNS = 5;
/** the VAST timings are short, so more runs for a steadier median */
const VAST_RUNS = 9;
const SUITES = ['replay', 'playback', 'vast', 'ads'];
/** click-to-first-frame runs per page */
const AD_RUNS = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const round = (n: number, digits = 3) => Number(n.toFixed(digits));

interface Figure {
  value: number;
  baseline?: number;
  ratio?: number;
  runs: number[];
  goal: string;
  unit: string;
  how: string;
}

async function main() {
  const selected = process.argv.slice(2);
  const unknown = selected.filter((suite) => !SUITES.includes(suite));
  if (unknown.length > 0) {
    console.error(`unknown suite ${unknown.join(', ')}: choose from ${SUITES.join(', ')}`);
    process.exit(2);
  }
  const runs = (suite: string) => selected.length === 0 || selected.includes(suite);
  const previousPath = join(ROOT, 'bench', 'results.json');
  const previous =
    selected.length > 0 && existsSync(previousPath)
      ? (JSON.parse(readFileSync(previousPath, 'utf8')) as {
          date: string;
          results: Record<string, Figure>;
        })
      : null;
  const results: Record<string, Figure> = { ...previous?.results };

  if (runs('replay')) await replayFigures(results);
  if (runs('playback')) await playbackFigures(results);
  if (runs('vast')) await vastFigures(results);
  if (runs('ads')) await adFigures(results);

  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
  const date = new Date().toISOString().slice(0, 10);
  const partial = previous
    ? ` Only ${selected.map((suite) => `\`${suite}\``).join(', ')} re-measured then (\`npm run bench -- ${selected.join(' ')}\`); the other figures are from ${previous.date}.`
    : '';
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(previousPath, `${JSON.stringify({ date, machine, results }, null, 2)}\n`);
  const rows = Object.entries(results).map(
    ([key, f]) =>
      `| \`${key}\` | ${f.ratio !== undefined ? `${f.ratio} (${f.value} vs ${f.baseline} ${f.unit})` : `${f.value} ${f.unit}`} | ${f.goal} | ${f.runs.join(', ')} | ${f.how} |`,
  );
  writeFileSync(
    join(ROOT, 'bench', 'RESULTS.md'),
    [
      '# Benchmark results',
      '',
      `Measured ${date} on ${machine} with \`npm run bench\` (median of ${RUNS} runs, interleaved with the baseline).${partial}`,
      '',
      '| figure | value | goal | runs | how |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
}

async function replayFigures(results: Record<string, Figure>) {
  const replay = await measureReplaySpeed(30, RUNS);
  results.replay_speed_x = {
    value: Math.round(median(replay.speeds)),
    runs: replay.speeds.map(Math.round),
    goal: '>= 1000',
    unit: 'x real time',
    how: `a ${replay.virtualMinutes}-minute session (${replay.entries} entries, stream loop included) recorded on simulated ports, replayed in Node`,
  };
  console.log(`replay_speed_x: ${results.replay_speed_x.value}`);
}

let built = false;
/** The player as shipped, built once per benchmark run. */
function build() {
  if (built) return;
  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  built = true;
}

async function playbackFigures(results: Record<string, Figure>) {
  build();
  const server = await startDemoServer(0, {
    defaultAdList: [], // steady playback is measured on content; the ad benchmarks ask for their ads
    crossOriginIsolated: true,
    mounts: {
      '/bench': join(__dirname, 'static'),
      '/vendor/hls': join(ROOT, 'node_modules', 'hls.js', 'dist'),
      // the demo film is 24 s: a 70 s one of the same shape (fixtures/generate.sh) for a whole minute
      '/media/hls': join(__dirname, 'fixtures', 'long-hls'),
    },
  });
  try {
    const player: SteadyPlayback[] = [];
    const bare: SteadyPlayback[] = [];
    for (let i = 0; i < RUNS; i++) {
      player.push(await measureSteadyPlayback(`${server.url}/?movie_id=1&auto_play=1`));
      bare.push(await measureSteadyPlayback(`${server.url}/bench/bare-hls.html`));
    }
    const perMinute = (r: SteadyPlayback) => (r.scriptMs / r.seconds) * 60;
    const ratios = player.map((p, i) => perMinute(p) / perMinute(bare[i] ?? p));
    results.cpu_ratio = {
      value: round(median(player.map(perMinute)), 1),
      baseline: round(median(bare.map(perMinute)), 1),
      ratio: round(median(ratios)),
      runs: ratios.map((r) => round(r)),
      goal: '<= 1.30',
      unit: 'ms of scripting per minute of playback',
      how: `ScriptDuration over ${player[0]?.seconds.toFixed(0)} s of steady playback of a 70 s film of the demo's shape (tools/bench/fixtures); the baseline is the same fixture through hls.js alone, runs interleaved`,
    };
    const commits = player.map((p) => p.commits / p.seconds);
    results.react_commits_per_s = {
      value: round(median(commits), 2),
      runs: commits.map((c) => round(c, 2)),
      goal: '<= 4',
      unit: 'commits/s',
      how: 'commits React reports to its devtools hook during the same steady playback',
    };
    const costs = player.map((p) => (100 * p.recorderMs) / p.scriptMs);
    results.recorder_cost_pct = {
      value: round(median(costs)),
      runs: costs.map((c) => round(c)),
      goal: '<= 2',
      unit: '% of scripting time',
      how: `the recorder's self-measured time (cross-origin isolated timers) over the page's ScriptDuration; per run: ${player
        .map((p) => `${p.recorderMs.toFixed(1)} of ${p.scriptMs.toFixed(0)} ms`)
        .join('; ')}`,
    };
    for (const key of ['cpu_ratio', 'react_commits_per_s', 'recorder_cost_pct']) {
      console.log(`${key}: ${results[key]?.ratio ?? results[key]?.value}`);
    }
  } finally {
    await server.close();
  }
}

async function vastFigures(results: Record<string, Figure>) {
  const vast = await measureVastParse(VAST_RUNS);
  const ratios = vast.oursMs.map((ours, i) => ours / (vast.theirsMs[i] ?? ours));
  results.vast_parse_ratio = {
    value: round(median(vast.oursMs), 4),
    baseline: round(median(vast.theirsMs), 4),
    ratio: round(median(ratios)),
    runs: ratios.map((r) => round(r)),
    goal: '<= 1.0',
    unit: 'ms per document',
    how: `parse and resolve each of the ${vast.documents} IAB VAST samples (test/fixtures/vast-iab), ${vast.passes} passes per run, ${VAST_RUNS} runs; a wrapper's next document fails at once for both; the baseline is @dailymotion/vast-client with @xmldom/xmldom`,
  };
  console.log(`vast_parse_ratio: ${results.vast_parse_ratio.ratio}`);
}

async function adFigures(results: Record<string, Figure>) {
  build();
  const server = await startDemoServer(0, { mounts: { '/bench': join(__dirname, 'static') } });
  try {
    const { player, bare } = await measureAdLatency(server.url, AD_RUNS);
    const ratios = player.map((p, i) => p / (bare[i] ?? p));
    results.ad_first_frame_ratio = {
      value: round(median(player), 1),
      baseline: round(median(bare), 1),
      ratio: round(median(ratios)),
      runs: ratios.map((r) => round(r)),
      goal: '<= 1.2',
      unit: 'ms from the play click to the first ad frame',
      how: `the demo film with the 6 s pre-roll, play clicked once the page is idle (its first ad prepared), against a bare <video src> of the same MP4 clicked once preloaded; click event to requestVideoFrameCallback, ${AD_RUNS} interleaved runs`,
    };
    console.log(`ad_first_frame_ratio: ${results.ad_first_frame_ratio.ratio}`);
  } finally {
    await server.close();
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
