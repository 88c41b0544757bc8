// The SDK as a host developer uses it: test/fixtures/host-app, a React app in TypeScript, installs the
// packed SDK by docs/host.md's own commands, type-checks strictly and is built with Parcel; in
// Chromium it plays the demo through the plain SDK (the player on another origin, as on a real site)
// and through <KinoPlayer> under StrictMode, every command of the SDK sent both ways; then each
// leaves nothing behind.
import type { Page } from 'puppeteer-core';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { clearFaults, demoUrl, openPage, screenshot, useBrowser } from './browser';
import {
  hostDocExamples,
  prepareHostApp,
  removeHostAppBuild,
  type PreparedHostApp,
} from './hostApp';
import { runHostDocExample } from './hostDocExamples';
import { frameOf, tourEveryCommand } from './hostTour';

const ROOT = join(__dirname, '..', '..');
/** the SDK package's own version, which its tarball is named by */
const version = (
  JSON.parse(readFileSync(join(ROOT, 'packages', 'sdk', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** the player on another origin than the host app: localhost against 127.0.0.1 */
const otherOrigin = () => demoUrl('').replace('127.0.0.1', 'localhost');

async function openHostApp(page: Page) {
  await page.goto(demoUrl(`/host-app/index.html?player=${encodeURIComponent(otherOrigin())}`));
  await page.waitForFunction(() => window.hostApp !== undefined);
  return page.evaluate(() => window.messageListeners.size);
}

let app: PreparedHostApp;
beforeAll(() => {
  app = prepareHostApp(demoUrl(''), otherOrigin());
}, 180_000);
afterAll(removeHostAppBuild);

describe('a host app on the packed SDK', () => {
  const browser = useBrowser();

  it('installs the packed SDK and type-checks in strict mode, the docs’ examples with it', () => {
    expect(app.installedVersion).toBe(version);
    expect(app.typeErrors).toBe('');
  });

  it('plays the demo through the plain SDK, every command sent; destroy() leaves nothing', async () => {
    const { page, errors } = await openPage(browser());
    const listenersBefore = await openHostApp(page);
    await page.evaluate(() => window.hostApp.createSdkPlayer({ movie_id: '1', auto_play: '0' }));
    const frame = await frameOf(page, 'sdk');
    expect(new URL(frame.url()).origin).toBe(otherOrigin());
    await tourEveryCommand(page, 'sdk');

    await page.evaluate(() => window.hostApp.destroySdkPlayer());
    expect(await page.$$('iframe')).toHaveLength(0);
    expect(await page.evaluate(() => window.messageListeners.size)).toBe(listenersBefore);
    expect(errors).toEqual([]);
    await page.browserContext().close();
  });

  it('plays it through <KinoPlayer> under StrictMode, every command by its ref; unmount leaves nothing', async () => {
    const { page, errors } = await openPage(browser());
    const listenersBefore = await openHostApp(page);
    await page.evaluate(() => window.hostApp.mountReact({ movieId: 1, autoPlay: false }));
    await frameOf(page, 'react');
    // StrictMode made a frame, destroyed it, made another: one at a time, one listener
    expect(await page.evaluate(() => window.hostApp.frames)).toEqual({ made: 2, most: 1 });
    expect(await page.evaluate(() => window.messageListeners.size)).toBe(listenersBefore + 1);
    await screenshot(page, 'host-app-react');
    await tourEveryCommand(page, 'react');

    // unmounted: no frame, no listener; a command through a ref kept from before is rejected
    const afterwards = await page.evaluate(() => {
      const kept = window.hostApp.handle!;
      window.hostApp.unmountReact();
      return kept.play().then(
        () => 'played',
        (error: { code: string }) => error.code,
      );
    });
    expect(afterwards).toBe('DESTROYED');
    expect(await page.$$('iframe')).toHaveLength(0);
    expect(await page.evaluate(() => window.messageListeners.size)).toBe(listenersBefore);
    expect(await page.evaluate(() => window.hostApp.handle)).toBeNull();
    expect(errors).toEqual([]);
    await page.browserContext().close();
  });
});

describe('the examples of README.md and docs/host.md, as written', () => {
  const browser = useBrowser();
  const examples = hostDocExamples();
  const runnable = examples.filter((e) => ['ts', 'tsx', 'html'].includes(e.lang));

  it('are all there: the module, the global script, a frame, the settings, React', () => {
    expect(runnable.map((e) => `${e.doc} ${e.lang}`).sort()).toEqual([
      'README.md html',
      'README.md html',
      'README.md html',
      'README.md ts',
      'docs/host.md html',
      'docs/host.md ts',
      'docs/host.md tsx',
    ]);
  });

  it.each(runnable.map((e) => [`${e.doc}:${e.line} (${e.lang})`, e] as const))(
    '%s runs',
    async (_name, example) => {
      const { page, errors } = await openPage(browser());
      await runHostDocExample(page, example, otherOrigin());
      expect(errors).toEqual([]);
      await page.browserContext().close();
    },
    60_000,
  );

  it('their shell lines name the project’s scripts; the fault example is taken by the demo server', async () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    const lines = examples
      .filter((e) => e.lang === 'sh')
      .flatMap((e) => e.code.split('\n').map((line) => ({ line, at: `${e.doc}:${e.line}` })));
    const named = lines.flatMap(({ line, at }) =>
      [...line.matchAll(/npm run (\S+)/g)].map((m) => ({ script: m[1]!, at })),
    );
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(named.filter(({ script }) => !(script in scripts))).toEqual([]);

    // the curl example, its address the demo server's (the install block ran in beforeAll)
    const curl = examples.find((e) => e.lang === 'sh' && e.code.startsWith('curl '));
    const command = curl!.code.replace('localhost:8080', demoUrl('').replace('http://', ''));
    await clearFaults();
    try {
      // not execFileSync: the demo server answering it runs in this process
      await promisify(execFile)('bash', ['-c', command]);
      const faults = (await (await fetch(demoUrl('/__test/faults'))).json()) as unknown[];
      expect(faults).toEqual([
        expect.objectContaining({
          path: '/catalog-api/contents/1',
          fault: { type: 'status', status: 500 },
          times: 1,
        }),
      ]);
    } finally {
      await clearFaults();
    }
  });
});
