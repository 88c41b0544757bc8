// The host app of test/fixtures/host-app made as a host developer makes theirs: the SDK packed and
// installed by the very commands of docs/host.md ("Installing"), the docs' TypeScript examples added
// as modules of the app, the whole type-checked strictly, then built with Parcel into dist/host-app
// (served by the demo server).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { docExamples, type DocExample } from '../../tools/docExamples';
import { ARTIFACTS } from './browser';

const ROOT = join(__dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'host-app');
export const HOST_APP_SOURCE = join(ARTIFACTS, 'host-app');
const OUT = join(ROOT, 'dist', 'host-app');

/** A code block of README.md or docs/host.md, named by its file and line (readme-37). */
export interface HostDocExample extends DocExample {
  name: string;
  doc: string;
}

/** Every code block of the two guides a host developer reads. */
export function hostDocExamples(): HostDocExample[] {
  return [
    ['readme', 'README.md'],
    ['host', join('docs', 'host.md')],
  ].flatMap(([prefix, doc]) =>
    docExamples(readFileSync(join(ROOT, doc!), 'utf8')).map((example) => ({
      ...example,
      name: `${prefix}-${example.line}`,
      doc: doc!,
    })),
  );
}

/**
 * The examples' addresses are placeholders (the reserved .example domain): each is the demo
 * server's, the player on another origin (`player`) than the page (`demo`), as on a real site.
 */
export function withDemoAddresses(code: string, demo: string, player: string): string {
  const rewritten = code
    .replaceAll('https://player.example', player)
    .replaceAll('https://key@errors.example', demo.replace('://', '://key@'))
    .replaceAll('https://api.example', demo)
    .replaceAll('https://ads.example', demo);
  const left = /https?:\/\/[\w.-]*\.example\b/.exec(rewritten);
  if (left) throw new Error(`No demo address stands for ${left[0]}: add it to withDemoAddresses`);
  return rewritten;
}

export interface PreparedHostApp {
  /** the SDK's version the app installed (from its node_modules) */
  installedVersion: string;
  /** tsc's output on the app (strict), empty when it type-checks */
  typeErrors: string;
}

const run = (command: string, cwd: string, env: NodeJS.ProcessEnv = {}) =>
  execFileSync('bash', ['-c', command], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** docs/host.md's install block: packs the SDK into $HOST_APP and installs it there. */
function installBlock(examples: HostDocExample[]): string {
  const block = examples.find((e) => e.lang === 'sh' && e.code.includes('npm pack'));
  if (!block) throw new Error('docs/host.md has no install block (npm pack) any more');
  return block.code;
}

export function prepareHostApp(demo: string, player: string): PreparedHostApp {
  const examples = hostDocExamples();
  rmSync(HOST_APP_SOURCE, { recursive: true, force: true });
  cpSync(FIXTURE, HOST_APP_SOURCE, { recursive: true });

  // the install block, as written, from the repository: no registry is asked (the package has no
  // dependencies)
  run(installBlock(examples), ROOT, {
    HOST_APP: HOST_APP_SOURCE,
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  });
  const installed = JSON.parse(
    readFileSync(join(HOST_APP_SOURCE, 'node_modules', 'kino-player-sdk', 'package.json'), 'utf8'),
  ) as { version: string };

  // the TypeScript examples: modules of the app, loaded on demand by name
  const modules = examples.filter((e) => e.lang === 'ts' || e.lang === 'tsx');
  mkdirSync(join(HOST_APP_SOURCE, 'src', 'examples'));
  for (const example of modules)
    writeFileSync(
      join(HOST_APP_SOURCE, 'src', 'examples', `${example.name}.${example.lang}`),
      withDemoAddresses(example.code, demo, player),
    );
  writeFileSync(
    join(HOST_APP_SOURCE, 'src', 'examples.ts'),
    [
      "// written by test/e2e/hostApp.ts: the docs' examples, by name",
      'export const examples: Record<string, () => Promise<Record<string, unknown>>> = {',
      ...modules.map((e) => `  '${e.name}': () => import('./examples/${e.name}'),`),
      '};',
      '',
    ].join('\n'),
  );

  // strict, as the app's tsconfig says, against the installed package's declarations
  const check = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'tsc'),
    ['-p', '.', '--pretty', 'false'],
    { cwd: HOST_APP_SOURCE, encoding: 'utf8' },
  );
  const typeErrors =
    `${check.stdout}${check.stderr}`.trim() ||
    (check.status === 0 ? '' : `tsc exited ${check.status}`);

  rmSync(OUT, { recursive: true, force: true });
  execFileSync(process.execPath, [join(FIXTURE, 'build.mjs'), HOST_APP_SOURCE, OUT], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  return { installedVersion: installed.version, typeErrors };
}

/** What the tests wrote into dist/ (the host app, the examples' pages): not for a deployment. */
export function removeHostAppBuild() {
  const dist = join(ROOT, 'dist');
  rmSync(OUT, { recursive: true, force: true });
  rmSync(join(dist, 'doc-examples'), { recursive: true, force: true });
  for (const file of readdirSync(dist).filter((f) => /^index\..+\.html$/.test(f)))
    rmSync(join(dist, file));
}
