// A viewer whose network goes away: an hour-long MPEG-TS film (tools/longFilm.ts) playing from
// 30:00, the network dropped (the server refusing every connection, or the browser's offline
// emulation) and brought back. The film must play on from where it was, by itself, with no message
// but the connection line while it waits; a drop during an advert ends the advert with its code and
// the film goes on after the network returns.
import type { Frame, Page } from 'puppeteer-core';
import { startDemoServer, type DemoServer } from '../../demo/app';
import { longFilmDir } from '../../tools/longFilm';
import { injectFaultAt, sharedBrowserOfFile, openPage, screenshot } from './browser';
import { expectReplayable } from './flightLog';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const DROP_MS = 12_000;
/** at most how long the film takes to run dry once the network is gone */
const RUN_DRY_WITHIN_MS = 3 * 60_000;
/** how long the network stays away once the film waits for it (the 2-minute outages: the bench) */
const AWAY_AFTER_DRY_MS = 30_000;

/** What the test follows of the player, sampled every 250 ms. */
interface Seen {
  phases: string[];
  failure: unknown;
  maxTime: number;
  /** the connection line showed */
  line: boolean;
}

interface Film {
  /** the test's own demo server: its drops reach no other test */
  server: DemoServer;
  page: Page;
  frame: Frame;
  errors: string[];
  time(): Promise<number>;
  bufferedEnd(): Promise<number>;
  /** from now: every health phase the player went through, and whether the message came */
  watch(): () => Seen;
}

// The tests mostly wait for the network: they run side by side (jest.e2e.config.cjs:
// maxConcurrency), each with a demo server and a context of its own, in one Chromium.
const sharedBrowser = sharedBrowserOfFile();

/** The test controls of the test's own demo server (README: test controls). */
const controlOf = (server: DemoServer) => (path: string, init?: RequestInit) =>
  fetch(`${server.url}/__test${path}`, init);

const startServer = () =>
  startDemoServer(0, { defaultAdList: [], mounts: { '/media/long': longFilmDir() } });

