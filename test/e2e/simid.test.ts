// SIMID 1.2 on the demo's adverts, in Chromium, with the project's own creative
// (demo/fixtures/simid/button.html) in its sandboxed frame over the ad's video. `simid`: the viewer
// clicks «Узнать больше» (the advertiser's page opens, the ad pauses), comes back, plays on, then
// clicks «Пропустить рекламу» and the player honours the creative's skip request. `simid-fail`: the
// creative fails after its start; the ad plays on as its plain video and its Error URL hears 902.
import type { Frame, Page } from 'puppeteer-core';
import { adBeacons, clearBeacons, sinkBeacons } from './beacons';
import {
  contentPlayingAfterBreak,
  demoUrl,
  openPage,
  playerFrame,
  screenshot,
  useBrowser,
} from './browser';
import { expectReplayReport } from './flightLog';

/** The creative's own frame, inside the player's, once its page has loaded. */
async function creativeFrame(frame: Frame): Promise<Frame> {
  await frame.waitForSelector('iframe.simid-frame');
  for (let tries = 0; tries < 100; tries++) {
    const child = frame.childFrames().find((f) => f.url().includes('/simid/button.html'));
    if (child) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the SIMID creative’s frame never loaded');
}

const adStatus = (frame: Frame, status: string) =>
  frame.waitForFunction((s) => window.__player!.getState().ads.ad?.status === s, {}, status);

const lastAd = (frame: Frame) =>
  frame.evaluate(() => {
    const { history } = window.__player!.getState().ads;
    return history[history.length - 1]!;
  });

describe('SIMID 1.2 on the demo', () => {
  const browser = useBrowser();
  let page: Page | null = null;
  beforeEach(clearBeacons);
  afterEach(async () => {
    await page?.browserContext().close();
    page = null;
  });

  it('the creative’s button opens the advertiser and its skip request ends the ad', async () => {
    const opened = await openPage(browser());
    page = opened.page;
    await page.goto(demoUrl('/host.html?movie_id=1&ads=simid'));
    const frame = await playerFrame(page);
    const creative = await creativeFrame(frame);
    await creative.waitForSelector('[data-testid="simid-learn-more"]', { visible: true });
    await frame.waitForFunction(
      () => window.__player!.getState().ads.ad?.simid?.status === 'shown',
    );
    // No skip offset: skipping is the creative's, so the player draws no skip button of its own
    expect(await frame.$('[data-testid="ad-skip"]')).toBeNull();
    await creative.waitForSelector('[data-testid="simid-skip"]', { visible: true });
    await screenshot(page, 'ad-simid-shown');

    // «Узнать больше»: the advertiser's page in a new window, the ad paused
    const popup = page
      .browserContext()
      .waitForTarget((target) => target.url().endsWith('/advertiser.html'), { timeout: 10_000 });
    await creative.click('[data-testid="simid-learn-more"]');
    await popup;
    await page.bringToFront(); // the viewer comes back to the film's tab
    await adStatus(frame, 'paused');
    await frame.click('[data-testid="ad-layer"] button[aria-label="Смотреть"]');
    await adStatus(frame, 'playing');

    // «Пропустить рекламу»: the creative asks, the player skips
    await creative.click('[data-testid="simid-skip"]');
    await contentPlayingAfterBreak(frame);
    expect(await frame.$('iframe.simid-frame')).toBeNull();
    expect(await lastAd(frame)).toMatchObject({ id: 'demo-simid', status: 'skipped' });
    await screenshot(page, 'ad-simid-skipped-film-playing');

    const fired = await adBeacons(frame, 'simid');
    expect(fired.map((b) => b.replace(/[?&]at=.*/, ''))).toEqual([
      'impression',
      'start',
      'interactiveStart',
      'interaction?button=learn-more',
      'click',
      'pause',
      'resume',
      'interaction?button=skip',
      'skip',
    ]);
    // the creative's own tracking went out with the ad's playhead in it
    const learnMore = fired.find((b) => b.startsWith('interaction?button=learn-more'))!;
    expect(decodeURIComponent(learnMore)).toMatch(/at=00:00:\d\d\.\d{3}$/);
    // each reached the ad server
    const arrived = (await sinkBeacons())
      .filter((b) => b.path.startsWith('/track/simid/'))
      .map((b) => b.path.replace('/track/simid/', ''));
    expect(arrived).toEqual(expect.arrayContaining(['interaction', 'click', 'skip']));
    expect(arrived).not.toContain('complete');
    expect(arrived).not.toContain('error');
    expect(opened.errors).toEqual([]);

    const story = await expectReplayReport(frame, 'ad-simid-skipped');
    expect(story).toMatch(/"Демо SIMID 15 с" \(demo-simid, 15 s, SIMID\)/);
    expect(story).toContain('←Creative:clickThru');
    expect(story).toContain('←Creative:requestSkip');
    expect(story).toContain('→Player:adSkipped');
  });

  it('a creative that fails after its start is removed and the ad plays on as its video', async () => {
    const opened = await openPage(browser());
    page = opened.page;
    await page.goto(demoUrl('/host.html?movie_id=1&ads=simid-fail'));
    const frame = await playerFrame(page);
    await frame.waitForFunction(
      () => window.__player!.getState().ads.ad?.simid?.status === 'failed',
      { timeout: 20_000 },
    );
    expect(await frame.evaluate(() => window.__player!.getState().ads.ad?.simid)).toMatchObject({
      code: 1101,
    });
    await frame.waitForFunction(() => document.querySelector('iframe.simid-frame') === null);
    // the plain video plays on, with the player's own controls over it
    await frame.waitForFunction(
      () => (document.getElementById('ad-video') as HTMLVideoElement).currentTime > 2,
      { timeout: 20_000 },
    );
    await screenshot(page, 'ad-simid-failed-plain-video');
    await contentPlayingAfterBreak(frame);
    expect(await lastAd(frame)).toMatchObject({ id: 'demo-simid-fail', status: 'completed' });
    expect(await adBeacons(frame, 'simid-fail')).toEqual([
      'impression',
      'start',
      'interactiveStart',
      'error?code=902',
      'firstQuartile',
      'midpoint',
      'thirdQuartile',
      'complete',
    ]);
    expect(opened.errors).toEqual([]);
    const story = await expectReplayReport(frame, 'ad-simid-failed');
    expect(story).toContain('SIMID: failed at');
    expect(story).toContain('←Creative:fatalError');
  });
});
