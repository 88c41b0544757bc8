// The examples of docs/qa.md run as written: each ```ts / ```js / ```mts block marked `run` is saved in
// a directory of its own outside the repository, where the kit (kino-player-qa, packed and unpacked
// as an install would) and puppeteer-core sit in node_modules, and run with `npx tsx` against the
// demo server of the browser tests (KINO_DEMO_URL). A flight log it writes must replay (exit 0 or 3).
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { docExamples } from '../../tools/docExamples';
import { CHROMIUM_PATH } from '../../tools/chromium';
import { ARTIFACTS, demoUrl } from './browser';

const ROOT = join(__dirname, '..', '..');
const examples = docExamples(readFileSync(join(ROOT, 'docs', 'qa.md'), 'utf8'));

/** An example hanging past this is stopped (its browser with it), not left behind the test. */
const EXAMPLE_LIMIT_MS = 100_000;

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    // its own process group, so that stopping it stops what it started
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    const limit = setTimeout(() => {
      out += `\n(stopped after ${EXAMPLE_LIMIT_MS} ms)`;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, EXAMPLE_LIMIT_MS);
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, out });
    });
  });
}

/** A directory like a QA engineer's project: the packed kit unpacked into node_modules, puppeteer-core and tsx linked. */
function scriptProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kino-qa-example-'));
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '.bin'), { recursive: true });
  const packed = execFileSync(
    'npm',
    ['pack', './packages/qa', '--pack-destination', dir, '--silent'],
    { cwd: ROOT, encoding: 'utf8' },
  ).trim();
  const kit = join(modules, 'kino-player-qa');
  mkdirSync(kit);
  execFileSync('tar', [
    '-xzf',
    join(dir, packed.split('\n').pop()!),
    '-C',
    kit,
    '--strip-components=1',
  ]);
  for (const name of ['puppeteer-core', 'tsx']) {
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name), 'dir');
  }
  symlinkSync(join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(modules, '.bin', 'tsx'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  return dir;
}

describe('the QA guide’s examples', () => {
  let project: string;
  beforeAll(() => {
    project = scriptProject();
  });

  it('has a runnable example', () => {
    expect(examples.filter((e) => e.run).length).toBeGreaterThan(0);
  });

  it.each(examples.filter((e) => e.run).map((e) => [e.line, e] as const))(
    'runs the example of line %i as written',
    async (line, example) => {
      const dir = join(project, `example-${line}`);
      mkdirSync(dir);
      const file = join(dir, `example.${example.lang}`);
      writeFileSync(file, example.code);
      symlinkSync(join(project, 'node_modules'), join(dir, 'node_modules'), 'dir');
      const env = {
        ...process.env,
        KINO_DEMO_URL: demoUrl(''),
        CHROMIUM_PATH,
        NODE_ENV: undefined,
      };
      const { code, out } = await run('npx', ['--no-install', 'tsx', file], dir, env);
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(join(ARTIFACTS, `qa-guide-example-${line}.txt`), out);
      if (code !== 0) throw new Error(`The example of line ${line} exited ${code}:\n${out}`);

      // The flight log it wrote replays: 0, or 3 when the session broke a promise of the player.
      const log = join(dir, 'kino-log.json');
      if (example.code.includes("exportLog('kino-log.json')")) {
        expect(existsSync(log)).toBe(true);
        const replay = await run('npx', ['tsx', 'tools/replay/cli.ts', log], ROOT, env);
        writeFileSync(join(ARTIFACTS, `qa-guide-example-${line}-replay.txt`), replay.out);
        if (replay.code !== 0 && replay.code !== 3) {
          throw new Error(`Its log did not replay (exit ${replay.code}):\n${replay.out}`);
        }
      }
    },
    120_000,
  );
});
