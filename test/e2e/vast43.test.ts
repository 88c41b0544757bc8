// VAST 4.3's parts on the demo's adverts, in Chromium. `measured` (demo/fixtures/vast/measured.xml):
// its viewability told once (Viewable after 2 s at half in view or more, NotViewable when it played
// out of view), and each of its two verification vendors told once that its code did not run, with
// the reason (2: not supported; 3: the second vendor's only script address is malformed). `icon`
// (icon.xml): the AdChoices icon drawn clear of the ad's controls, its view and click tracked;
// `icon-fallback` (icon-fallback.xml): with no page to open, its fallback image shown instead;
// `icon-html` (icon-html.xml): an icon of HTML whose own style and script run in its sandboxed page,
// outside the player page's Content-Security-Policy.
import type { Frame, Page } from 'puppeteer-core';
import { audit, describeViolations } from './axe';
import { adBeacons, clearBeacons, sinkBeacons } from './beacons';
import {
  contentPlayingAfterBreak,
  demoUrl,
  openPage,
  playerFrame,
  screenshot,
  useBrowser,
} from './browser';
import { expectReplayable } from './flightLog';

const adPlayedPast = (frame: Frame, seconds: number) =>
  frame.waitForFunction(
    (t) => (document.getElementById('ad-video') as HTMLVideoElement).currentTime > t,
    { timeout: 20_000 },
    seconds,
  );

/** The player's frame moved down the host page so that only `share` of its height is in view. */
const showOnly = (page: Page, share: number) =>
  page.$eval(
    'iframe#player',
    (frame, share) => {
      const el = frame as HTMLIFrameElement;
      const { height } = el.getBoundingClientRect();
      Object.assign(el.style, {
        position: 'fixed',
        left: '0',
        top: `${window.innerHeight - share * height}px`,
      });
    },
    share,
  );

