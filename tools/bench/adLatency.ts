// From the viewer's play click to the pre-roll's first frame on screen, for the player and for a bare
// <video src> playing the same MP4 in the same browser: both pages are given time to preload first,
// then a real click, timed in the page from the click event to requestVideoFrameCallback's first frame.
import puppeteer, { type Browser, type Frame } from 'puppeteer-core';
import { CHROMIUM_PATH, chromiumArgs } from '../chromium';

/** Waits until the page has preloaded, clicks the play button and returns click-to-frame in ms. */
async function clickToFirstFrame(frame: Frame, ready: () => Promise<unknown>): Promise<number> {
  await ready();
  await frame.evaluate(() => {
    const bench = window as unknown as { __clickAt?: number; __frameAt?: Promise<number> };
    document.addEventListener('click', (e) => (bench.__clickAt ??= e.timeStamp), { capture: true });
    const video = document.getElementById('ad-video') as HTMLVideoElement;
    bench.__frameAt = new Promise((resolve) =>
      video.requestVideoFrameCallback((now) => resolve(now)),
    );
  });
  const button = await frame.waitForSelector('button[aria-label="Смотреть"]');
  if (!button) throw new Error('No play button');
  await button.click();
  return frame.evaluate(async () => {
    const bench = window as unknown as { __clickAt: number; __frameAt: Promise<number> };
    return (await bench.__frameAt) - bench.__clickAt;
  });
}

async function inFreshPage<T>(
  browser: Browser,
  run: (page: import('puppeteer-core').Page) => Promise<T>,
) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 720 });
    return await run(page);
  } finally {
    await context.close();
  }
}

export async function measureAdLatency(baseUrl: string, runs: number) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  const player: number[] = [];
  const bare: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      player.push(
        await inFreshPage(browser, async (page) => {
          await page.goto(`${baseUrl}/host.html?movie_id=1&auto_play=0&ads=nonskippable`);
          const frameElement = await page.waitForSelector('iframe#player');
          if (!frameElement) throw new Error('No player frame');
          const frame = await frameElement.contentFrame();
          return clickToFirstFrame(frame, () =>
            frame.waitForFunction(
              () =>
                window.__player?.getState().system.boot === 'ready' &&
                (document.getElementById('ad-video') as HTMLVideoElement).readyState >= 4,
              { timeout: 30_000 },
            ),
          );
        }),
      );
      bare.push(
        await inFreshPage(browser, async (page) => {
          await page.goto(`${baseUrl}/bench/bare-ad.html`);
          const frame = page.mainFrame();
          return clickToFirstFrame(frame, () =>
            frame.waitForFunction(
              () => (document.getElementById('ad-video') as HTMLVideoElement).readyState >= 4,
              { timeout: 30_000 },
            ),
          );
        }),
      );
    }
  } finally {
    await browser.close();
  }
  return { player, bare };
}
