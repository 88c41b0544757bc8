// VAST 4.3's measurement parts on the demo's `measured` advert (demo/fixtures/vast/measured.xml), in
// Chromium: its viewability told once (Viewable after 2 s at half in view or more, NotViewable when it
// played out of view), and each of its two verification vendors told once that its code did not run,
// with the reason (2: not supported; 3: the second vendor's only script address is malformed).
import type { Frame, Page } from 'puppeteer-core';
import { demoUrl, openPage, playerFrame, screenshot, useBrowser } from './browser';
import { expectReplayable } from './flightLog';

interface Beacon {
  path: string;
  query: Record<string, string>;
}

const beacons = async () =>
  ((await (await fetch(demoUrl('/__test/beacons'))).json()) as Beacon[]).filter((b) =>
    b.path.startsWith('/track/measured/'),
  );

/** The beacons as the player fired them (its flight log), in order: path and query. */
async function firedBeacons(frame: Frame): Promise<string[]> {
  const log = JSON.parse(await frame.evaluate(() => window.__player!.exportLog())) as {
    entries: { kind: string; port?: string; method?: string; args?: unknown[] }[];
  };
  return log.entries
    .filter((e) => e.kind === 'call' && e.port === 'beacon' && e.method === 'fire')
    .map((e) => new URL(String(e.args?.[0])))
    .filter((url) => url.pathname.startsWith('/track/measured/'))
    .map((url) => `${url.pathname.replace('/track/measured/', '')}${url.search}`);
}

const contentPlaying = (frame: Frame) =>
  frame.waitForFunction(
    () => {
      const video = document.getElementById('video') as HTMLVideoElement;
      return window.__player!.getState().ads.activeBreak === null && video.currentTime > 0.5;
    },
    { timeout: 30_000 },
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

describe('advert measurement (VAST 4.3): viewability and verification vendors', () => {
  const browser = useBrowser();
  let page: Page | null = null;
  beforeEach(async () => {
    await fetch(demoUrl('/__test/beacons'), { method: 'DELETE' });
  });
  afterEach(async () => {
    await page?.browserContext().close();
    page = null;
  });

  it('in view: the vendors told (reasons 2 and 3) before the impression, Viewable once at 2 s', async () => {
    const opened = await openPage(browser());
    page = opened.page;
    await page.goto(demoUrl('/host.html?movie_id=1&ads=measured'));
    const frame = await playerFrame(page);
    await frame.waitForFunction(
      () => (document.getElementById('ad-video') as HTMLVideoElement).currentTime > 2.5,
      { timeout: 20_000 },
    );
    await screenshot(page, 'ad-measured-in-view');
    await contentPlaying(frame);
    const fired = await firedBeacons(frame);
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
    const arrived = (await beacons()).map((b) => b.path.replace('/track/measured/', ''));
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
    await frame.waitForFunction(
      () => (document.getElementById('ad-video') as HTMLVideoElement).currentTime > 2.5,
      { timeout: 20_000 },
    );
    await screenshot(page, 'ad-measured-two-fifths-in-view');
    await contentPlaying(frame);
    expect(await firedBeacons(frame)).toEqual([
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
});
