// A long session in Chromium on accelerated time: the demo series from its first episode to its last
// (five 6-minute episodes of tools/bench/fixtures/episode-hls, half an hour of content) at 16x, with
// its pre-rolls and the demo's mid-rolls (every 10 s of playing, wall-clock, so every 160 s of content).
// The JS heap after a forced GC is taken once the first episode plays with the whole player loaded (the
// bundles it loads after the first frame are in), and again at the end.
import puppeteer from 'puppeteer-core';
import type { PlayerDebugApi } from '../../src/app/debugApi';
import { CHROMIUM_PATH, chromiumArgs } from '../chromium';
import { growth, takeSnapshot, type HeapSummary } from './heapDiff';

/** Chromium's highest playback rate */
const RATE = 16;
const SESSION_TIMEOUT_MS = 8 * 60_000;
const POLL_MS = 500;

/**
 * What the player loads after the film's first frame, by design (docs/startup.md): the HTTP client,
 * the previews' reader. Their code and first work are a one-time cost of the start, not growth.
 */
const AFTER_FIRST_FRAME_BUNDLES = ['axiosClient', 'thumbnailsReader'];
/** for their first work once loaded (the services' next calls, the previews' file read) */
const SETTLE_MS = 1000;

export interface HeapSession {
  /** the heap once the first episode's content plays, before the bundles loaded after its first frame */
  firstPlayMb: number;
  /** the heap once those bundles are in: where the session's growth is counted from */
  startMb: number;
  endMb: number;
  contentMinutes: number;
  adBreaks: number;
  episodeChanges: number;
  wallSeconds: number;
  /** hls.js instances not destroyed, by the player's own count */
  streamEngines: number;
  /** media elements in the heap after GC (in the page or detached and leaked) */
  mediaElementsInHeap: number;
  mediaElementsInHeapAtStart: number;
  /** media elements in the page */
  mediaElementsInPage: number;
  /** what the flight recorder holds at the end (the session's log, kept on purpose) */
  recorderMb: number;
  recorderEntries: number;
  /** what its finished segments take packed (gzip bytes in array buffers, outside the JS heap) */
  recorderPackedKb: number;
}

// Every media element plays at 16x from its first frame on (the content's and the ad's).
const ACCELERATE = `
  const fast = (event) => {
    if (event.target instanceof HTMLMediaElement && event.target.playbackRate !== ${RATE})
      event.target.playbackRate = ${RATE};
  };
  document.addEventListener('playing', fast, true);
  document.addEventListener('ratechange', fast, true);`;

interface Progress {
  episodeId: number | null;
  ended: boolean;
  breaks: number;
  duration: number;
  prompt: boolean;
}

export async function measureHeapSession(url: string, lastEpisodeId: number): Promise<HeapSession> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 720 });
    await page.evaluateOnNewDocument(ACCELERATE);
    const cdp = await page.createCDPSession();
    const heapMb = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      return usedSize / 2 ** 20;
    };
    await page.goto(url);
    // the first episode's content playing, its pre-roll over
    await page.waitForFunction(
      () => {
        const s = window.__player?.getState();
        return !!s && s.media.started && !s.media.paused && s.ads.activeBreak === null;
      },
      { timeout: 60_000 },
    );
    const mediaInHeap = async () => {
      const prototype = await page.evaluateHandle(() => HTMLMediaElement.prototype);
      return page.evaluate((all) => all.length, await page.queryObjects(prototype));
    };
    const firstPlayMb = await heapMb();
    await page
      .waitForFunction(
        (names: string[]) => {
          const loaded = performance.getEntriesByType('resource').map((r) => r.name);
          return names.every((name) => loaded.some((url) => url.includes(`/${name}.`)));
        },
        { timeout: 60_000 },
        AFTER_FIRST_FRAME_BUNDLES,
      )
      .catch(() => {
        throw new Error(
          `The long session: ${AFTER_FIRST_FRAME_BUNDLES.join(' and ')} never loaded after the first frame`,
        );
      });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const startMb = await heapMb();
    const mediaElementsInHeapAtStart = await mediaInHeap();
    const diff = process.env.BENCH_HEAP_DIFF;
    const before: HeapSummary | null = diff ? await takeSnapshot(cdp) : null;
    const started = Date.now();
    const episodes = new Map<number, number>(); // episode id: its duration
    let last: Progress | null = null;
    while (Date.now() - started < SESSION_TIMEOUT_MS) {
      last = await page.evaluate(() => {
        const s = (window.__player as PlayerDebugApi).getState();
        return {
          episodeId: s.content.currentEpisodeId,
          ended: s.media.ended,
          breaks: s.ads.history.length,
          duration: s.media.duration,
          prompt: s.resume.promptVisible,
        };
      });
      if (last.episodeId !== null && last.duration > 0) episodes.set(last.episodeId, last.duration);
      if (last.episodeId === lastEpisodeId && last.ended) break;
      // an episode the server remembers as begun asks where to start: from the start
      if (last.prompt)
        await page.evaluate(() =>
          (window.__player as PlayerDebugApi).dispatch({ type: 'resume/startOverRequested' }),
        );
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    if (!(last?.episodeId === lastEpisodeId && last.ended))
      throw new Error(`The long session did not reach the end: ${JSON.stringify(last)}`);
    const wallSeconds = (Date.now() - started) / 1000;
    const endMb = await heapMb();
    if (before)
      console.log(['heap growth by kind:', ...growth(before, await takeSnapshot(cdp))].join('\n'));
    const stats = await page.evaluate(() => ({
      ...(window.__player as PlayerDebugApi).mediaStats(),
      recorder: (window.__player as PlayerDebugApi).recorderStats(),
    }));
    const mediaElementsInHeap = await mediaInHeap();
    return {
      firstPlayMb,
      startMb,
      endMb,
      contentMinutes: [...episodes.values()].reduce((sum, d) => sum + d, 0) / 60,
      adBreaks: last.breaks,
      episodeChanges: episodes.size - 1,
      wallSeconds,
      streamEngines: stats.streamEngines,
      mediaElementsInHeap,
      mediaElementsInHeapAtStart,
      mediaElementsInPage: stats.mediaElements,
      recorderMb: stats.recorder.bytes / 2 ** 20,
      recorderEntries: stats.recorder.entries,
      recorderPackedKb: stats.recorder.packedBytes / 1024,
    };
  } finally {
    await browser.close();
  }
}
