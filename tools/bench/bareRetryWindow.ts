// How long a bare hls.js page (its defaults, tools/bench/static/bare-hls.html) keeps trying before
// its first fatal ERROR when the film's host fails for good, per kind of failure: the player must
// keep trying at least that long after its buffer runs out, so the number is measured here. Each
// run plays the long film from START_S, then breaks the host for good, either seeking at once to
// an unbuffered point (the page needs the host now) or not (it plays out its buffer).
// Run: npx tsx tools/bench/bareRetryWindow.ts (not part of npm run bench).
import puppeteer, { type Page } from 'puppeteer-core';
import { join } from 'node:path';
import { startDemoServer } from '../../demo/app';
import { startMediaHost, type MediaHostFault } from '../../demo/mediaHost';
import { CHROMIUM_PATH, chromiumArgs } from '../chromium';
import { longFilmDir, SEGMENT_SECONDS } from '../longFilm';

const KINDS = ['reset', 'refuse', 'status503', 'hang', 'segment404'] as const;
type Kind = (typeof KINDS)[number];
const RUNS = 2;
const START_S = 600;
/** mid-segment, so the segment the seek needs is unambiguous (seg300, the one a 404 is put on) */
const SEEK_S = 1803;
const CAP_MS = 5 * 60_000;
/** buffer ahead to wait for before the failure, so "without seek" has a real buffer to play out */
const AHEAD_S = 60;
/** "for good": more 404s than a page could ask for */
const FOREVER = 1_000_000;

interface HlsError {
  details: string;
  fatal: boolean;
  t: number;
}
interface Row {
  kind: Kind;
  seek: boolean;
  run: number;
  aheadS: number;
  fatalS: number | null;
  details: string;
  /** non-fatal errors (retries) before the fatal one */
  retries: number;
  /** 404 only: seconds from the failure to the page's first request of the missing segment */
  askedS: number | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const ahead = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector('video') as HTMLVideoElement;
    const r = video.buffered;
    return { time: video.currentTime, end: r.length ? r.end(r.length - 1) : 0 };
  });

async function measure(
  dir: string,
  demoUrl: string,
  kind: Kind,
  seek: boolean,
  run: number,
): Promise<Row> {
  const host = await startMediaHost(dir);
  // a fresh browser per run: no cached segments, no connections kept from another run
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  try {
    const page = await browser.newPage();
    const src = encodeURIComponent(`${host.url}/master.m3u8`);
    await page.goto(`${demoUrl}/bench/bare-hls.html?src=${src}&t=${START_S}`);
    await page.waitForFunction(
      (t) => (document.querySelector('video')?.currentTime ?? 0) > t,
      { timeout: 60_000, polling: 200 },
      START_S + 2,
    );
    for (const end = Date.now() + 30_000; Date.now() < end; await sleep(250)) {
      const { time, end: bufferedEnd } = await ahead(page);
      if (bufferedEnd - time >= AHEAD_S) break;
    }

    let suffix = '';
    if (kind === 'segment404') {
      // with a seek, the segment it needs; without, the one after the next past the buffer (the
      // next may already be on its way)
      const { end } = await ahead(page);
      const sn = seek
        ? Math.floor(SEEK_S / SEGMENT_SECONDS)
        : Math.floor(end / SEGMENT_SECONDS) + 1;
      suffix = `/seg${sn}.ts`;
      host.notFound(suffix, FOREVER);
    } else await host.fail(kind satisfies MediaHostFault);
    const failedAt = Date.now();
    // the failure's moment on the page's clock (hlsErrors' t), the seek in the same breath
    const start = await page.evaluate(
      (to) => {
        const video = document.querySelector('video') as HTMLVideoElement;
        const r = video.buffered;
        const aheadS = (r.length ? r.end(r.length - 1) : 0) - video.currentTime;
        const t = performance.now();
        if (to > 0) video.currentTime = to;
        return { t, aheadS };
      },
      seek ? SEEK_S : 0,
    );

    let fatal: HlsError | undefined;
    let retries = 0;
    for (const end = Date.now() + CAP_MS; !fatal && Date.now() < end; await sleep(250)) {
      const errors = await page.evaluate(
        (t0) => (window as unknown as { hlsErrors: HlsError[] }).hlsErrors.filter((e) => e.t >= t0),
        start.t,
      );
      fatal = errors.find((e) => e.fatal);
      retries = errors.filter((e) => !e.fatal && (!fatal || e.t <= fatal.t)).length;
    }
    const asked = suffix ? host.requests().find((r) => r.path.endsWith(suffix)) : undefined;
    return {
      kind,
      seek,
      run,
      aheadS: start.aheadS,
      fatalS: fatal ? (fatal.t - start.t) / 1000 : null,
      details: fatal?.details ?? 'no fatal within 5 min',
      retries,
      askedS: asked ? (asked.time - failedAt) / 1000 : null,
    };
  } finally {
    await browser.close();
    await host.close();
  }
}

async function main() {
  const dir = longFilmDir();
  const server = await startDemoServer(0, {
    defaultAdList: [],
    mounts: {
      '/bench': join(__dirname, 'static'),
      '/vendor/hls': join(__dirname, '..', '..', 'node_modules', 'hls.js', 'dist'),
    },
  });
  const rows: Row[] = [];
  try {
    for (const kind of KINDS)
      for (const seek of [true, false])
        for (let run = 1; run <= RUNS; run++) {
          const row = await measure(dir, server.url, kind, seek, run);
          console.error(JSON.stringify(row)); // progress: a run takes up to 5 min
          rows.push(row);
        }
  } finally {
    await server.close();
  }
  const cells = (r: Row) => [
    r.kind,
    r.seek ? 'with seek' : 'without',
    String(r.run),
    r.aheadS.toFixed(1),
    r.fatalS === null ? '> 300' : r.fatalS.toFixed(1),
    String(r.retries),
    r.askedS === null ? '' : r.askedS.toFixed(1),
    r.details,
  ];
  const head = [
    'kind',
    'seek',
    'run',
    'ahead s',
    'to fatal s',
    'retries',
    '404 asked s',
    'details',
  ];
  const table = [head, ...rows.map(cells)];
  const widths = head.map((_, i) => Math.max(...table.map((row) => row[i]?.length ?? 0)));
  for (const row of table) console.log(row.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | '));
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
