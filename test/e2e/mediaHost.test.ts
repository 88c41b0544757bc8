// A film's host that fails while the player's own services answer, as a CDN edge does: the long
// MPEG-TS film (tools/longFilm.ts) served from a media host of its own origin (demo/mediaHost.ts),
// the catalog and the page from the demo server. The film must play on through the outage with no
// message, and move to a second source when the first's host fails for good.
// hls.js's redundant streams and content steering move the film between hosts with no message.
import type { Frame, Page } from 'puppeteer-core';
import { startDemoServer, type DemoServer } from '../../demo/app';
import { startMediaHost, type MediaHost, type MediaHostFault } from '../../demo/mediaHost';
import { LONG_FILM_NOMINAL_BPS, longFilmDir } from '../../tools/longFilm';
import {
  sharedBrowserOfFile,
  openPage,
  recordStatistics,
  screenshot,
  sentStatistics,
} from './browser';
import { expectReplayable } from './flightLog';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Seen {
  failure: unknown;
  /** the trouble line showed under the spinner */
  troubleLine: boolean;
  phases: string[];
}

/** One rung of the long film's master, on `host`, in `pathway` if given. */
const variant = (host: MediaHost, pathway?: string) => [
  `#EXT-X-STREAM-INF:BANDWIDTH=${LONG_FILM_NOMINAL_BPS},RESOLUTION=128x72` +
    (pathway ? `,PATHWAY-ID="${pathway}"` : ''),
  `${host.url}/film/index.m3u8`,
];

const master = (lines: string[]) => ['#EXTM3U', '#EXT-X-VERSION:3', ...lines, ''].join('\n');

/** Segments the host was asked for since `since` (a time of Date.now()). */
const segmentsAsked = (host: MediaHost, since: number) =>
  host.requests().filter((r) => r.time >= since && /^\/film\/seg\d+\.ts$/.test(r.path));

/** Until the host is asked a segment, at most timeoutMs. */
async function untilSegmentFrom(host: MediaHost, since: number, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (segmentsAsked(host, since).length === 0) {
    if (Date.now() > end) throw new Error(`no segment asked of ${host.url} in ${timeoutMs} ms`);
    await sleep(250);
  }
}

/** A viewer's session: the film from its own media hosts and demo server, in a context of its own. */
interface Session {
  page: Page;
  frame: Frame;
  hosts: MediaHost[];
}

// The tests wait out outages most of their time: they run side by side (jest.e2e.config.cjs:
// maxConcurrency), each with servers of its own, in one Chromium.
const sharedBrowser = sharedBrowserOfFile();

