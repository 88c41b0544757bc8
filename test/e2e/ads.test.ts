import type { Frame, Page } from 'puppeteer-core';
import {
  clearFaults,
  demoUrl,
  injectFault,
  keepAsGolden,
  openPage,
  openPlayers,
  playerFrame,
  screenshot,
  useBrowser,
} from './browser';
import { clearBeacons, firedBeaconUrls, sinkBeacons } from './beacons';
import { expectNoPolicyViolation } from './contentPolicy';
import { expectReplayable } from './flightLog';

/**
 * The tracking beacons as the player fired them (from its flight log), in order, and as they
 * reached the demo sink: each exactly once. Beacons fired together (impression and start) travel as
 * concurrent requests, so the sink's order between them is the network's, not the player's.
 */
async function expectBeacons(frame: Frame, paths: string[]) {
  expect(await firedBeacons(frame)).toEqual(paths);
  const arrived = (await sinkBeacons()).map((b) => b.path);
  expect([...arrived].sort()).toEqual([...paths].sort());
}

async function firedBeacons(frame: Frame): Promise<string[]> {
  return (await firedBeaconUrls(frame)).map((url) => url.pathname);
}

/** The player's ad state and the content's position, as the debug API reports them. */
function adState(frame: Frame) {
  return frame.evaluate(() => {
    const s = window.__player!.getState();
    return {
      ad: s.ads.ad,
      activeBreak: s.ads.activeBreak,
      history: s.ads.history,
      contentPaused: s.media.paused,
      contentTime: s.media.currentTime,
      adVideoShown: !(document.getElementById('ad-video') as HTMLVideoElement).hidden,
    };
  });
}

async function waitForContentPlaying(frame: Frame, after = 0.5, timeout = 30_000) {
  await frame.waitForFunction(
    (t) => {
      const s = window.__player!.getState();
      const video = document.getElementById('video') as HTMLVideoElement;
      return s.ads.activeBreak === null && !video.paused && video.currentTime > t;
    },
    { timeout },
    after,
  );
}

