// Network drops in a long film, for the player and for a bare hls.js page with its defaults, side by
// side in one Chromium: both play the hour-long MPEG-TS film (tools/longFilm.ts) from the same
// point, the demo server refuses every connection for the drop, then listens again. A page survives
// when, within SURVIVAL_WINDOW_MS of the network's return, it loads again by itself (its buffer
// grows), plays on past where it was, and shows no message.
import puppeteer, { type Page } from 'puppeteer-core';
import type { DemoServer } from '../../demo/app';
import { CHROMIUM_PATH, chromiumArgs } from '../chromium';

/** how long after the network's return a page has to take up again */
export const SURVIVAL_WINDOW_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Seen {
  time: number;
  bufferedEnd: number;
  playing: boolean;
  message: boolean;
}

const look = (page: Page): Promise<Seen> =>
  page.evaluate(() => {
    // the player's frame is the page itself; the bare page's video is its only one
    const video = document.querySelector('video') as HTMLVideoElement;
    const ranges = video.buffered;
    return {
      time: video.currentTime,
      bufferedEnd: ranges.length ? ranges.end(ranges.length - 1) : 0,
      playing: !video.paused,
      message: document.querySelector('[role="alert"]') !== null,
    };
  });

export interface DropOutcome {
  player: boolean;
  bare: boolean;
}

/** One drop of dropMs, the film playing from atS in both pages. */
export async function measureDrop(
  server: DemoServer,
  urls: { player: string; bare: string },
  dropMs: number,
  atS: number,
): Promise<DropOutcome> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  try {
    const open = async (url: string) => {
      const page = await (await browser.createBrowserContext()).newPage();
      await page.setViewport({ width: 960, height: 540 });
      await page.goto(url);
      await page.waitForFunction(
        (t) => (document.querySelector('video')?.currentTime ?? 0) > t,
        { timeout: 60_000, polling: 200 },
        atS + 2,
      );
      return page;
    };
    const pages = { player: await open(urls.player), bare: await open(urls.bare) };
    await server.refuseConnections();
    await sleep(dropMs);
    await server.acceptConnections();
    const survives = async (page: Page) => {
      const back = await look(page);
      for (const end = Date.now() + SURVIVAL_WINDOW_MS; Date.now() < end; await sleep(500)) {
        const now = await look(page);
        if (now.message) return false;
        if (now.playing && now.bufferedEnd > back.bufferedEnd + 1 && now.time > back.time + 2)
          return true;
      }
      return false;
    };
    const [player, bare] = await Promise.all([survives(pages.player), survives(pages.bare)]);
    return { player, bare };
  } finally {
    await browser.close();
  }
}
