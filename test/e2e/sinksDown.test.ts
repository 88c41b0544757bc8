// Issue 46: the analytics host, the error-report sink and the advert's tracker all refusing for the
// whole session. The host page's analytics script sends every statistics call to its host (carefully,
// carelessly or throwing besides, as such scripts do), the error reports and the beacons go to a
// host that refuses too, and the viewer seeks, pauses, mutes and changes quality again and again.
// The film must play on, every sink must have been tried, and the heap must not grow with the calls
// that could not go out (docs/reliability.md, "Sinks that are down").
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { CDPSession, Frame, HTTPRequest, Page } from 'puppeteer-core';
import { PAGE_ERROR_REPORTS } from '../../src/app/reportPolicy';
import { demoUrl, openPage, playerFrame, screenshot, useBrowser } from './browser';

/** An origin on this machine that refuses connections: a server's port, once the server is closed. */
async function refusingOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** What the analytics script of a frame did. */
interface AnalyticsCounts {
  calls: number;
  /** its requests that failed (their catch handlers ran) */
  refused: number;
  /** the failures it left unhandled: page errors */
  unhandled: number;
  /** the characters of the request bodies it made */
  bodyChars: number;
}

declare global {
  interface Window {
    sinkAnalytics: AnalyticsCounts;
  }
}

/**
 * The host's analytics script, in every frame of the page (the host page hears the player's events
 * through the SDK, the player's page calls it itself): each call POSTs its event to the analytics
 * host. One call in three is careful (it catches the failure), one careless (its failure, rethrown
 * with the event's name, is an unhandled rejection: in the player's page, a page error for the
 * error reports), and one throws at once besides.
 */
function installAnalytics(page: Page, host: string) {
  return page.evaluateOnNewDocument((collect: string) => {
    const counts = { calls: 0, refused: 0, unhandled: 0, bodyChars: 0 };
    Object.assign(window, {
      sinkAnalytics: counts,
      videoplayerStatistics: (event: string, payload: Record<string, unknown>) => {
        const n = counts.calls++;
        const body = JSON.stringify({ event, ...payload });
        counts.bodyChars += body.length;
        const failed = fetch(`${collect}/collect?e=${event}&n=${n}`, {
          method: 'POST',
          body,
          mode: 'no-cors',
          keepalive: true,
        }).catch((error: Error) => {
          counts.refused += 1;
          throw error;
        });
        if (n % 3 === 1) {
          void failed.catch((error: Error) => {
            counts.unhandled += 1;
            throw new Error(`analytics ${event} #${n}: ${error.message}`);
          });
          return;
        }
        failed.catch(() => undefined);
        if (n % 3 === 2) throw new Error(`analytics script fault on ${event} #${n}`);
      },
    });
  }, host);
}

/** Requests to the refusing host that failed, by sink. */
function countRefused(page: Page, host: string) {
  const refused = { analytics: 0, reports: 0, otherEnvelopes: 0, beacons: [] as string[] };
  page.on('requestfailed', (request: HTTPRequest) => {
    const url = new URL(request.url());
    if (url.origin !== host) return;
    if (url.pathname === '/collect') refused.analytics += 1;
    else if (url.pathname.startsWith('/track/')) refused.beacons.push(url.pathname);
    else if (url.pathname === '/api/1/envelope/') {
      // an error report's envelope has an event item; the others: transactions, replays, outcomes
      if ((request.postData() ?? '').includes('"type":"event"')) refused.reports += 1;
      else refused.otherEnvelopes += 1;
    }
  });
  return refused;
}

/**
 * The page's memory after two full collections, in bytes: the JS heap, Blink's (DOM, requests) and
 * the backing stores of array buffers (a gzipped flight log, an envelope's body). The console's
 * copies of the page's errors and failed loads (DevTools', a thousand at most) are let go first.
 */
async function memory(cdp: CDPSession) {
  await cdp.send('Runtime.discardConsoleEntries');
  await cdp.send('Log.clear');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  const { usedSize: js, embedderHeapUsedSize: blink, backingStorageSize: buffers } = usage;
  return { js, blink, buffers };
}

/** the film's seek is done (a predicate for the player's frame) */
const seeked = () => !(document.getElementById('video') as HTMLVideoElement).seeking;

