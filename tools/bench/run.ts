// npm run bench: measures, writes bench/results.json and bench/RESULTS.md. Not part of npm test.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { startDemoServer } from '../../demo/app';
import { measureRecorderCost } from './recorderCost';
import { measureReplaySpeed } from './replaySpeed';

const ROOT = join(__dirname, '..', '..');
const RUNS = 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

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
  const results: Record<string, Figure> = {};

  const replay = await measureReplaySpeed(30, RUNS);
  results.replay_speed_x = {
    value: Math.round(median(replay.speeds)),
    runs: replay.speeds.map(Math.round),
    goal: '>= 1000',
    unit: 'x real time',
    how: `a ${replay.virtualMinutes}-minute session (${replay.entries} entries) recorded on simulated ports, replayed in Node`,
  };
  console.log(`replay_speed_x: ${results.replay_speed_x.value}`);

  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const server = await startDemoServer(0, { crossOriginIsolated: true });
  try {
    const costs = [];
    for (let i = 0; i < RUNS; i++) costs.push(await measureRecorderCost(server.url));
    results.recorder_cost_pct = {
      value: Number(median(costs.map((c) => c.pct)).toFixed(3)),
      runs: costs.map((c) => Number(c.pct.toFixed(3))),
      goal: '<= 2',
      unit: '% of scripting time',
      how: `recorder self-time over the page's ScriptDuration, 19 s of steady playback of the demo film in Chromium; per run: ${costs
        .map(
          (c) =>
            `${c.recorderMs.toFixed(1)} ms of ${c.scriptMs.toFixed(0)} ms, ${c.entries} entries`,
        )
        .join('; ')}`,
    };
    console.log(`recorder_cost_pct: ${results.recorder_cost_pct.value}`);
  } finally {
    await server.close();
  }

  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
  const date = new Date().toISOString().slice(0, 10);
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench', 'results.json'),
    `${JSON.stringify({ date, machine, results }, null, 2)}\n`,
  );
  const rows = Object.entries(results).map(
    ([key, f]) =>
      `| \`${key}\` | ${f.value} ${f.unit} | ${f.goal} | ${f.runs.join(', ')} | ${f.how} |`,
  );
  writeFileSync(
    join(ROOT, 'bench', 'RESULTS.md'),
    [
      '# Benchmark results',
      '',
      `Measured ${date} on ${machine} with \`npm run bench\` (median of ${RUNS} runs).`,
      '',
      '| figure | value | goal | runs | how |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