describe('a viewer whose network drops, in Chromium', () => {
  /**
   * The test's body on a server of its own; then the player's flight log must replay, and the
   * server and the page's context are closed whatever the outcome.
   */
  async function withServer(name: string, body: (server: DemoServer) => Promise<Film>) {
    const server = await startServer();
    let film: Film | undefined;
    try {
      film = await body(server);
      await expectReplayable(film.frame, name);
    } finally {
      await film?.page.browserContext().close();
      await server.close();
    }
  }

  async function film(server: DemoServer, query: string, path = '/index.html'): Promise<Film> {
    const { page, errors } = await openPage(await sharedBrowser());
    await page.goto(`${server.url}${path}${query}`);
    const frame =
      path === '/index.html'
        ? page.mainFrame()
        : await (await page.waitForSelector('iframe#player'))!.contentFrame();
    await frame.waitForFunction(() => window.__player !== undefined);
    const state = () => frame.evaluate(() => window.__player!.getState());
    const watch = () => {
      const seen: Seen = { phases: [], failure: null, maxTime: 0, line: false };
      let on = true;
      void (async () => {
        while (on) {
          const s = await state().catch(() => null);
          if (s) {
            if (seen.phases.at(-1) !== s.streamHealth.phase) seen.phases.push(s.streamHealth.phase);
            seen.failure = seen.failure ?? s.system.failure;
            seen.maxTime = Math.max(seen.maxTime, s.media.currentTime);
            seen.line ||= await frame
              .$('[data-testid="connection-lost"]')
              .then((el) => el !== null)
              .catch(() => false);
          }
          await sleep(250);
        }
      })();
      return () => {
        on = false;
        return seen;
      };
    };
    return {
      server,
      page,
      frame,
      errors,
      time: () => frame.evaluate(() => document.querySelector('video')!.currentTime),
      bufferedEnd: () =>
        frame.evaluate(() => {
          const v = document.querySelector('video')!;
          return v.buffered.length ? v.buffered.end(v.buffered.length - 1) : 0;
        }),
      watch,
    };
  }

  const playsPast = (f: Film, t: number, timeout = 30_000) =>
    f.frame.waitForFunction(
      (past) => {
        const v = document.querySelector('video')!;
        return !v.paused && v.currentTime > past;
      },
      { timeout, polling: 200 },
      t,
    );

  /**
   * The network away for ms: the film plays on from where it was, by itself, and loads again.
   * With `seekTo`, the viewer seeks there (past the buffer) as the network goes: the film must wait
   * for it with the connection line.
   */
  async function dropAndCome(
    f: Film,
    ms: number,
    drop: () => Promise<void>,
    back: () => Promise<void>,
    { seekTo }: { seekTo?: number } = {},
  ) {
    const seen = f.watch();
    await drop();
    const startedAt = Date.now();
    if (seekTo !== undefined)
      await f.frame.evaluate(
        (time) => window.__player!.dispatch({ type: 'playback/seekRequested', payload: { time } }),
        seekTo,
      );
    const before = seekTo ?? (await f.time());
    await sleep(ms - (Date.now() - startedAt));
    const during = seen();
    await back();
    const after = f.watch();
    const bufferedAtReturn = await f.bufferedEnd();
    // loading resumes by itself: the buffer grows past what it held when the network came back
    await f.frame.waitForFunction(
      (end) => {
        const v = document.querySelector('video')!;
        return v.buffered.length > 0 && v.buffered.end(v.buffered.length - 1) > end + 5;
      },
      { timeout: 30_000, polling: 250 },
      bufferedAtReturn,
    );
    await playsPast(f, Math.max(before + 2, await f.time()) + 2);
    const since = after();
    expect(during.failure).toBeNull();
    expect(since.failure).toBeNull();
    // a film that ran dry knew the network was gone, said so, and took up again
    if (seekTo !== undefined) {
      expect(during.phases).toContain('waitingForNetwork');
      expect(during.line).toBe(true);
    }
    expect(since.phases.at(-1)).toBe('playing');
    // from where it was: never back to the start, never a jump
    expect(during.maxTime).toBeGreaterThanOrEqual(before);
    expect(await f.time()).toBeGreaterThan(before);
  }

  const refuse = (f: Film) => () => f.server.refuseConnections();
  const accept = (f: Film) => () => f.server.acceptConnections();

  it.concurrent(
    'refused connections: plays on through two 12 s drops a minute apart and one that runs the buffer dry',
    () =>
      withServer('network-refused', async (server) => {
        const f = await film(server, '?movie_id=5&t=1800&auto_play=1');
        await playsPast(f, 1802);
        await dropAndCome(f, DROP_MS, refuse(f), accept(f));
        await playsPast(f, (await f.time()) + 60, 90_000);
        await dropAndCome(f, DROP_MS, refuse(f), accept(f));

        // away until the buffer runs out, and the viewer sees the spinner and the line, then on;
        // watched at double speed, the buffer (about two minutes of the film) runs out in one
        await f.frame.evaluate(() =>
          window.__player!.dispatch({ type: 'stream/rateRequested', payload: { rate: 2 } }),
        );
        const seen = f.watch();
        await refuse(f)();
        // the line and the spinner read in one look: two lookups could straddle a render
        const shown = await f.frame.waitForFunction(
          () => {
            const line = document.querySelector('[data-testid="connection-lost"]');
            const spinner = document.querySelector('[data-testid="buffering"]');
            return line && { line: line.textContent, spinner: spinner !== null };
          },
          { timeout: RUN_DRY_WITHIN_MS },
        );
        expect(await shown.jsonValue()).toEqual({
          line: 'Нет соединения с интернетом. Продолжим, когда сеть вернётся',
          spinner: true,
        });
        await screenshot(f.page, 'network-connection-lost');
        const stoppedAt = await f.time();
        await sleep(AWAY_AFTER_DRY_MS);
        const during = seen();
        expect(during.failure).toBeNull();
        expect(during.phases).toEqual(['playing', 'waitingForNetwork']);
        expect(await f.frame.$('[role="alert"]')).toBeNull();
        await accept(f)();
        await playsPast(f, stoppedAt + 3, 30_000);
        expect(await f.frame.$('[data-testid="connection-lost"]')).toBeNull();
        await screenshot(f.page, 'network-back');
        return f;
      }),
    8 * 60_000,
  );

  it.concurrent(
    'the browser offline: plays on through two 12 s drops a minute apart, one just after a seek',
    () =>
      withServer('network-offline', async (server) => {
        const f = await film(server, '?movie_id=5&t=2400&auto_play=1');
        await playsPast(f, 2402);
        const offline = (on: boolean) => () => f.page.setOfflineMode(on);
        // the viewer seeks past what is buffered just as the train enters a tunnel
        await dropAndCome(f, DROP_MS, offline(true), offline(false), { seekTo: 2700 });
        await screenshot(f.page, 'network-back-online-after-seek');
        await playsPast(f, (await f.time()) + 60, 90_000);
        await dropAndCome(f, DROP_MS, offline(true), offline(false));
        await screenshot(f.page, 'network-back-online');
        return f;
      }),
    5 * 60_000,
  );

  it.concurrent(
    'a drop during an advert ends it with its code, and the film goes on when the network is back',
    () =>
      withServer('network-advert-drop', async (server) => {
        // the advert's file held back long enough for the network to go while it is asked for
        const control = controlOf(server);
        await injectFaultAt(server.url, {
          path: '/media/ads/ad-6s.mp4',
          fault: { type: 'slow', delayMs: 5_000 },
        });
        await control('/requests', { method: 'DELETE' });
        const f = await film(
          server,
          '?movie_id=5&t=1800&auto_play=1&ads=nonskippable',
          '/host.html',
        );
        const asked = async () =>
          ((await (await control('/requests')).json()) as { path: string }[]).some((r) =>
            r.path.startsWith('/media/ads/ad-6s.mp4'),
          );
        for (const end = Date.now() + 30_000; !(await asked()); await sleep(100))
          if (Date.now() > end) throw new Error('The advert’s file was never asked for');
        const seen = f.watch();
        await refuse(f)();
        await sleep(DROP_MS);
        await accept(f)();
        await control('/faults', { method: 'DELETE' });
        await playsPast(f, 1803, 60_000);
        expect(seen().failure).toBeNull();
        const ads = await f.frame.evaluate(() => window.__player!.getState().ads.history);
        expect(ads).toHaveLength(1);
        // the media file could not be had: VAST 4.3's 401 (not found), or 402 (timeout) for a slow one
        expect(ads[0]).toMatchObject({ status: 'error', errorCode: expect.any(Number) });
        expect([401, 402, 405]).toContain(ads[0]!.errorCode);
        await screenshot(f.page, 'network-after-advert-drop');
        return f;
      }),
    3 * 60_000,
  );

  it.concurrent(
    "a slow link: a first segment that takes 16 s to come is waited for under the page's spinner, and never asked for again",
    () =>
      withServer('network-slow-first-segment', async (server) => {
        const control = controlOf(server);
        // the film's first segment (40 KB) at 2.5 KB/s: its bytes keep coming, slowly
        await injectFaultAt(server.url, {
          path: '/media/long/film/seg*',
          fault: { type: 'trickle', bytesPerSecond: 2_500 },
          times: 1,
        });
        const f = await film(server, '?movie_id=5&t=0&auto_play=1');
        const seen = f.watch();
        const paths = async () =>
          ((await (await control('/requests')).json()) as { path: string }[]).map((r) => r.path);
        // while the first segment comes: the page's own spinner, and no interface bundle sharing
        // the link with it (it once came 4 s after the start whatever the link)
        await f.frame.waitForSelector('[data-starting]:not([hidden])', { timeout: 10_000 });
        await sleep(6_000);
        expect(await f.frame.$('[data-starting]:not([hidden])')).not.toBeNull();
        expect((await paths()).filter((path) => path.startsWith('/view.'))).toEqual([]);
        await screenshot(f.page, 'network-slow-first-segment-spinner');
        await playsPast(f, 1, 60_000);
        expect(await f.frame.$('[data-starting]:not([hidden])')).toBeNull();
        await f.frame.waitForSelector('[data-testid="control-bar"]', { timeout: 10_000 });
        const asked = (await paths()).filter((path) => path.startsWith('/media/long/film/seg0.ts'));
        // the stall watch once took it for a silent engine and asked for it again from its first byte
        expect(asked).toEqual(['/media/long/film/seg0.ts']);
        expect(seen().failure).toBeNull();
        await screenshot(f.page, 'network-slow-first-segment');
        return f;
      }),
    2 * 60_000,
  );
});
