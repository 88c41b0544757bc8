// kino-player-sdk/react in a React page: test/fixtures/react-host built with Parcel against the
// built package (copied into the page's node_modules as an install would put it), served by the demo
// server. Under StrictMode it makes one frame at a time, plays the demo film, is steered through its
// ref, and leaves no frame and no message listener after unmount.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'puppeteer-core';
import type { KinoPlayerHandle, KinoPlayerProps } from '../../src/sdk/react';
import { ARTIFACTS, demoUrl, openPage, screenshot, useBrowser } from './browser';

const ROOT = join(__dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'react-host');
const SOURCE = join(ARTIFACTS, 'react-host');
const OUT = join(ROOT, 'dist', 'react-host');

const waitFor = (frame: Frame | Page, predicate: string, timeout = 20_000) =>
  frame.waitForFunction(predicate, { timeout, polling: 50 });

interface Heard {
  event: string;
  data: unknown;
}

declare global {
  interface Window {
    kino: {
      handle: KinoPlayerHandle | null;
      events: Heard[];
      framesMade: number;
      mostFrames: number;
      mount(props: Partial<KinoPlayerProps>): void;
      unmount(): void;
    };
    messageListeners: Set<unknown>;
  }
}

describe('kino-player-sdk/react in a React page', () => {
  const browser = useBrowser();

  beforeAll(() => {
    // the fixture and the package as a host app has them (the demo build made packages/sdk/dist)
    rmSync(SOURCE, { recursive: true, force: true });
    cpSync(FIXTURE, SOURCE, { recursive: true });
    const installed = join(SOURCE, 'node_modules', 'kino-player-sdk');
    mkdirSync(installed, { recursive: true });
    cpSync(join(ROOT, 'packages', 'sdk', 'package.json'), join(installed, 'package.json'));
    cpSync(join(ROOT, 'packages', 'sdk', 'dist'), join(installed, 'dist'), { recursive: true });
    rmSync(OUT, { recursive: true, force: true });
    execFileSync(process.execPath, [join(FIXTURE, 'build.mjs'), SOURCE, OUT], {
      cwd: ROOT,
      stdio: 'pipe',
    });
  }, 120_000);

  afterAll(() => rmSync(SOURCE, { recursive: true, force: true }));

  it('plays the film under StrictMode, steered by its ref; after unmount nothing is left', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/react-host/index.html'));
    await page.waitForFunction(() => window.kino !== undefined);
    const listenersBefore = await page.evaluate(() => window.messageListeners.size);

    await page.evaluate(() => window.kino.mount({ movieId: 1, autoPlay: false }));
    await page.waitForSelector('iframe');
    await page.evaluate(() => window.kino.handle!.ready);
    // StrictMode made a frame, destroyed it, made another: one at a time, one listener
    expect(await page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(1);
    expect(await page.evaluate(() => window.kino.framesMade)).toBe(2);
    expect(await page.evaluate(() => window.kino.mostFrames)).toBe(1);
    expect(await page.evaluate(() => window.messageListeners.size)).toBe(listenersBefore + 1);

    const frame = (await (await page.$('iframe'))!.contentFrame())!;
    await page.evaluate(() => window.kino.handle!.play());
    await waitFor(frame, `document.querySelector('video').currentTime > 1.5`);
    await page.evaluate(() => window.kino.handle!.pause());
    await waitFor(frame, `document.querySelector('video').paused`);
    const seekedSoFar = `window.kino.events.filter((e) => e.event === 'seeked').length`;
    const before = (await page.evaluate(seekedSoFar)) as number;
    await page.evaluate(() => window.kino.handle!.seek(8));
    await waitFor(page, `${seekedSoFar} > ${before}`);
    expect(await page.evaluate(() => window.kino.handle!.getPaused())).toBe(true);
    expect(await page.evaluate(() => window.kino.handle!.getCurrentTime())).toBeCloseTo(8, 0);
    await page.evaluate(() => window.kino.handle!.play());
    await waitFor(frame, `document.querySelector('video').currentTime > 9`);

    // the callbacks heard the events, typed data as the protocol gives it
    const heard = await page.evaluate(() => window.kino.events);
    const names = heard.map((e) => e.event);
    for (const event of ['ready', 'episodeChanged', 'play', 'pause', 'seeked', 'timeupdate'])
      expect(names).toContain(event);
    expect(heard.find((e) => e.event === 'episodeChanged')?.data).toEqual({ id: 101 });
    expect(heard.find((e) => e.event === 'pause')?.data).toMatchObject({
      currentTime: expect.any(Number),
    });
    await screenshot(page, 'react-host');

    await page.evaluate(() => window.kino.unmount());
    expect(await page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0);
    expect(await page.evaluate(() => window.messageListeners.size)).toBe(listenersBefore);
    expect(await page.evaluate(() => window.kino.handle)).toBeNull();
    expect(errors).toEqual([]);
    await page.browserContext().close();
  });
});
