// Running a host developer's example of README.md or docs/host.md as written, in Chromium: TypeScript
// ones as modules of the host app (built with it, see hostApp.ts), HTML ones as pages of their own
// (a deployment's settings as the player's own index.html), each with the demo server's addresses in
// place of the placeholders; then what the example promises is checked where the viewer or the host
// page would see it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'puppeteer-core';
import { demoUrl, frameWithPlayer, screenshot, waitFor } from './browser';
import { expectReplayable } from './flightLog';
import { withDemoAddresses, type HostDocExample } from './hostApp';

const DIST = join(__dirname, '..', '..', 'dist');

const playing = (past: number) =>
  `(() => { const v = document.querySelector('video');
    return v && !v.paused && v.currentTime > ${past}; })()`;

/** The title of the episode the player shows (the catalog's, as the SDK's HostEpisode has it). */
const episodeTitle = (frame: Frame) =>
  frame.evaluate(() => {
    const { content } = window.__player!.getState();
    return content.episodes.find((e) => e.id === content.currentEpisodeId)?.title ?? null;
  });

interface Run {
  page: Page;
  /** the player's frame the example made (or the page, for the player's own index.html) */
  frame: Frame;
  /** what the example's console.log wrote, in order */
  logs: string[];
  example: HostDocExample;
}

/** What each example promises, found by a line of its own; an example without one fails. */
const CHECKS: { marker: string; check: (run: Run) => Promise<void> }[] = [
  {
    // README, the SDK as a module: logs the episode's title, plays
    marker: "player.on('episodeChanged', (episode) => console.log(episode.title)); // typed",
    async check({ frame, logs }) {
      await waitFor(frame, playing(1));
      expect(logs).toContain(await episodeTitle(frame));
    },
  },
  {
    // README, the global script: mounts the element's player, logs the title, plays
    marker: 'const [player] = KinoPlayer.mountAll();\n',
    async check({ frame, logs }) {
      await waitFor(frame, playing(1));
      expect(logs).toContain(await episodeTitle(frame));
    },
  },
  {
    // README, a frame of the page's own: the film plays by itself
    marker: '<iframe',
    async check({ frame }) {
      await waitFor(frame, playing(1));
      expect(await frame.evaluate(() => window.__player!.config.movieId)).toBe(1);
    },
  },
  {
    // README, the deployment's settings: the player reads them
    marker: 'name="kino-player-settings"',
    async check({ frame }) {
      const config = await frame.evaluate(() => window.__player!.config);
      expect(config).toMatchObject({
        langOrder: ['ru', 'en'],
        envBaseUrl: demoUrl(''),
        envAdListUrl: demoUrl('/ad-list.json'),
        sentryDsn: demoUrl('/1').replace('://', '://key@'),
      });
      await waitFor(frame, playing(1));
    },
  },
  {
    // docs/host.md, the module: seeks, logs where it is, chooses episode 204
    marker: 'await player.selectEpisode(204);',
    async check({ frame, logs }) {
      await waitFor(frame, `window.__player.getState().content.currentEpisodeId === 204`);
      expect(logs.find((line) => line.startsWith('at '))).toMatch(/^at 12(\.\d+)?$/);
      // the episode it opened with, then 204
      const playing = logs.filter((line) => line.startsWith('now playing '));
      expect(playing).toHaveLength(2);
      expect(playing[1]).toBe(`now playing ${await episodeTitle(frame)}`);
    },
  },
  {
    // docs/host.md, the global script: season 1 episode 2 in the stretched mode, at 0:12, playing
    marker: 'data-fullscreen_mode="stretched"',
    async check({ frame, logs }) {
      await waitFor(frame, playing(12));
      expect(await frame.evaluate(() => window.__player!.getState().content.currentEpisodeId)).toBe(
        202,
      );
      expect(logs.find((line) => line.startsWith('at '))).toMatch(/^at 12(\.\d+)?$/);
      expect(logs).toContain(`now playing ${await episodeTitle(frame)}`);
    },
  },
  {
    // docs/host.md, React: the title under the player; its button seeks to 0:12
    marker: 'export function Film()',
    async check({ page, frame, logs }) {
      await waitFor(frame, `window.__player.getState().content.currentEpisodeId === 203`);
      await waitFor(page, `(document.querySelector('#example h2')?.textContent ?? '') !== ''`);
      expect(await page.$eval('#example h2', (h2) => h2.textContent)).toBe(
        await episodeTitle(frame),
      );
      expect(logs).toContain('loaded');
      const button = await page.waitForSelector('#example button');
      expect(await button!.evaluate((b) => b.textContent)).toBe('0:12');
      await button!.click();
      await waitFor(frame, `Math.abs(document.querySelector('video').currentTime - 12) < 1`);
      // the viewer sees it too
      await waitFor(
        frame,
        `document.querySelector('[data-testid="time"]').textContent.startsWith('0:12')`,
      );
    },
  },
];

export function checkOf(example: HostDocExample) {
  const found = CHECKS.filter((c) => example.code.includes(c.marker));
  if (found.length !== 1)
    throw new Error(
      `${example.doc}:${example.line} has ${found.length} checks in test/e2e/hostDocExamples.ts (it needs one)`,
    );
  return found[0]!.check;
}

/** Where an HTML example is served: a page of its own, or the player's index.html with its settings. */
function htmlPage(example: HostDocExample, otherOrigin: string): string {
  const code = withDemoAddresses(example.code, demoUrl(''), otherOrigin);
  if (code.includes('name="kino-player-settings"')) {
    const index = readFileSync(join(DIST, 'index.html'), 'utf8');
    const own = /<meta name=["']?kino-player-settings["']?[^>]*>/;
    if (!own.test(index)) throw new Error('The built index.html has no kino-player-settings meta');
    writeFileSync(join(DIST, `index.${example.name}.html`), index.replace(own, code.trim()));
    return `/index.${example.name}.html?movie_id=1&auto_play=1`;
  }
  mkdirSync(join(DIST, 'doc-examples'), { recursive: true });
  writeFileSync(
    join(DIST, 'doc-examples', `${example.name}.html`),
    `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${example.name}</title><link rel="icon" href="data:,"></head>\n<body>\n${code}</body>\n</html>\n`,
  );
  return `/doc-examples/${example.name}.html`;
}

/** Runs the example in the page and checks what it promises. */
export async function runHostDocExample(
  page: Page,
  example: HostDocExample,
  otherOrigin: string,
): Promise<void> {
  const check = checkOf(example);
  const logs: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'log') logs.push(message.text());
  });
  let frame: Frame;
  if (example.lang === 'html') {
    const path = htmlPage(example, otherOrigin);
    await page.goto(demoUrl(path));
    if (path.startsWith('/index.')) {
      frame = page.mainFrame();
      await frame.waitForFunction(() => window.__player !== undefined);
    } else frame = await frameWithPlayer(page, 'iframe');
  } else {
    await page.goto(demoUrl(`/host-app/index.html?player=${encodeURIComponent(otherOrigin)}`));
    await page.waitForFunction(() => window.hostApp !== undefined);
    await page.evaluate((name) => window.hostApp.runExample(name), example.name);
    frame = await frameWithPlayer(
      page,
      example.lang === 'tsx' ? '#example iframe' : '#film iframe',
    );
  }
  await check({ page, frame, logs, example });
  await screenshot(page, `doc-example-${example.name}`);
  await expectReplayable(frame, `doc-example-${example.name}`);
}