describe('the analytics, error-report and tracking hosts down for the whole session', () => {
  const browser = useBrowser();

  it('the film plays, each sink was tried, and the heap does not grow with the calls that failed', async () => {
    const began = Date.now();
    const down = await refusingOrigin();
    const { page, errors } = await openPage(browser());
    await installAnalytics(page, down);
    const refused = countRefused(page, down);
    // The host page and the player on one origin (a player on another takes no error-report address
    // from the page): one process, whose heap is the SDK's and the player's.
    const host = new URL(demoUrl('/host.html'));
    host.searchParams.set('movie_id', '1');
    host.searchParams.set('ads', 'skippable');
    host.searchParams.set('track', down);
    host.searchParams.set('sentry_dsn', `${down.replace('://', '://public@')}/1`);
    await page.goto(host.href);
    const frame = await playerFrame(page);
    const cdp = await page.createCDPSession();

    // The pre-roll: paused and resumed, muted and unmuted by the host page, skipped by the viewer.
    await frame.waitForFunction(
      () =>
        window.__player!.getState().ads.ad?.status === 'playing' &&
        (document.getElementById('ad-video') as HTMLVideoElement).currentTime > 1,
      { timeout: 20_000 },
    );
    await page.evaluate(async () => {
      await window.demoPlayer.pause();
      await window.demoPlayer.play();
      await window.demoPlayer.mute();
      await window.demoPlayer.unmute();
    });
    const skip = await frame.waitForSelector('button:not([disabled])::-p-text(Пропустить)', {
      timeout: 15_000,
    });
    await skip!.click();
    await frame.waitForFunction(
      () =>
        window.__player!.getState().ads.activeBreak === null &&
        (document.getElementById('video') as HTMLVideoElement).currentTime > 1,
      { timeout: 20_000 },
    );

    // A round of the host page's: a seek, pauses and plays, mutes and unmutes, every other round
    // another quality. Each sends its analytics events (seek, bufferingError, pause, play, mute,
    // unmute, changeQuality, an aborted load's error now and then), a third of them a page error.
    // The quality changes once the seek is done, and the next round waits for the switch: a seek and
    // a switch at once can leave hls.js silent until the stall watch reloads the stream
    // (STALL_LIMIT_MS), which is not what this test is about.
    const heights = [360, 480, 540, 720];
    let round = 0;
    const rounds = async (count: number) => {
      for (const end = round + count; round < end; round++) {
        await page.evaluate(
          async (to: number) => {
            const player = window.demoPlayer;
            // a command every 40 ms at most: the player drops a host's flood past 50 messages a
            // second (MESSAGES_PER_SECOND), and a dropped command is never answered
            const paced = async (command: () => Promise<unknown>) => {
              await command();
              await new Promise((resolve) => setTimeout(resolve, 40));
            };
            await paced(() => player.seek(to));
            for (let i = 0; i < 2; i++) {
              await paced(() => player.pause());
              await paced(() => player.play());
              await paced(() => player.mute());
              await paced(() => player.unmute());
            }
          },
          1 + ((round * 7) % 15),
        );
        await frame.waitForFunction(seeked, { timeout: 20_000 });
        if (round % 2 === 0) continue;
        const height = heights[((round - 1) / 2) % heights.length]!;
        await page.evaluate((h: number) => window.demoPlayer.setQuality(h), height);
        await frame.waitForFunction(
          (h: number) => {
            const { levels, currentLevel } = window.__player!.getState().stream;
            return levels[currentLevel]?.height === h;
          },
          { timeout: 20_000 },
          height,
        );
      }
    };
    const analytics = (target: Frame | Page) =>
      target.evaluate(() => ({ ...window.sinkAnalytics }));
    /** the session's log as an error report would carry it, gzipped (at most 1 MB: its tail) */
    const logBytes = async () =>
      gzipSync(await frame.evaluate(() => window.__player!.exportLog())).length;
    /**
     * Memory, and what the flight recorder holds: its log is exported first, which closes the
     * segment it was writing (packed a moment later), and the demo host page's list of every event
     * it heard is emptied (the demo's, not the SDK's).
     */
    const measure = async () => {
      const log = await logBytes();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await page.evaluate(() => document.getElementById('messages')!.replaceChildren());
      return {
        ...(await memory(cdp)),
        recorder: await frame.evaluate(() => window.__player!.recorderStats()),
        log,
        calls: await analytics(frame),
        reports: refused.reports,
      };
    };

    // Warm-up: error reporting loaded (a second after the first frame) and its first reports
    // refused, the code of the rounds compiled, the quality ladder's playlists loaded.
    await rounds(12);
    await frame.waitForFunction(
      (burst: number) => window.sinkAnalytics.unhandled > burst,
      {},
      PAGE_ERROR_REPORTS.burst,
    );
    for (let i = 0; i < 100 && refused.reports < PAGE_ERROR_REPORTS.burst; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const reportingFrom = Date.now();
    await rounds(12);
    const before = await measure();

    // The burst, measured half way too.
    await rounds(25);
    const middle = await measure();
    await rounds(25);
    const after = await measure();
    const reportingMinutes = (Date.now() - reportingFrom) / 60_000;

    // The film plays on, with no message.
    await page.evaluate(() => window.demoPlayer.seek(2));
    await frame.waitForFunction(seeked);
    const at = await frame.evaluate(
      () => (document.getElementById('video') as HTMLVideoElement).currentTime,
    );
    await frame.waitForFunction(
      (t: number) => (document.getElementById('video') as HTMLVideoElement).currentTime > t + 1.5,
      { timeout: 10_000 },
      at,
    );
    expect(await frame.$('[role="alert"]')).toBeNull();
    await screenshot(page, 'sinks-down');

    // Every sink was tried, and refused. Analytics: each call's request, in the player's page and the
    // host's (the SDK's copies of the events), but the few on their way at the last moment.
    const calls = await analytics(frame);
    const hostCalls = await analytics(page);
    expect(calls.calls).toBeGreaterThan(400);
    for (const counts of [calls, hostCalls])
      expect(counts.calls - counts.refused).toBeLessThanOrEqual(10);
    expect(refused.analytics).toBeGreaterThan(0.9 * (calls.calls + hostCalls.calls));
    // The beacons of the advert, each once.
    expect([...refused.beacons].sort()).toEqual(
      ['impression', 'start', 'firstQuartile', 'pause', 'resume', 'mute', 'unmute', 'skip']
        .map((event) => `/track/skippable/${event}`)
        .sort(),
    );
    // The error reports: of the page errors, as many as a burst at once, then one a minute.
    expect(refused.reports).toBeGreaterThanOrEqual(PAGE_ERROR_REPORTS.burst);
    expect(refused.reports).toBeLessThanOrEqual(
      PAGE_ERROR_REPORTS.burst + Math.ceil(reportingMinutes) + 1,
    );
    expect(after.calls.unhandled).toBeGreaterThan(10 * refused.reports);

    // What the burst would leave in memory had the calls that failed been kept: each analytics call
    // its body at least (two bytes a character: the title is Cyrillic), each page error a report
    // with the session's log as it stood (growing from `before.log` to `after.log`).
    const burst = {
      calls: after.calls.calls - before.calls.calls,
      pageErrors: after.calls.unhandled - before.calls.unhandled,
      bodyBytes: 2 * (after.calls.bodyChars - before.calls.bodyChars),
    };
    const kept = burst.bodyBytes + (burst.pageErrors * (before.log + after.log)) / 2;
    // What it did leave: the growth of the heap and the array buffers, less the flight log's (kept
    // on purpose, up to its own limits; its packed segments are array buffers too). A tenth of the
    // first is room for what the browser adds by itself meanwhile (V8's machine code for the
    // functions that got hot, DevTools' record of each request while the test listens to the
    // network: about 1 MB here); a tenth of the calls kept would fill it.
    const total = (m: typeof before) => m.js + m.blink + m.buffers - m.recorder.packedBytes;
    const growth = total(after) - total(before);
    const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;
    const heaps = [before, middle, after].map(
      (m) =>
        `js ${mb(m.js)} blink ${mb(m.blink)} buffers ${mb(m.buffers)} log packed ${mb(m.recorder.packedBytes)}`,
    );
    console.log(
      [
        `sinks down, ${Math.round((Date.now() - began) / 1000)} s:`,
        ...heaps.map((h, i) => `  ${['before', 'middle', 'after'][i]}: ${h}`),
        `  burst: ${burst.calls} analytics calls, ${burst.pageErrors} page errors; kept would be ${mb(kept)}, grew ${mb(growth)}`,
        `  refused: ${refused.analytics} analytics, ${refused.reports} error reports, ${refused.otherEnvelopes} other envelopes, ${refused.beacons.length} beacons`,
      ].join('\n'),
    );
    expect(growth).toBeLessThan(kept / 10);

    // Nothing else went wrong on the page: every error is a refused load or the script's own.
    expect(
      errors.filter(
        (e) =>
          !/ERR_CONNECTION_REFUSED|^pageerror: analytics [\w_]+ #\d+: Failed to fetch\b/.test(e),
      ),
    ).toEqual([]);
  }, 120_000);
});