describe('adverts on the demo', () => {
  const browser = useBrowser();
  const opened: Page[] = [];
  /** A page of this test; the previous tests' pages are closed first, so their beacons stop. */
  const open = async () => {
    const { page, errors } = await openPage(browser());
    opened.push(page);
    return { page, errors };
  };
  beforeEach(async () => {
    for (const page of opened.splice(0)) await page.browserContext().close();
    await clearBeacons();
    await clearFaults();
  });
  afterAll(clearFaults);

  it('plays a pre-roll, then the film from its start, with exactly the expected beacons in order', async () => {
    await fetch(demoUrl('/__test/requests'), { method: 'DELETE' });
    const { page, errors } = await open();
    await page.goto(demoUrl('/host.html?movie_id=1&ads=nonskippable'));
    const frame = await playerFrame(page);
    keepAsGolden(frame, 'preroll-complete');

    await frame.waitForFunction(
      () => {
        const ad = document.getElementById('ad-video') as HTMLVideoElement;
        return ad.currentTime > 1 && window.__player!.getState().ads.ad?.status === 'playing';
      },
      { timeout: 20_000 },
    );
    const during = await adState(frame);
    expect(during.adVideoShown).toBe(true);
    expect(during.contentTime).toBe(0);
    expect(during.activeBreak).toMatchObject({ kind: 'preroll', total: 1 });
    expect(await frame.$eval('[data-testid="ad-layer"]', (el) => el.textContent)).toContain(
      'Реклама',
    );
    expect(await frame.$('button[disabled]')).toBeNull(); // not skippable: no skip button at all
    await screenshot(page, 'ad-preroll-playing');

    await waitForContentPlaying(frame);
    const after = await adState(frame);
    expect(after.adVideoShown).toBe(false);
    expect(after.history).toEqual([
      expect.objectContaining({ id: 'demo-nonskippable', type: 'pre-roll', status: 'completed' }),
    ]);
    // the ad engine's bundle came once, when the list had an advert, before its VAST was asked for
    const order = ((await (await fetch(demoUrl('/__test/requests'))).json()) as { path: string }[])
      .map((r) => r.path.replace(/\?.*$/, '').replace(/^\/adEngine\.\w+\.js$/, '/adEngine.js'))
      .filter((p) => ['/ad-list.json', '/adEngine.js', '/vast/nonskippable.xml'].includes(p));
    expect(order).toEqual(['/ad-list.json', '/adEngine.js', '/vast/nonskippable.xml']);
    await expectBeacons(frame, [
      '/track/nonskippable/impression',
      '/track/nonskippable/start',
      '/track/nonskippable/firstQuartile',
      '/track/nonskippable/midpoint',
      '/track/nonskippable/progress-3s',
      '/track/nonskippable/thirdQuartile',
      '/track/nonskippable/complete',
    ]);
    const hostLog = await page.$$eval('#messages li', (items) =>
      items.map((li) => li.getAttribute('data-event')),
    );
    expect(hostLog).toEqual(
      expect.arrayContaining(['adBreakStarted', 'adStarted', 'adEnded', 'adBreakEnded', 'play']),
    );
    expect(hostLog.indexOf('adBreakEnded')).toBeLessThan(hostLog.lastIndexOf('play'));
    expect(errors).toEqual([]);
  });

  it('a page unloaded in the middle of an ad: the beacons due before it arrive, each once', async () => {
    const { page } = await open();
    await page.goto(demoUrl('/host.html?movie_id=1&ads=nonskippable'));
    const frame = await playerFrame(page);
    // past the midpoint (3 s of the 6 s ad), with a pause and a resume on the way
    await frame.waitForFunction(
      () => (document.getElementById('ad-video') as HTMLVideoElement).currentTime > 1,
      { timeout: 20_000 },
    );
    await frame.evaluate(() => window.__player!.dispatch({ type: 'ads/playPauseRequested' }));
    await frame.waitForFunction(() => window.__player!.getState().ads.ad?.status === 'paused');
    await frame.evaluate(() => window.__player!.dispatch({ type: 'ads/playPauseRequested' }));
    await frame.waitForFunction(
      () => (document.getElementById('ad-video') as HTMLVideoElement).currentTime > 3.3,
      { timeout: 20_000 },
    );
    openPlayers.delete(frame);
    await expectReplayable(frame, 'ad-unload');
    await expectNoPolicyViolation(frame); // before the viewer leaves, as the shared check cannot
    const fired = await firedBeacons(frame);
    expect(fired).toEqual(expect.arrayContaining(['/track/nonskippable/midpoint']));
    await page.goto('about:blank'); // the viewer leaves
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // every beacon fired before the unload arrived (more may have gone in its last moments), none twice
    const arrived = (await sinkBeacons()).map((b) => b.path);
    expect(arrived).toEqual(expect.arrayContaining(fired));
    expect(new Set(arrived).size).toBe(arrived.length);
    expect(new Set(fired).size).toBe(fired.length);
  });

  it('counts the skip button down, disabled, then skips on a click and the film plays', async () => {
    const { page, errors } = await open();
    await page.goto(demoUrl('/host.html?movie_id=1&ads=skippable'));
    const frame = await playerFrame(page);
    keepAsGolden(frame, 'preroll-skip');

    const counting = await frame.waitForSelector('button[disabled]::-p-text(Пропустить)', {
      timeout: 20_000,
    });
    expect(await counting!.evaluate((b) => b.textContent)).toMatch(/^Пропустить [1-5]$/);
    await screenshot(page, 'ad-skip-countdown');
    await counting!.click(); // disabled: nothing happens
    expect((await adState(frame)).ad?.status).toBe('playing');

    const skip = await frame.waitForSelector('button:not([disabled])::-p-text(Пропустить)', {
      timeout: 10_000,
    });
    expect(await skip!.evaluate((b) => b.textContent?.trim())).toBe('Пропустить');
    expect(await skip!.$('svg')).not.toBeNull(); // the arrow
    await screenshot(page, 'ad-skip-ready');
    const skippedAt = (await frame.evaluate(
      () => (document.getElementById('ad-video') as HTMLVideoElement).currentTime,
    )) as number;
    expect(skippedAt).toBeGreaterThanOrEqual(5);
    await skip!.click();

    await waitForContentPlaying(frame);
    expect((await adState(frame)).history[0]).toMatchObject({ status: 'skipped' });
    const fired = await firedBeacons(frame);
    expect(fired).toContain('/track/skippable/skip');
    expect(fired).not.toContain('/track/skippable/complete');
    expect(fired.slice(0, 3)).toEqual([
      '/track/skippable/impression',
      '/track/skippable/start',
      '/track/skippable/firstQuartile',
    ]);
    await expectBeacons(frame, fired); // and each reached the sink once
    expect(errors).toEqual([]);
  });

  it('the host page pauses and resumes the advert, sets its volume, and is refused a seek', async () => {
    const { page, errors } = await open();
    await page.goto(demoUrl('/host.html?movie_id=1&ads=skippable'));
    const frame = await playerFrame(page);
    const adVideo = () =>
      frame.evaluate(() => {
        const video = document.getElementById('ad-video') as HTMLVideoElement;
        return { paused: video.paused, time: video.currentTime, volume: video.volume };
      });
    await frame.waitForFunction(
      () => {
        const video = document.getElementById('ad-video') as HTMLVideoElement;
        return window.__player!.getState().ads.ad?.status === 'playing' && video.currentTime > 1;
      },
      { timeout: 20_000 },
    );

    const paused = await page.evaluate(async () => {
      await window.demoPlayer.pause();
      return window.demoPlayer.getPaused();
    });
    expect(paused).toBe(true);
    await frame.waitForFunction(() => window.__player!.getState().ads.ad?.status === 'paused');
    const pausedAt = (await adVideo()).time;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await adVideo()).toMatchObject({ paused: true, time: pausedAt }); // it holds
    await screenshot(page, 'ad-paused-by-host');

    // a getter sent at once after a command answers with its effect
    const volume = await page.evaluate(async () => {
      const [, answer] = await Promise.all([
        window.demoPlayer.setVolume(0.87),
        window.demoPlayer.getVolume(),
      ]);
      return answer;
    });
    expect(volume).toBe(0.87);
    expect((await adVideo()).volume).toBeCloseTo(0.87);
    const refused = await page.evaluate(() =>
      window.demoPlayer.seek(30).then(
        () => 'accepted',
        (error: { code: string }) => error.code,
      ),
    );
    expect(refused).toBe('AD_PLAYING');

    await page.evaluate(() => window.demoPlayer.play());
    await frame.waitForFunction(
      (t) => (document.getElementById('ad-video') as HTMLVideoElement).currentTime > t + 0.5,
      { timeout: 10_000 },
      pausedAt,
    );
    const heard = await page.$$eval('#messages li', (items) =>
      items.map((li) => `${li.getAttribute('data-event')} ${li.textContent ?? ''}`),
    );
    expect(heard.some((line) => line.startsWith('pause') && line.includes('"ad":true'))).toBe(true);
    const fired = await firedBeacons(frame);
    expect(fired).toEqual(
      expect.arrayContaining(['/track/skippable/pause', '/track/skippable/resume']),
    );
    expect(await frame.evaluate(() => window.__player!.getState().media.currentTime)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('starts a mid-roll after 10 s of played film and resumes the film where it was', async () => {
    const { page, errors } = await open();
    await page.goto(demoUrl('/host.html?movie_id=1&advert=1&ads=nonskippable'));
    const frame = await playerFrame(page);
    keepAsGolden(frame, 'midroll');

    await waitForContentPlaying(frame, 0.5, 30_000); // after the pre-roll
    await frame.waitForFunction(
      () => window.__player!.getState().ads.activeBreak?.kind === 'midroll',
      { timeout: 30_000 },
    );
    const during = await adState(frame);
    expect(during.activeBreak!.contentTime).toBeGreaterThanOrEqual(9.5);
    expect(during.activeBreak!.contentTime).toBeLessThan(12);
    await frame.waitForFunction(
      () => (document.getElementById('video') as HTMLVideoElement).paused,
    );
    await frame.waitForFunction(() => window.__player!.getState().ads.ad?.status === 'playing', {
      timeout: 20_000,
    });
    await screenshot(page, 'ad-midroll-playing');

    const pausedAt = during.activeBreak!.contentTime;
    await waitForContentPlaying(frame, pausedAt, 30_000);
    const resumedAt = await frame.evaluate(
      () => (document.getElementById('video') as HTMLVideoElement).currentTime,
    );
    expect(resumedAt).toBeGreaterThanOrEqual(pausedAt);
    expect(resumedAt).toBeLessThan(pausedAt + 3);
    const { history } = await adState(frame);
    expect(history.map((h) => h.type)).toEqual(['pre-roll', 'mid-roll']);
    expect(errors).toEqual([]);
  });

  it.each([
    ['broken', 'broken', 100, null],
    ['empty', 'empty', 303, null],
    ['media 404', 'nonskippable', 401, '/media/ads/ad-6s.mp4'],
  ])(
    'a %s advert ends its break within the limit and the film plays',
    async (_label, name, code, missing) => {
      if (missing) await injectFault(missing, { type: 'status', status: 404 });
      const { page, errors } = await open();
      await page.goto(demoUrl(`/host.html?movie_id=1&ads=${name}`));
      const frame = await playerFrame(page);
      if (name === 'broken') keepAsGolden(frame, 'preroll-broken-vast');

      const started = Date.now();
      await waitForContentPlaying(frame, 0.5, 20_000);
      // Each failure has its own limit (VAST 5 s, media 8 s); these fail fast, far inside it.
      expect(Date.now() - started).toBeLessThan(8_000);
      expect((await adState(frame)).history).toEqual([
        expect.objectContaining({ status: 'error', errorCode: code }),
      ]);
      if (name !== 'empty' && name !== 'broken')
        expect((await sinkBeacons()).map((b) => `${b.path}?code=${b.query.code}`)).toEqual([
          '/track/nonskippable/error?code=401',
        ]);
      // The browser reports the 404 itself; nothing else may go wrong.
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    },
  );

  it('plays a VPAID 2.0 creative in its sandboxed frame, tracks it, then the film plays', async () => {
    const { page, errors } = await open();
    await page.goto(demoUrl('/host.html?movie_id=1&ads=vpaid'));
    const frame = await playerFrame(page);
    keepAsGolden(frame, 'preroll-vpaid');

    await frame.waitForFunction(() => window.__player!.getState().ads.ad?.status === 'playing', {
      timeout: 20_000,
    });
    const sandbox = await frame.$eval('iframe.vpaid-frame', (f) => f.getAttribute('sandbox'));
    expect(sandbox).toBe('allow-scripts allow-popups allow-popups-to-escape-sandbox');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await screenshot(page, 'ad-vpaid-playing');

    await waitForContentPlaying(frame);
    expect(await frame.$('iframe.vpaid-frame')).toBeNull(); // torn down
    expect((await adState(frame)).history).toEqual([
      expect.objectContaining({ id: 'demo-vpaid', status: 'completed' }),
    ]);
    await expectBeacons(frame, [
      '/track/vpaid/impression',
      '/track/vpaid/start',
      '/track/vpaid/firstQuartile',
      '/track/vpaid/midpoint',
      '/track/vpaid/thirdQuartile',
      '/track/vpaid/complete',
    ]);
    expect(errors).toEqual([]);
  });

  it('refuses a VPAID creative that is not version 2 with 901, and the film plays', async () => {
    const { page, errors } = await open();
    await page.goto(demoUrl('/host.html?movie_id=1&ads=vpaid-old'));
    const frame = await playerFrame(page);
    await waitForContentPlaying(frame, 0.5, 20_000);
    expect((await adState(frame)).history).toEqual([
      expect.objectContaining({ status: 'error', errorCode: 901 }),
    ]);
    expect((await sinkBeacons()).map((b) => `${b.path}?code=${b.query.code}`)).toEqual([
      '/track/vpaid-old/error?code=901',
    ]);
    expect(errors).toEqual([]);
  });
});
