// Time to first frame: from the navigation to the film's first decoded frame with autoplay, for the
// player and for the bare hls.js page on the same fixture, each in a fresh browser context (cold
// cache; for a returning viewer, one that has been to the same page once), optionally under one of
// puppeteer's network conditions. The scripts the page loaded by then are kept, for the size of what
// the first frame needs, and its requests, for where the time went.
import puppeteer, { type Browser, type NetworkConditions, type Page } from 'puppeteer-core';
import { CHROMIUM_PATH, chromiumArgs } from '../chromium';

/** A request of the page, in ms from the navigation's start. */
export interface Fetched {
  name: string;
  start: number;
  end: number;
  /** bytes on the wire (compressed), 0 when unknown */
  encoded: number;
}

export interface FirstFrame {
  /** ms from the navigation's start to the first frame of the content element */
  ms: number;
  /** the addresses of the scripts loaded before that frame */
  scripts: string[];
  /** every request that had started by that frame */
  requests: Fetched[];
  /** the content element's media events by then, in ms from the navigation's start (the pipeline's tail) */
  events: { name: string; at: number }[];
}

// Every media element but the ad's reports its first presented frame (the content's, in both pages),
// and the media events on the way to it: loadedmetadata comes once hls.js has appended the init
// segments, which it does only with the first media segment.
const WATCH_FIRST_FRAME = `
  window.__firstFrame = new Promise((resolve) => {
    const events = [];
    for (const name of ['loadedmetadata', 'loadeddata', 'canplay', 'playing'])
      document.addEventListener(name, (event) => {
        if (event.target instanceof HTMLVideoElement && event.target.id !== 'ad-video')
          events.push({ name, at: performance.now() });
      }, true);
    document.addEventListener('loadstart', (event) => {
      const video = event.target;
      if (!(video instanceof HTMLVideoElement) || video.id === 'ad-video') return;
      video.requestVideoFrameCallback((now) => {
        const resources = performance.getEntriesByType('resource');
        resolve({
          ms: now,
          scripts: resources
            .filter((r) => r.responseEnd <= now && /\\.m?js(\\?|$)/.test(r.name))
            .map((r) => r.name),
          requests: resources
            .filter((r) => r.startTime <= now)
            .map((r) => ({ name: r.name, start: r.startTime, end: r.responseEnd, encoded: r.encodedBodySize })),
          events: events.filter((e) => e.at <= now),
        });
      });
    }, true);
  });`;

async function firstFrame(
  browser: Browser,
  url: string,
  network: NetworkConditions | null,
  returning = false,
): Promise<FirstFrame> {
  const context = await browser.createBrowserContext();
  const visit = async () => {
    const page: Page = await context.newPage();
    await page.setViewport({ width: 1280, height: 720 });
    if (network) await page.emulateNetworkConditions(network);
    await page.evaluateOnNewDocument(WATCH_FIRST_FRAME);
    await page.goto(url);
    const frame = await page.evaluate(
      () => (window as unknown as { __firstFrame: Promise<FirstFrame> }).__firstFrame,
    );
    await page.close();
    return frame;
  };
  try {
    // a returning viewer: the same browser has been here before (its cache, its storage)
    if (returning) await visit();
    return await visit();
  } finally {
    await context.close();
  }
}

/** Runs the player and the bare page alternately, `runs` times each, in one browser. */
export async function measureFirstFrame(
  playerUrl: string,
  bareUrl: string,
  runs: number,
  network: NetworkConditions | null = null,
  returning = false,
) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  const player: FirstFrame[] = [];
  const bare: FirstFrame[] = [];
  try {
    await firstFrame(browser, bareUrl, network); // the browser's own first start is nobody's
    for (let i = 0; i < runs; i++) {
      player.push(await firstFrame(browser, playerUrl, network, returning));
      bare.push(await firstFrame(browser, bareUrl, network, returning));
    }
  } finally {
    await browser.close();
  }
  return { player, bare };
}

/** One page's requests up to its first frame, a line each: where the time went. */
export function timeline(label: string, run: FirstFrame): string {
  const rows = run.requests.map((r) => {
    const path = new URL(r.name).pathname + new URL(r.name).search;
    const kb = r.encoded ? ` ${(r.encoded / 1024).toFixed(0)} KB` : '';
    return `  ${r.start.toFixed(0).padStart(5)}-${r.end.toFixed(0).padEnd(5)} ${path}${kb}`;
  });
  const media = run.events.map(({ name, at }) => `${name} ${at.toFixed(0)}`).join(', ');
  return [
    `${label}: first frame at ${run.ms.toFixed(0)} ms (${media || 'no media event before it'})`,
    ...rows,
  ].join('\n');
}
