// hls.js's own ways to move a film between CDNs, through the player: redundant streams (each rung
// listed twice, on two media hosts) and content steering (#EXT-X-CONTENT-STEERING, a steering server
// naming the pathway to take). The long MPEG-TS film (tools/longFilm.ts) is served by two media
// hosts (demo/mediaHost.ts); its master playlist and the steering manifest by a third, the film's
// origin. hls.js moves between the hosts by itself: the player must let it, with no message.
import type { Frame, Page } from 'puppeteer-core';
import { startDemoServer, type DemoServer } from '../../demo/app';
import { startMediaHost, type MediaHost } from '../../demo/mediaHost';
import { LONG_FILM_NOMINAL_BPS, longFilmDir } from '../../tools/longFilm';
import { openPage, openPlayers, screenshot, useBrowser } from './browser';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

describe('redundant streams and content steering, in Chromium', () => {
  const browser = useBrowser();
  let hosts: MediaHost[] = [];
  let server: DemoServer | undefined;
  afterEach(async () => {
    await server?.close();
    await Promise.all(hosts.map((h) => h.close()));
    hosts = [];
    server = undefined;
  });

  /** Hosts A and B of the film, and its origin, which serves no film of its own here. */
  async function startHosts() {
    hosts = await Promise.all([0, 1, 2].map(() => startMediaHost(longFilmDir())));
    const [a, b, origin] = hosts as [MediaHost, MediaHost, MediaHost];
    return { a, b, origin };
  }

  /** The long film from the master at `masterUrl`, from t=1800, playing. */
  async function film(masterUrl: string): Promise<{ page: Page; frame: Frame }> {
    server = await startDemoServer(0, { defaultAdList: [], longFilmSources: [masterUrl] });
    const { page } = await openPage(browser());
    await page.goto(`${server.url}/index.html?movie_id=5&t=1800&auto_play=1`);
    const frame = page.mainFrame();
    await frame.waitForFunction(() => window.__player !== undefined);
    openPlayers.add(frame);
    await playsPast(frame, 1802);
    return { page, frame };
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
  const sample = (frame: Frame) =>
    frame.evaluate(() => {
      const v = document.querySelector('video')!;
      const end = v.buffered.length ? v.buffered.end(v.buffered.length - 1) : v.currentTime;
      return { time: v.currentTime, bufferedEnd: end };
    });

  /** From now until the returned function is called: the message, if any, and the phases. */
  function watch(frame: Frame) {
    const seen = { failure: null as unknown, phases: [] as string[] };
    let on = true;
    void (async () => {
      while (on) {
        const s = await frame.evaluate(() => window.__player!.getState()).catch(() => null);
        if (s) {
          seen.failure = seen.failure ?? s.system.failure;
          if (seen.phases.at(-1) !== s.streamHealth.phase) seen.phases.push(s.streamHealth.phase);
        }
        await sleep(250);
      }
    })();
    return () => {
      on = false;
      return seen;
    };
  }

  const untilSegmentFrom = async (host: MediaHost, since: number, timeoutMs: number) => {
    const end = Date.now() + timeoutMs;
    while (segmentsAsked(host, since).length === 0) {
      if (Date.now() > end) throw new Error(`no segment asked of ${host.url} in ${timeoutMs} ms`);
      await sleep(250);
    }
  };

  it(
    'redundant streams: host A fails for good, the film plays on from host B with no message',
    async () => {
      const { a, b, origin } = await startHosts();
      origin.serveText('/redundant.m3u8', 'application/vnd.apple.mpegurl', () =>
        master([...variant(a), ...variant(b)]),
      );
      const { page, frame } = await film(`${origin.url}/redundant.m3u8`);
      // the film comes from host A, the first of the rung's two addresses
      expect(segmentsAsked(a, 0).length).toBeGreaterThan(0);
      expect(segmentsAsked(b, 0)).toEqual([]);

      const seen = watch(frame);
      const failedAt = Date.now();
      const atFailure = await sample(frame);
      await a.fail('reset');
      // hls.js's error controller gives up on host A's pathway and takes host B's
      await untilSegmentFrom(b, failedAt, 45_000);
      // past what host A had buffered: from host B alone
      const past = atFailure.bufferedEnd + 60;
      await frame.evaluate(
        (t) => window.__player!.dispatch({ type: 'playback/seekRequested', payload: { time: t } }),
        past,
      );
      await playsPast(frame, past + 10, 60_000);
      const during = seen();
      expect(during.failure).toBeNull();
      expect(during.phases).not.toContain('waitingForNetwork');
      expect(await frame.$('[role="alert"]')).toBeNull();
      expect(segmentsAsked(b, failedAt).length).toBeGreaterThan(2);
      await screenshot(page, 'redundant-streams-host-b');
    },
    3 * 60_000,
  );

  it(
    'content steering: the steering server puts pathway B first, the film moves to host B',
    async () => {
      const { a, b, origin } = await startHosts();
      let priority = ['A', 'B'];
      origin.serveText('/steering.json', 'application/json', () =>
        JSON.stringify({ VERSION: 1, TTL: 2, 'PATHWAY-PRIORITY': priority }),
      );
      origin.serveText('/steered.m3u8', 'application/vnd.apple.mpegurl', () =>
        master([
          `#EXT-X-CONTENT-STEERING:SERVER-URI="${origin.url}/steering.json",PATHWAY-ID="A"`,
          ...variant(a, 'A'),
          ...variant(b, 'B'),
        ]),
      );
      const { page, frame } = await film(`${origin.url}/steered.m3u8`);
      expect(segmentsAsked(a, 0).length).toBeGreaterThan(0);
      expect(segmentsAsked(b, 0)).toEqual([]);
      // hls.js asks the steering server, every TTL
      expect(origin.requests().some((r) => r.path === '/steering.json')).toBe(true);

      const seen = watch(frame);
      const steeredAt = Date.now();
      priority = ['B', 'A'];
      await untilSegmentFrom(b, steeredAt, 30_000);
      const movedAt = Date.now();
      const { time } = await sample(frame);
      await playsPast(frame, time + 15, 40_000);
      // host A is asked nothing more once host B is (a load under way then was asked before)
      expect(segmentsAsked(a, movedAt)).toEqual([]);
      expect(segmentsAsked(b, movedAt).length).toBeGreaterThan(0);
      const during = seen();
      expect(during.failure).toBeNull();
      expect(during.phases).not.toContain('waitingForNetwork');
      expect(await frame.$('[role="alert"]')).toBeNull();
      await screenshot(page, 'content-steering-pathway-b');
    },
    3 * 60_000,
  );
});
