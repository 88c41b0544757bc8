// Time to first frame: from the navigation to the film's first decoded frame with autoplay, for the
// player and for the bare hls.js page on the same fixture, each in a fresh browser context (cold
// cache). The scripts the page loaded by then are kept, for the size of what the first frame needs.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_PATH, chromiumArgs } from '../chromium';

export interface FirstFrame {
  /** ms from the navigation's start to the first frame of the content element */
  ms: number;
  /** the addresses of the scripts loaded before that frame */
  scripts: string[];
}

// Every media element but the ad's reports its first presented frame (the content's, in both pages).
const WATCH_FIRST_FRAME = `
  window.__firstFrame = new Promise((resolve) => {
    document.addEventListener('loadstart', (event) => {
      const video = event.target;
      if (!(video instanceof HTMLVideoElement) || video.id === 'ad-video') return;
      video.requestVideoFrameCallback((now) => resolve({
        ms: now,
        scripts: performance.getEntriesByType('resource')
          .filter((r) => r.responseEnd <= now && /\\.m?js(\\?|$)/.test(r.name))
          .map((r) => r.name),
      }));
    }, true);
  });`;

async function firstFrame(browser: Browser, url: string): Promise<FirstFrame> {
  const context = await browser.createBrowserContext();
  try {
    const page: Page = await context.newPage();
    await page.setViewport({ width: 1280, height: 720 });
    await page.evaluateOnNewDocument(WATCH_FIRST_FRAME);
    await page.goto(url);
    return await page.evaluate(
      () => (window as unknown as { __firstFrame: Promise<FirstFrame> }).__firstFrame,
    );
  } finally {
    await context.close();
  }
}

/** Runs the player and the bare page alternately, `runs` times each, in one browser. */
export async function measureFirstFrame(playerUrl: string, bareUrl: string, runs: number) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  const player: FirstFrame[] = [];
  const bare: FirstFrame[] = [];
  try {
    await firstFrame(browser, bareUrl); // the browser's own first start is nobody's
    for (let i = 0; i < runs; i++) {
      player.push(await firstFrame(browser, playerUrl));
      bare.push(await firstFrame(browser, bareUrl));
    }
  } finally {
    await browser.close();
  }
  return { player, bare };
}