describe('a film whose host fails while the services answer, in Chromium', () => {
  /**
   * The film at 30:00 from `hostCount` media hosts (the master JSON's sources: each host's master,
   * or the addresses `sourcesOf` gives), the test's body run on it; then its flight log must replay,
   * and its servers and context are closed whatever the outcome.
   */
  async function withFilm(
    hostCount: number,
    name: string,
    body: (s: Session) => Promise<void>,
    sourcesOf = (hosts: MediaHost[]) => hosts.map((h) => `${h.url}/master.m3u8`),
  ) {
    const hosts = await Promise.all(
      Array.from({ length: hostCount }, () => startMediaHost(longFilmDir())),
    );
    let server: DemoServer | undefined;
    let page: Page | undefined;
    try {
      server = await startDemoServer(0, { defaultAdList: [], longFilmSources: sourcesOf(hosts) });
      ({ page } = await openPage(await sharedBrowser()));
      await recordStatistics(page);
      await page.goto(`${server.url}/index.html?movie_id=5&t=1800&auto_play=1`);
      const frame = page.mainFrame();
      await frame.waitForFunction(() => window.__player !== undefined);
      await playsPast(frame, 1802);
      await body({ page, frame, hosts });
      await expectReplayable(frame, name);
    } finally {
      await page?.browserContext().close();
      await server?.close();
      await Promise.all(hosts.map((h) => h.close()));
    }
  }

  const playsPast = (frame: Frame, t: number, timeout = 60_000) =>
    frame.waitForFunction(
      (past) => {
        const v = document.querySelector('video')!;
        return !v.paused && v.currentTime > past;
      },
      { timeout, polling: 200 },
      t,
    );
  const time = (frame: Frame) => frame.evaluate(() => document.querySelector('video')!.currentTime);
  /**
   * The viewer seeks past what is buffered (the player keeps two minutes ahead, longer than the
   * outages a test can wait out): the film needs the failing host at once.
   */
  const sample = (frame: Frame) =>
    frame.evaluate(() => {
      const v = document.querySelector('video')!;
      const end = v.buffered.length ? v.buffered.end(v.buffered.length - 1) : v.currentTime;
      return { time: v.currentTime, bufferedEnd: end };
    });
  const seekAhead = (frame: Frame, to: number) =>
    frame.evaluate(
      (t) => window.__player!.dispatch({ type: 'playback/seekRequested', payload: { time: t } }),
      to,
    );

  /** From now until the returned function is called: the message, the trouble line, the phases. */
  function watch(frame: Frame) {
    const seen: Seen = { failure: null, troubleLine: false, phases: [] };
    let on = true;
    void (async () => {
      while (on) {
        const s = await frame.evaluate(() => window.__player!.getState()).catch(() => null);
        if (s) {
          seen.failure = seen.failure ?? s.system.failure;
          if (seen.phases.at(-1) !== s.streamHealth.phase) seen.phases.push(s.streamHealth.phase);
        }
        seen.troubleLine ||= await frame
          .$('[data-testid="load-trouble"]')
          .then((el) => el !== null)
          .catch(() => false);
        await sleep(250);
      }
    })();
    return () => {
      on = false;
      return seen;
    };
  }

  /** The media host fails this way for ms, then heals: the film plays on past where it was. */
  async function outage(frame: Frame, host: MediaHost, kind: MediaHostFault, ms: number) {
    const seen = watch(frame);
    const before = await time(frame);
    await host.fail(kind);
    await sleep(ms);
    await host.heal();
    await playsPast(frame, Math.max(before, await time(frame)) + 5, 90_000);
    const during = seen();
    expect(during.failure).toBeNull();
    // the services answered: never the viewer's network
    expect(during.phases).not.toContain('waitingForNetwork');
    expect(await frame.$('[role="alert"]')).toBeNull();
    return during;
  }

  it.concurrent(
    'resets for 12 s twice a minute apart and hangs for 30 s: the film plays on each time',
    () =>
      withFilm(1, 'media-host-outages', async ({ page, frame, hosts: [host] }) => {
        await outage(frame, host!, 'reset', 12_000);
        await playsPast(frame, (await time(frame)) + 60, 90_000);
        await outage(frame, host!, 'reset', 12_000);
        await outage(frame, host!, 'hang', 30_000);
        await screenshot(page, 'media-host-back');
      }),
    8 * 60_000,
  );

  it.concurrent(
    'an outage where nothing is buffered: the trouble line under the spinner, then plays on',
    () =>
      withFilm(1, 'media-host-load-trouble', async ({ page, frame, hosts: [one] }) => {
        const host = one!;
        const seen = watch(frame);
        await host.fail('status503');
        await seekAhead(frame, 2400);
        // nothing there to play: the film waits, with the line
        const line = await frame.waitForSelector('[data-testid="load-trouble"]', {
          timeout: 60_000,
        });
        expect(await line!.evaluate((el) => el.textContent)).toBe(
          'Проблемы с загрузкой видео. Пробуем ещё раз…',
        );
        expect(await frame.$('[data-testid="buffering"]')).not.toBeNull();
        await screenshot(page, 'media-host-load-trouble');
        const stoppedAt = await time(frame);
        await sleep(10_000);
        await host.heal();
        await playsPast(frame, stoppedAt + 3, 60_000);
        expect(seen().failure).toBeNull();
        expect(await frame.$('[data-testid="load-trouble"]')).toBeNull();
      }),
    5 * 60_000,
  );

  it.concurrent(
    'two sources, the first’s host failing for good: plays on from the second, no message',
    () =>
      withFilm(2, 'media-host-second-source', async ({ page, frame, hosts }) => {
        const seen = watch(frame);
        await hosts[0]!.fail('reset');
        await seekAhead(frame, 2400);
        const before = 2400;
        await frame.waitForFunction(() => window.__player!.getState().stream.sourceIndex === 1, {
          timeout: 90_000,
          polling: 250,
        });
        await playsPast(frame, before + 10, 60_000);
        const during = seen();
        expect(during.failure).toBeNull();
        expect(await frame.$('[role="alert"]')).toBeNull();
        // at the same position, not from the start
        expect(await time(frame)).toBeGreaterThan(before);
        // analytics heard why
        const sent = await sentStatistics(frame);
        expect(
          sent.some(
            (s) =>
              s.event === 'videoplayer_error' &&
              String(s.payload.error_details).startsWith('sourceFallback'),
          ),
        ).toBe(true);
        await screenshot(page, 'media-host-second-source');
      }),
    5 * 60_000,
  );

  // hls.js's own ways to move a film between CDNs: redundant streams (each rung listed twice, on two
  // media hosts) and content steering (#EXT-X-CONTENT-STEERING, a steering server naming the pathway
  // to take). Hosts A and B serve the film; the third, the film's origin, its master and the steering
  // manifest. hls.js moves between the hosts by itself: the player must let it, with no message.
  it.concurrent(
    'redundant streams: host A fails for good, the film plays on from host B with no message',
    () =>
      withFilm(
        3,
        'redundant-streams',
        async ({ page, frame, hosts: [a, b] }) => {
          // the film comes from host A, the first of the rung's two addresses
          expect(segmentsAsked(a!, 0).length).toBeGreaterThan(0);
          expect(segmentsAsked(b!, 0)).toEqual([]);
          const seen = watch(frame);
          const failedAt = Date.now();
          const atFailure = await sample(frame);
          await a!.fail('reset');
          // hls.js's error controller gives up on host A's pathway and takes host B's
          await untilSegmentFrom(b!, failedAt, 45_000);
          // past what host A had buffered: from host B alone
          const past = atFailure.bufferedEnd + 60;
          await seekAhead(frame, past);
          await playsPast(frame, past + 10, 60_000);
          const during = seen();
          expect(during.failure).toBeNull();
          expect(during.phases).not.toContain('waitingForNetwork');
          expect(await frame.$('[role="alert"]')).toBeNull();
          expect(segmentsAsked(b!, failedAt).length).toBeGreaterThan(2);
          await screenshot(page, 'redundant-streams-host-b');
        },
        ([a, b, origin]) => {
          origin!.serveText('/redundant.m3u8', 'application/vnd.apple.mpegurl', () =>
            master([...variant(a!), ...variant(b!)]),
          );
          return [`${origin!.url}/redundant.m3u8`];
        },
      ),
    3 * 60_000,
  );

  it.concurrent(
    'content steering: the steering server puts pathway B first, the film moves to host B',
    () => {
      let priority = ['A', 'B'];
      return withFilm(
        3,
        'content-steering',
        async ({ page, frame, hosts: [a, b, origin] }) => {
          expect(segmentsAsked(a!, 0).length).toBeGreaterThan(0);
          expect(segmentsAsked(b!, 0)).toEqual([]);
          // hls.js asks the steering server, every TTL
          expect(origin!.requests().some((r) => r.path === '/steering.json')).toBe(true);
          const seen = watch(frame);
          const steeredAt = Date.now();
          priority = ['B', 'A'];
          await untilSegmentFrom(b!, steeredAt, 30_000);
          const movedAt = Date.now();
          await playsPast(frame, (await time(frame)) + 15, 40_000);
          // host A is asked nothing more once host B is (a load under way then was asked before)
          expect(segmentsAsked(a!, movedAt)).toEqual([]);
          expect(segmentsAsked(b!, movedAt).length).toBeGreaterThan(0);
          const during = seen();
          expect(during.failure).toBeNull();
          expect(during.phases).not.toContain('waitingForNetwork');
          expect(await frame.$('[role="alert"]')).toBeNull();
          await screenshot(page, 'content-steering-pathway-b');
        },
        ([a, b, origin]) => {
          origin!.serveText('/steering.json', 'application/json', () =>
            JSON.stringify({ VERSION: 1, TTL: 2, 'PATHWAY-PRIORITY': priority }),
          );
          origin!.serveText('/steered.m3u8', 'application/vnd.apple.mpegurl', () =>
            master([
              `#EXT-X-CONTENT-STEERING:SERVER-URI="${origin!.url}/steering.json",PATHWAY-ID="A"`,
              ...variant(a!, 'A'),
              ...variant(b!, 'B'),
            ]),
          );
          return [`${origin!.url}/steered.m3u8`];
        },
      );
    },
    3 * 60_000,
  );
});
