/** @jest-environment node */
// The QA kit as a QA engineer gets it: built, packed, unpacked into a fresh strict TypeScript project
// next to puppeteer-core (and the state's redux types), where typed use compiles: the page object,
// the demo client, window.__player in the callbacks a script hands to the page; a wrong field does not.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packPackage } from '../packPackage';

const ROOT = join(__dirname, '..', '..', '..');
const PACKAGE = join(ROOT, 'packages', 'qa');
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');

const GOOD = `
import puppeteer from 'puppeteer-core';
import { attachPlayer, demoServer, type Beacon, type PlayerState } from 'kino-player-qa';
import type {} from 'kino-player-qa/window';

const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
const player = await attachPlayer(page);
const state: PlayerState = await player.state();
const time: number = state.media.currentTime;
const paused: boolean = await player.frame.evaluate(() => window.__player!.getState().media.paused);
await player.waitForState((s, t) => s.media.currentTime > t, 5);
const ended = await player.skipAdWhenAllowed();
const status: string = ended.status;
const picked: number = (await player.chooseEpisode(2, 1)).episodeId;
await player.exportLog('log.json');
const beacons: Beacon[] = await demoServer().beacons();
await demoServer().faults.set('/media/*', { type: 'slow', delayMs: 500 }, { times: 2 });
// @ts-expect-error: a fault has a known type
await demoServer().faults.set('/media/*', { type: 'boom' });
export { time, paused, status, picked, beacons };
`;

const BAD_FIELD = `
import { attachPlayer } from 'kino-player-qa';
declare const frame: Parameters<typeof attachPlayer>[0];
const player = await attachPlayer(frame);
export const t: number = (await player.state()).media.curentTime;
`;

describe('the kino-player-qa package', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'kino-qa-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('has the version of the project and puppeteer-core as its peer', () => {
    const own = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(own.version).toBe(root.version);
    expect(Object.keys(own.peerDependencies)).toEqual(['puppeteer-core']);
    expect(own.dependencies).toBeUndefined();
  });

  it('packs, unpacks into a fresh project and type-checks strictly', () => {
    const packed = packPackage('qa', work);
    const files = packed.files;
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'dist/index.js',
        'dist/types/qa/index.d.ts',
        'dist/types/qa/debugApi.d.ts',
      ]),
    );
    const app = join(work, 'app');
    const kit = join(app, 'node_modules', 'kino-player-qa');
    mkdirSync(kit, { recursive: true });
    execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', kit, '--strip-components=1']);
    for (const name of [
      'puppeteer-core',
      '@reduxjs/toolkit',
      'redux',
      'redux-saga',
      '@types/node',
    ]) {
      mkdirSync(join(app, 'node_modules', name, '..'), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', name), join(app, 'node_modules', name), 'dir');
    }
    writeFileSync(join(app, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
    writeFileSync(join(app, 'good.mts'), GOOD);
    writeFileSync(join(app, 'bad.mts'), BAD_FIELD);
    const check = (file: string) => {
      writeFileSync(
        join(app, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            lib: ['ES2023', 'DOM'],
            types: ['node'],
          },
          files: [file],
        }),
      );
      const run = spawnSync(TSC, ['-p', 'tsconfig.json', '--pretty', 'false'], {
        cwd: app,
        encoding: 'utf8',
      });
      return `${run.stdout}${run.stderr}`.split('\n').filter((l) => /error TS\d+/.test(l));
    };
    expect(check('good.mts')).toEqual([]);
    expect(check('bad.mts')).toEqual([expect.stringMatching(/bad\.mts.*curentTime/)]);
  }, 60_000);
});
