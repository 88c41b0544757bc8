// Outages in a long film, for the player and for a bare hls.js page with its defaults, side by side
// in one Chromium: both play the hour-long MPEG-TS film (tools/longFilm.ts) from the same point,
// each from a media host of its own on another origin than the pages (demo/mediaHost.ts, as a CDN
// serves films), and meet the same outage (tools/bench/outages.ts). A page survives when, within
// SURVIVAL_WINDOW_MS of the outage's end, it loads again by itself (its buffer grows), plays on
// past where it was, and shows no message. Every case has its own servers and browser.
import puppeteer, { type Page } from 'puppeteer-core';
import { join } from 'node:path';
import { startDemoServer } from '../../demo/app';
import { startMediaHost, type MediaHost } from '../../demo/mediaHost';
import { CHROMIUM_PATH, chromiumArgs } from '../chromium';
import { SEGMENT_SECONDS } from '../longFilm';
import type { OutageCase } from './outageMatrix';
import { SIDES, startOutage, type Side, type Stage } from './outages';

/** how long after the outage's end a page has to take up again */
export const SURVIVAL_WINDOW_MS = 30_000;
/** a missing segment's 404s, as a CDN's edge answers a moment before it has the file */
const SEGMENT_404_TIMES = 3;
/** how long a page may take to ask for the missing segment: it holds about two minutes ahead */
const ASKED_WITHIN_MS = 60_000;

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

/** Whether the page takes up again within the window, from now (the outage's end). */
async function survives(page: Page): Promise<boolean> {
  const back = await look(page);
  for (const end = Date.now() + SURVIVAL_WINDOW_MS; Date.now() < end; await sleep(500)) {
    const now = await look(page);
    if (now.message) return false;
    if (now.playing && now.bufferedEnd > back.bufferedEnd + 1 && now.time > back.time + 2)
      return true;
  }
  return false;
}

/**
 * The name's end of a segment neither page has asked for: both hold about two minutes ahead, so a
 * segment past the playheads is already loaded; the one after the next past both buffers' ends.
 */
async function segmentAhead(pages: Record<Side, Page>): Promise<string> {
  const ends = await Promise.all(SIDES.map(async (side) => (await look(pages[side])).bufferedEnd));
  return `/seg${Math.floor(Math.max(...ends) / SEGMENT_SECONDS) + 1}.ts`;
}

/** Until the host is first asked for the path (the page meets its 404), or ASKED_WITHIN_MS. */
async function firstAsked(host: MediaHost, suffix: string): Promise<void> {
  const end = Date.now() + ASKED_WITHIN_MS;
  while (!host.requests().some((r) => r.path.endsWith(suffix)) && Date.now() < end)
    await sleep(200);
}

export type DropOutcome = Record<Side, boolean>;

/** One case of the matrix: its outage, the film playing from its point in both pages. */
export async function measureOutage(filmDir: string, c: OutageCase): Promise<DropOutcome> {
  const hosts = { player: await startMediaHost(filmDir), bare: await startMediaHost(filmDir) };
  const server = await startDemoServer(0, {
    defaultAdList: [],
    mounts: {
      '/bench': join(__dirname, 'static'),
      '/vendor/hls': join(__dirname, '..', '..', 'node_modules', 'hls.js', 'dist'),
    },
    longFilmSources: [`${hosts.player.url}/master.m3u8`],
  });
  const urls: Record<Side, string> = {
    player: `${server.url}/?movie_id=5&t=${c.atS}&auto_play=1`,
    bare: `${server.url}/bench/bare-hls.html?src=${encodeURIComponent(`${hosts.bare.url}/master.m3u8`)}&t=${c.atS}`,
  };
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  try {
    const open = async (url: string) => {
      const page = await (await browser.createBrowserContext()).newPage();
      await page.setViewport({ width: 960, height: 540 });
      await page.goto(url);
      await page.waitForFunction(
        (t) => (document.querySelector('video')?.currentTime ?? 0) > t,
        { timeout: 60_000, polling: 200 },
        c.atS + 2,
      );
      return page;
    };
    const stage: Stage = {
      server,
      hosts,
      pages: { player: await open(urls.player), bare: await open(urls.bare) },
    };
    if (c.kind === 'segment404') {
      const suffix = await segmentAhead(stage.pages);
      for (const side of SIDES) hosts[side].notFound(suffix, SEGMENT_404_TIMES);
      // each page's window starts when it meets the missing segment
      const meets = async (side: Side) => {
        await firstAsked(hosts[side], suffix);
        return survives(stage.pages[side]);
      };
      const [player, bare] = await Promise.all([meets('player'), meets('bare')]);
      return { player, bare };
    }
    const end = await startOutage(c.kind, stage);
    await sleep(c.durationS * 1000);
    await end();
    const [player, bare] = await Promise.all([
      survives(stage.pages.player),
      survives(stage.pages.bare),
    ]);
    return { player, bare };
  } finally {
    await browser.close();
    await Promise.all([server.close(), hosts.player.close(), hosts.bare.close()]);
  }
}
