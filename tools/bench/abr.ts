// One network trace replayed for the player and for a bare hls.js page side by side in one Chromium,
// each page in a context of its own (its own cache) behind a link of its own (throttledLink.ts: the
// trace's rate, second by second, and its round trip), both playing the benchmark's ladder
// (tools/abrLadder.ts) from its start until each has played PLAYED_S seconds. What each page's
// <video> showed, and the segments it asked for, are scored by abrScore.ts.
import puppeteer, { type CDPSession, type Page } from 'puppeteer-core';
import { CHROMIUM_PATH, chromiumArgs } from '../chromium';
import { ABR_LADDER, ABR_SEGMENT_SECONDS } from '../abrLadder';
import { WARM_KBPS, type AbrTrace } from './abrTraces';
import { startThrottledLink, type Link } from './throttledLink';
import { scoreAbr, type AbrScore, type Sample, type SegmentLoad } from './abrScore';

/** three minutes of playback per trace and page (ABR_PLAYED_S: fewer, to try a change) */
export const PLAYED_S = Number(process.env.ABR_PLAYED_S) || 180;
/** a page that has not played PLAYED_S by then is scored on what it played */
const TRACE_LIMIT_MS = 300_000;
const SEGMENT = /\/([\w-]+)\/seg\d+\.ts(\?|$)/;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** every quarter second: the video's time, the height of its picture, paused, ended, its seeks so far */
const SAMPLE_VIDEO = `(() => {
  window.__abrSamples = [];
  window.__abrEvents = [];
  let seeks = 0;
  document.addEventListener('seeking', () => { seeks += 1; }, true);
  // (ABR_DEBUG) the events that tell a stall's cause: the video's own, where it stood and what it held
  for (const type of ['waiting', 'playing', 'stalled', 'seeking', 'seeked', 'canplay'])
    document.addEventListener(type, (e) => {
      const v = e.target;
      if (!(v instanceof HTMLVideoElement)) return;
      const ranges = [];
      for (let i = 0; i < v.buffered.length; i++)
        ranges.push(v.buffered.start(i).toFixed(3) + '-' + v.buffered.end(i).toFixed(3));
      window.__abrEvents.push([Date.now(), type, v.currentTime.toFixed(3), ranges.join(' ')]);
    }, true);
  setInterval(() => {
    const v = document.querySelector('video');
    if (v) window.__abrSamples.push({ at: Date.now(), time: v.currentTime, height: v.videoHeight,
      paused: v.paused, ended: v.ended, seeks });
  }, 250);
})()`;

interface PageRun {
  page: Page;
  cdp: CDPSession;
  link: Link;
  loads: SegmentLoad[];
  /** the throughput's share of the trace's (the halving) */
  scale: number;
  startedAt: number;
}

/** the trace's rate at a second of it, kbit/s (the last one holds on) */
const rateAt = (trace: AbrTrace, second: number) =>
  trace.kbps[Math.min(second, trace.kbps.length - 1)] ?? 1000;

async function openRun(page: Page, link: Link): Promise<PageRun> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  const run: PageRun = { page, cdp, link, loads: [], scale: 1, startedAt: 0 };
  const asked = new Map<string, SegmentLoad>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const rung = SEGMENT.exec(event.request.url)?.[1];
    if (!rung || run.startedAt === 0) return;
    const load = { at: Date.now(), rung, status: 0 };
    asked.set(event.requestId, load);
    run.loads.push(load);
  });
  cdp.on('Network.responseReceived', (event) => {
    const load = asked.get(event.requestId);
    if (load) load.status = event.response.status;
  });
  return run;
}

/** answers the first segment asked for with 403, through the protocol's request interception */
async function failNextSegment(run: PageRun) {
  await run.cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*seg*.ts*' }] });
  run.cdp.once('Fetch.requestPaused', (event) => {
    void (async () => {
      await run.cdp.send('Fetch.fulfillRequest', {
        requestId: event.requestId,
        responseCode: 403,
        body: Buffer.from('Forbidden').toString('base64'),
      });
      await run.cdp.send('Fetch.disable');
    })();
  });
}

/** Replays the trace for one page: its network each second, and the events the trace holds. */
async function replay(run: PageRun, trace: AbrTrace, path: string): Promise<AbrScore> {
  const { page, cdp, link } = run;
  const url = `${link.url}${path}`;
  if (trace.warmCacheS !== undefined) {
    link.setKbps(WARM_KBPS);
    await page.goto(url);
    await page.waitForFunction(
      (t) => (document.querySelector('video')?.currentTime ?? 0) >= t,
      { timeout: 120_000, polling: 250 },
      trace.warmCacheS,
    );
    await page.goto('about:blank');
  }
  link.setKbps(rateAt(trace, 0));
  run.startedAt = Date.now();
  let halving = trace.halveMidSegmentAfterS;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (halving === undefined || !SEGMENT.test(event.request.url)) return;
    if (Date.now() - run.startedAt < halving * 1000) return;
    halving = undefined;
    setTimeout(() => {
      run.scale = 0.5;
      const second = Math.floor((Date.now() - run.startedAt) / 1000);
      link.setKbps(rateAt(trace, second) * run.scale);
    }, 1000);
  });
  await page.goto(url);
  await page.evaluate(SAMPLE_VIDEO);
  let failing = trace.failOneRequestAfterS;
  for (let second = 1; ; second += 1) {
    await sleep(run.startedAt + second * 1000 - Date.now());
    link.setKbps(rateAt(trace, second) * run.scale);
    if (failing !== undefined && second >= failing) {
      failing = undefined;
      await failNextSegment(run);
    }
    if (second % 5 === 0) {
      const played = await page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
      if (played >= PLAYED_S || Date.now() - run.startedAt > TRACE_LIMIT_MS) break;
    }
  }
  const samples = await page.evaluate(
    () => (window as unknown as { __abrSamples: Sample[] }).__abrSamples,
  );
  if (process.env.ABR_DEBUG) {
    const since = (at: number) => Math.round((at - run.startedAt) / 100) / 10;
    const events = await page.evaluate(
      () => (window as unknown as { __abrEvents: [number, string, string, string][] }).__abrEvents,
    );
    console.log(url, JSON.stringify(run.loads.map((l) => [since(l.at), l.rung, l.status])));
    console.log(
      url,
      JSON.stringify(events.slice(0, 24).map(([at, ...rest]) => [since(at), ...rest])),
    );
  }
  return scoreAbr(samples, run.loads, ABR_LADDER, trace, run.startedAt, ABR_SEGMENT_SECONDS);
}

/** The trace for both pages at once, in one Chromium: `paths` on the demo server at `serverUrl`. */
export async function measureAbrTrace(
  trace: AbrTrace,
  serverUrl: string,
  paths: { player: string; bare: string },
): Promise<{ player: AbrScore; bare: AbrScore }> {
  const serverPort = Number(new URL(serverUrl).port);
  const links = await Promise.all(
    [0, 1].map(() => startThrottledLink(serverPort, trace.latencyMs)),
  );
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  try {
    const open = async (link: Link) => {
      const page = await (await browser.createBrowserContext()).newPage();
      await page.setViewport({ width: 1280, height: 720 });
      return openRun(page, link);
    };
    const [player, bare] = (await Promise.all(links.map(open))) as [PageRun, PageRun];
    const [playerScore, bareScore] = await Promise.all([
      replay(player, trace, paths.player),
      replay(bare, trace, paths.bare),
    ]);
    return { player: playerScore, bare: bareScore };
  } finally {
    await browser.close();
    await Promise.all(links.map((link) => link.close()));
  }
}
