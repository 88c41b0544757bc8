// What the benchmark's suites share: the repository's root, the hls.js version measured against, the
// player built once per run, and the median and rounding of a suite's runs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const HLS_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'node_modules', 'hls.js', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
export const round = (n: number, digits = 3) => Number(n.toFixed(digits));

let built = false;
/** The player as shipped, built once per benchmark run. */
export function build() {
  if (built) return;
  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  built = true;
}