describe('VAST 4.3 on the demo: viewability, verification vendors, industry icons', () => {
  const browser = useBrowser();
  let page: Page | null = null;
  beforeEach(clearBeacons);
  afterEach(async () => {
    await page?.browserContext().close();
    page = null;
  });

  it('in view: the vendors told (reasons 2 and 3) before the impression, Viewable once at 2 s', async () => {
    const opened = await openPage(browser());
    page = opened.page;
    await page.goto(demoUrl('/host.html?movie_id=1&ads=measured'));
    const frame = await playerFrame(page);
    await adPlayedPast(frame, 2.5);
    await screenshot(page, 'ad-measured-in-view');
    await contentPlayingAfterBreak(frame);
    const fired = await adBeacons(frame, 'measured');
    expect(fired.map((b) => b.replace(/\?at=.*/, '?at='))).toEqual([
      'verification-one?reason=2',
      'verification-two?reason=3',
      'impression?id=demo-measured-serving',
      'start',
      'viewable?at=',
      'complete',
    ]);
    // told at the ad's second 2 (its playhead, [ADPLAYHEAD]), not before
    const at = decodeURIComponent(fired.find((b) => b.startsWith('viewable'))!.split('=')[1]!);
    expect(at).toMatch(/^00:00:0[23]\.\d{3}$/);
    // each reached the ad server once
    const arrived = (await sinkBeacons())
      .filter((b) => b.path.startsWith('/track/measured/'))
      .map((b) => b.path.replace('/track/measured/', ''));
    expect(arrived.sort()).toEqual(
      [
        'complete',
        'impression',
        'start',
        'verification-one',
        'verification-two',
        'viewable',
      ].sort(),
    );
    expect(opened.errors).toEqual([]);
    await expectReplayable(frame, 'ad-measured-in-view');
  });

  it('two fifths in view: played at the viewer’s asking, the advert is told NotViewable at its end', async () => {
    const opened = await openPage(browser());
    page = opened.page;
    await page.goto(demoUrl('/host.html?movie_id=1&ads=measured&auto_play=0'));
    const frame = await playerFrame(page);
    await showOnly(page, 0.4);
    await frame.waitForFunction(() => window.__player!.getState().viewport.visibleRatio < 0.5);
    // The play buttons are at the player's centre, out of view: the viewer's keyboard presses them.
    // The film's starts the break; under 51 % in view the advert waits for the ad layer's own.
    await frame.focus('button[aria-label="Смотреть"]');
    await page.keyboard.press('Enter');
    const adPlay = '[data-testid="ad-layer"] button[aria-label="Смотреть"]';
    await frame.waitForSelector(adPlay);
    await frame.focus(adPlay);
    await page.keyboard.press('Enter');
    await adPlayedPast(frame, 2.5);
    await screenshot(page, 'ad-measured-two-fifths-in-view');
    await contentPlayingAfterBreak(frame);
    expect(await adBeacons(frame, 'measured')).toEqual([
      'verification-one?reason=2',
      'verification-two?reason=3',
      'impression?id=demo-measured-serving',
      'start',
      'complete',
      'not-viewable',
    ]);
    expect(opened.errors).toEqual([]);
    await expectReplayable(frame, 'ad-measured-out-of-view');
  });

  it('the AdChoices icon: drawn clear of the ad’s controls, its view told once, its click tracked', async () => {
    const opened = await openPage(browser());
    page = opened.page;
    await page.goto(demoUrl('/host.html?movie_id=1&ads=icon'));
    const frame = await playerFrame(page);
    await adPlayedPast(frame, 1);
    const icon = '[data-testid="ad-icon"][data-program="AdChoices"]';
    await frame.waitForSelector(icon, { visible: true });
    const boxes = await frame.evaluate((selector) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      };
      return {
        icon: box(document.querySelector(selector)!),
        player: box(document.getElementById('player')!),
        clear: [...document.querySelectorAll('[data-icon-clear]')].map(box),
      };
    }, icon);
    // top right, as it asks, at least 24 px square, over none of the ad's own controls
    expect(boxes.icon.right).toBeCloseTo(boxes.player.right, 0);
    expect(boxes.icon.top).toBeCloseTo(boxes.player.top, 0);
    expect(boxes.icon.right - boxes.icon.left).toBeGreaterThanOrEqual(24);
    expect(boxes.clear.length).toBeGreaterThan(0);
    for (const other of boxes.clear) {
      const apart =
        boxes.icon.right <= other.left ||
        other.right <= boxes.icon.left ||
        boxes.icon.bottom <= other.top ||
        other.bottom <= boxes.icon.top;
      expect(apart).toBe(true);
    }
    const violations = await audit(frame);
    expect(describeViolations(violations)).toBe(''); // none
    await screenshot(page, 'ad-icon-adchoices');
    // the viewer clicks it: the advertiser's page in a new window, the ad paused
    const popup = new Promise<string>((resolve) =>
      page!.browserContext().once('targetcreated', (target) => resolve(target.url())),
    );
    await frame.click(`${icon} a`);
    expect(await popup).toMatch(/\/advertiser\.html$/);
    await page.bringToFront(); // the viewer comes back to the film's tab
    await frame.waitForFunction(() => window.__player!.getState().ads.ad?.status === 'paused');
    await frame.click('[data-testid="ad-layer"] button[aria-label="Смотреть"]');
    await contentPlayingAfterBreak(frame);
    const fired = await adBeacons(frame, 'icon');
    expect(fired.map((b) => b.replace(/\?at=.*/, ''))).toEqual([
      'impression',
      'start',
      'icon-view',
      'icon-click',
      'pause',
      'resume',
      'complete',
    ]);
    expect(opened.errors).toEqual([]);
    await expectReplayable(frame, 'ad-icon');
  });
  it('an icon with no page to open: its fallback image over the paused ad, closed with Escape', async () => {
    const opened = await openPage(browser());
    page = opened.page;
    await page.goto(demoUrl('/host.html?movie_id=1&ads=icon-fallback'));
    const frame = await playerFrame(page);
    await adPlayedPast(frame, 1);
    const icon = '[data-testid="ad-icon"][data-program="AdChoices"]';
    await frame.waitForSelector(`${icon} button`, { visible: true });
    await frame.click(`${icon} button`);
    // the image, fetched now, over the paused advert; the keyboard in its dialog
    const dialog = '[data-testid="ad-icon-fallback"]';
    await frame.waitForSelector(dialog, { visible: true });
    await frame.waitForFunction(() => window.__player!.getState().ads.ad?.status === 'paused');
    await frame.waitForFunction(
      (d) => (document.querySelector(`${d} img`) as HTMLImageElement | null)?.naturalWidth === 480,
      {},
      dialog,
    );
    const seen = await frame.$eval(dialog, (el) => ({
      name: el.getAttribute('aria-label'),
      focused: document.activeElement?.textContent,
      alt: el.querySelector('img')!.alt,
      image: el.querySelector('img')!.getBoundingClientRect().width,
      button: el.querySelector('button')!.getBoundingClientRect().bottom,
      top: el.querySelector('img')!.getBoundingClientRect().top,
    }));
    expect(seen).toMatchObject({
      name: 'Почему я вижу эту рекламу',
      focused: 'Закрыть',
      alt: 'Почему я вижу эту рекламу',
    });
    expect(seen.image).toBeGreaterThan(100);
    expect(seen.button).toBeLessThanOrEqual(seen.top); // 'Закрыть' above the image, never over it
    expect(describeViolations(await audit(frame))).toBe('');
    await screenshot(page, 'ad-icon-fallback-image');
    // Escape closes it and gives the focus back to the icon; the ad plays on
    await page.keyboard.press('Escape');
    await frame.waitForFunction((d) => document.querySelector(d) === null, {}, dialog);
    expect(
      await frame.evaluate(
        (i) => document.activeElement === document.querySelector(`${i} button`),
        icon,
      ),
    ).toBe(true);
    await frame.waitForFunction(() => window.__player!.getState().ads.ad?.status === 'playing');
    await contentPlayingAfterBreak(frame);
    expect(await adBeacons(frame, 'icon-fallback')).toEqual([
      'impression',
      'start',
      'icon-view',
      'icon-click',
      'pause',
      'resume',
      'complete',
    ]);
    expect(opened.errors).toEqual([]);
    await expectReplayable(frame, 'ad-icon-fallback');
  });

  it('an icon of HTML: its own inline style and script run in its sandboxed page, the player refusing nothing', async () => {
    const opened = await openPage(browser());
    page = opened.page;
    await page.goto(demoUrl('/host.html?movie_id=1&ads=icon-html'));
    const frame = await playerFrame(page);
    await adPlayedPast(frame, 1);
    const icon = '[data-testid="ad-icon"][data-program="AdChoices"] iframe';
    await frame.waitForSelector(icon, { visible: true });
    // the icon's page: the player's adHtml.html, the HTML written in it by then
    const iconPage = await (await frame.$(icon))!.contentFrame();
    expect(iconPage.url()).toMatch(/\/adHtml\.html$/);
    await iconPage.waitForFunction(
      () => document.getElementById('mark')?.textContent === 'AdChoices',
    );
    const drawn = await iconPage.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(drawn).toBe('rgb(31, 111, 63)'); // its inline <style> applied
    await screenshot(page, 'ad-icon-html');
    await contentPlayingAfterBreak(frame);
    expect(await adBeacons(frame, 'icon-html')).toEqual([
      'impression',
      'start',
      'icon-view',
      'complete',
    ]);
    expect(opened.errors).toEqual([]);
    await expectReplayable(frame, 'ad-icon-html');
  });
});
