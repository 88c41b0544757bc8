// Records a short session of the demo in Chromium, with the demo server's fault injection, and writes
// its flight log: the fixtures of test/replay/findings/ (see the README there). Needs the build
// (npm run build).
//
//   npx tsx tools/replay/recordFixture.ts <scenario> <out.flight.json>
import { writeFileSync } from 'node:fs';
import puppeteer, { type Frame, type Page } from 'puppeteer-core';
import { startDemoServer } from '../../demo/app';
import type { Fault } from '../../demo/faults';
import type { PlayerDebugApi } from '../../src/app/debugApi';
import { CHROMIUM_PATH, chromiumArgs } from '../chromium';

interface Scenario {
  what: string;
  /** faults switched on at the demo server before the page opens, by path */
  faults?: Record<string, Fault>;
  /** the demo page to open */
  page: string;
  /** what happens in the player once it is there; the log is exported after it */
  run(frame: Frame): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The film plays (no ad break on) past `after` seconds. */
const filmPlaysPast = async (frame: Frame, after: number, timeout = 30_000) => {
  await frame.waitForFunction(
    (t) => {
      const s = (window.__player as PlayerDebugApi).getState();
      return s.ads.activeBreak === null && !s.media.paused && s.media.currentTime > t;
    },
    { timeout },
    after,
  );
};

const adPlayingPast = async (frame: Frame, after: number) => {
  await frame.waitForFunction(
    (t) => {
      const ad = (window.__player as PlayerDebugApi).getState().ads.ad;
      return ad?.status === 'playing' && ad.currentTime > t;
    },
    { timeout: 20_000 },
    after,
  );
};

const LEVELS = ['240p', '360p', '480p', '540p', '720p', '1080p'];

export const SCENARIOS: Record<string, Scenario> = {
  preroll: {
    what: 'a 6 s pre-roll played to its end, then the film',
    page: '/host.html?movie_id=1&ads=nonskippable',
    run: (frame) => filmPlaysPast(frame, 0.5),
  },
  'preroll-media-404': {
    what: 'a pre-roll whose media file answers 404: the ad ends in error 401, then the film',
    faults: { '/media/ads/ad-6s.mp4': { type: 'status', status: 404 } },
    page: '/host.html?movie_id=1&ads=nonskippable',
    async run(frame) {
      await filmPlaysPast(frame, 1);
      await sleep(500);
    },
  },
  'ads-crash-drill': {
    what: 'the ad actor crashed on purpose (crash drill) while its pre-roll plays',
    page: '/host.html?movie_id=1&ads=nonskippable',
    async run(frame) {
      await adPlayingPast(frame, 1);
      await frame.evaluate(() =>
        (window.__player as PlayerDebugApi).dispatch({
          type: 'system/crashDrillRequested',
          payload: { actor: 'ads' },
        }),
      );
      await filmPlaysPast(frame, 1);
    },
  },
  'slow-segment': {
    what: "the film's second video segment answers 6 s late on every level: a spinner at 4 s",
    faults: Object.fromEntries(
      LEVELS.map((level) => [`/media/hls/${level}/seg1.m4s`, { type: 'slow', delayMs: 6_000 }]),
    ),
    page: '/index.html?movie_id=1&auto_play=1',
    run: (frame) => filmPlaysPast(frame, 5.5),
  },
  'level-playlist-500': {
    what: "one quality level's playlist answers 500: errors reported, the film plays on",
    // the level a first session starts on: hls.js asks for it whatever the network
    faults: { '/media/hls/240p/index.m3u8': { type: 'status', status: 500 } },
    page: '/index.html?movie_id=1&auto_play=1',
    run: (frame) => filmPlaysPast(frame, 3),
  },
  'level-playlist-reset': {
    what: 'every level playlist resets its connection: the first play waits while the stream recovers',
    faults: Object.fromEntries(
      LEVELS.map((level) => [`/media/hls/${level}/index.m3u8`, { type: 'reset' }]),
    ),
    page: '/index.html?movie_id=1&auto_play=1',
    // past the first play's longest wait for data (startFromFirstFrame.ts) and the content check's limit
    run: () => sleep(12_000),
  },
};

async function playerOf(page: Page, path: string): Promise<Frame> {
  if (path.startsWith('/host.html')) {
    const handle = await page.waitForSelector('iframe#player');
    const frame = await handle?.contentFrame();
    if (!frame) throw new Error('The demo host page has no player frame');
    await frame.waitForFunction(() => window.__player !== undefined);
    return frame;
  }
  await page.mainFrame().waitForFunction(() => window.__player !== undefined);
  return page.mainFrame();
}

export async function recordFixture(name: string): Promise<string> {
  const scenario = SCENARIOS[name];
  if (!scenario) throw new Error(`No scenario "${name}": ${Object.keys(SCENARIOS).join(', ')}`);
  const server = await startDemoServer(0, { defaultAdList: [] });
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    args: chromiumArgs(),
    headless: true,
  });
  try {
    for (const [path, fault] of Object.entries(scenario.faults ?? {})) {
      const res = await fetch(`${server.url}/__test/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path, fault }),
      });
      if (res.status !== 201) throw new Error(`Fault not accepted: ${await res.text()}`);
    }
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 720 });
    await page.goto(`${server.url}${scenario.page}`);
    const frame = await playerOf(page, scenario.page);
    await scenario.run(frame);
    return await frame.evaluate(() => (window.__player as PlayerDebugApi).exportLog());
  } finally {
    await browser.close();
    await server.close();
  }
}

if (require.main === module) {
  const [name, out] = process.argv.slice(2);
  if (!name || !out) {
    console.error('usage: recordFixture.ts <scenario> <out.flight.json>');
    for (const [key, s] of Object.entries(SCENARIOS)) console.error(`  ${key}: ${s.what}`);
    process.exit(2);
  }
  recordFixture(name).then(
    (json) => {
      writeFileSync(out, json);
      console.log(`${name}: ${out}`);
    },
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
