// The progress bar's previews and its mid-roll mark, with a real mouse at 1280x720 and a real
// finger on a 390x844 touch screen.
import type { BoundingBox, Frame, Page } from 'puppeteer-core';
import {
  clearFaultScope,
  demoUrl,
  injectFault,
  openEmbed,
  openPage,
  playerFrame,
  screenshot,
  useBrowser,
  useFaultScope,
  waitFor,
} from './browser';
import { exportFlightLog } from './flightLog';

const MOBILE = { width: 390, height: 844, hasTouch: true, isMobile: true };
const FILM_S = 24;
/** the demo sprite: 160x90 tiles, 4 a row, one every 2 s */
const TILE = { w: 160, h: 90, columns: 4, every: 2 };

/** The demo film playing from its start, with its interface. */
async function playingFilm(page: Page, query = '?movie_id=1&auto_play=1') {
  await page.goto(demoUrl(`/host.html${query}`));
  const frame = await playerFrame(page);
  await waitFor(frame, `document.querySelector('video').currentTime > 1`, 30_000);
  // the interface comes once the film can spare the link (src/app/filmCanSpareTheLink.ts)
  await frame.waitForSelector('[data-testid="control-bar"]', { timeout: 10_000 });
  return frame;
}

const box = async (frame: Frame, selector: string): Promise<BoundingBox> => {
  const handle = await frame.waitForSelector(selector, { visible: true });
  return (await handle!.boundingBox())!; // in the page's coordinates
};

/** What the viewer sees of the preview: its box, its picture's crop and image, its time. */
/** The preview once it shows `time` (renders in between may show an earlier one), read at once. */
async function preview(frame: Frame, time: string) {
  await waitFor(
    frame,
    `document.querySelector('[data-testid="thumbnail-preview"] [data-testid="hover-time"]')?.textContent === ${JSON.stringify(time)}`,
    5000,
  );
  const shown = await frame.$eval('[data-testid="thumbnail-preview"]', (el) => {
    const style = getComputedStyle(el.querySelector('[data-testid="thumbnail-image"]')!);
    return {
      position: style.backgroundPosition,
      image: style.backgroundImage,
      time: el.querySelector('[data-testid="hover-time"]')!.textContent,
    };
  });
  return { ...shown, box: await box(frame, '[data-testid="thumbnail-preview"]') };
}

/**
 * Whether the preview's time is painted over whatever else is at its place (the preview takes no
 * pointer, so it is let take one for the look-up).
 */
const previewOnTopAtItsTime = (frame: Frame) =>
  frame.$eval('[data-testid="thumbnail-preview"]', (el) => {
    const time = el.querySelector('[data-testid="hover-time"]')!.getBoundingClientRect();
    (el as HTMLElement).style.pointerEvents = 'auto';
    const top = document.elementFromPoint(time.x + time.width / 2, time.y + time.height / 2);
    (el as HTMLElement).style.pointerEvents = '';
    return top !== null && el.contains(top);
  });

/** Until the control bar has faded fully in (a screenshot in its fade shows it half there). */
const barShown = (frame: Frame) =>
  waitFor(
    frame,
    `getComputedStyle(document.querySelector('[data-testid="control-bar"]')).opacity === '1'`,
    3000,
  );

/** The tile of the sprite for a time of the film, as a background position. */
function tileAt(seconds: number) {
  const index = Math.floor(seconds / TILE.every);
  const x = (index % TILE.columns) * TILE.w;
  const y = Math.floor(index / TILE.columns) * TILE.h;
  return `${x ? `-${x}px` : '0px'} ${y ? `-${y}px` : '0px'}`;
}

/** The flight log's order: the film's first frame, then the thumbnails file asked for. */
async function expectThumbnailsAfterFirstFrame(frame: Frame) {
  const { entries } = await exportFlightLog(frame);
  const firstFrame = entries.findIndex(
    (e) => (e as { action?: { type?: string } }).action?.type === 'media/playing',
  );
  const vtt = entries.findIndex(
    (e) =>
      e.kind === 'call' &&
      (e as { port?: string }).port === 'http' &&
      JSON.stringify((e as { args?: unknown }).args).includes('/media/thumbs/thumbs.vtt'),
  );
  expect(firstFrame).toBeGreaterThanOrEqual(0);
  expect(vtt).toBeGreaterThan(firstFrame);
}

const intersects = (a: BoundingBox, b: BoundingBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** 'Реклама через N' sits in the player's left half, over neither skip-intro nor the next card. */
async function expectClearOfRightCorner(frame: Frame, player: BoundingBox) {
  const countdown = await box(frame, '[data-testid="midroll-countdown"]');
  expect(countdown.x + countdown.width).toBeLessThan(player.x + player.width / 2);
  expect(countdown.x).toBeGreaterThanOrEqual(player.x);
  for (const other of await frame.$$(
    '[data-testid="skip-intro"], [data-testid="next-episode-card"]',
  )) {
    const otherBox = await other.boundingBox();
    if (otherBox) expect(intersects(countdown, otherBox)).toBe(false);
  }
}

/** The chapter's name stands over the preview's picture, no wider than it, not across it. */
async function expectChapterOverPicture(frame: Frame, title: string) {
  const names = await frame.$$('[data-testid="chapter-name"]');
  expect(names).toHaveLength(1); // the bar's own name gives way to the preview's
  expect(await names[0]!.evaluate((el) => el.textContent)).toBe(title);
  const name = (await names[0]!.boundingBox())!;
  const picture = await box(frame, '[data-testid="thumbnail-image"]');
  const framed = (await (await frame.$(
    '[data-testid="thumbnail-preview"] > span:nth-child(2)',
  ))!.boundingBox())!;
  expect(intersects(name, picture)).toBe(false);
  expect(name.y + name.height).toBeLessThanOrEqual(framed.y);
  expect(name.width).toBeLessThanOrEqual(framed.width);
}

describe('the progress bar on a desktop (1280x720)', () => {
  const browser = useBrowser();

  it("shows the film's picture and time above the pointer, inside the player at both ends", async () => {
    const { page, errors } = await openPage(browser());
    await fetch(demoUrl('/__test/requests'), { method: 'DELETE' });
    const frame = await playingFilm(page);
    await waitFor(frame, `window.__player.getState().stream.thumbnails.cues.length === 12`);
    await expectThumbnailsAfterFirstFrame(frame);

    const player = await box(page.mainFrame(), 'iframe#player');
    const bar = await box(frame, '[data-testid="progress"]');
    const y = bar.y + bar.height / 2;
    // a quarter of the way: 0:06, the sprite's fourth tile
    const x = bar.x + bar.width * 0.25;
    await page.mouse.move(x, y - 30);
    await page.mouse.move(x, y, { steps: 3 });
    const quarter = await preview(frame, '0:06');
    expect(quarter.time).toBe('0:06');
    expect(quarter.position).toBe(tileAt(6));
    expect(quarter.image).toContain('/media/thumbs/thumbs.jpg');
    expect(quarter.box.x + quarter.box.width / 2).toBeCloseTo(x, -1); // centred on the pointer
    expect(quarter.box.y + quarter.box.height).toBeLessThan(bar.y); // above the bar
    expect(quarter.box.width).toBe(TILE.w + 4); // the tile and its frame
    await expectChapterOverPicture(frame, 'Встреча');
    // the sprite came after the page asked for the preview
    const spriteLoads = `performance.getEntriesByType('resource').filter((r) => r.name.endsWith('/media/thumbs/thumbs.jpg')).length`;
    await waitFor(frame, `${spriteLoads} > 0`);
    await screenshot(page, 'progress-preview-desktop');

    // at the ends the preview stops at the bar's ends: it never leaves the player
    await page.mouse.move(bar.x + 2, y, { steps: 3 });
    const start = await preview(frame, '0:00');
    expect(start.position).toBe(tileAt(0));
    expect(start.box.x).toBeGreaterThanOrEqual(player.x);
    await screenshot(page, 'progress-preview-desktop-start');
    // (the last pixels are past the last tile: the film is a few hundredths longer than 24 s)
    await page.mouse.move(bar.x + bar.width - 4, y, { steps: 3 });
    const end = await preview(frame, '0:23');
    expect(end.position).toBe(tileAt(22));
    expect(end.box.x + end.box.width).toBeLessThanOrEqual(player.x + player.width);

    // three tiles shown, one sprite asked for
    expect(await frame.evaluate(spriteLoads)).toBe(1);

    // the pointer leaves the bar: the preview goes
    await page.mouse.move(x, bar.y - 150);
    await frame.waitForSelector('[data-testid="thumbnail-preview"]', { hidden: true });
    const requests = (await (await fetch(demoUrl('/__test/requests'))).json()) as {
      path: string;
    }[];
    expect(requests.filter((r) => r.path === '/media/thumbs/thumbs.vtt')).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('draws the preview smaller in a short player, its top inside the player', async () => {
    // the player is the whole page, 480x150: 90 px tiles do not fit above the bar
    const { page, errors } = await openPage(browser(), { width: 480, height: 150 });
    const frame = await openEmbed(page, '?movie_id=1&auto_play=1');
    await waitFor(frame, `document.querySelector('video').currentTime > 1`, 30_000);
    // held in the intro (1 s to 6 s), where 'Пропустить заставку' shows
    await frame.evaluate(() => document.querySelector('video')!.pause());
    await waitFor(frame, `window.__player.getState().stream.thumbnails.cues.length === 12`);
    const bar = await box(frame, '[data-testid="progress"]');
    const y = bar.y + bar.height / 2;
    await page.mouse.move(bar.x + bar.width / 2, y - 10);
    await page.mouse.move(bar.x + bar.width / 2, y, { steps: 3 });
    const half = await preview(frame, '0:12');
    expect(half.position).toBe(tileAt(12));
    expect(half.box.y).toBeGreaterThanOrEqual(0);
    expect(half.box.height).toBeLessThan(TILE.h);
    // 'Пропустить заставку' is in the preview's way here: the preview is on top
    expect(await frame.$('[data-testid="skip-intro"]')).not.toBeNull();
    expect(await previewOnTopAtItsTime(frame)).toBe(true);
    await screenshot(page, 'progress-preview-short-player');
    expect(errors).toEqual([]);
  });

  it("shows an episode's pictures over the series' bar", async () => {
    const { page } = await openPage(browser());
    const frame = await playingFilm(page, '?movie_id=2&episode_id=203&auto_play=1');
    await waitFor(frame, `window.__player.getState().stream.thumbnails.cues.length === 12`);
    const bar = await box(frame, '[data-testid="progress"]');
    const y = bar.y + bar.height / 2;
    await page.mouse.move(bar.x + bar.width / 2, y - 30);
    await page.mouse.move(bar.x + bar.width / 2, y, { steps: 3 });
    const half = await preview(frame, '0:12');
    expect(half.time).toBe('0:12');
    expect(half.position).toBe(tileAt(12));
    await screenshot(page, 'progress-preview-series-desktop');
  });

  it('shows the time alone when the thumbnails file cannot be had, and the film plays on', async () => {
    const { page } = await openPage(browser());
    await useFaultScope(page, 'thumbnails-missing');
    await injectFault(
      '/media/thumbs/thumbs.vtt',
      { type: 'status', status: 404 },
      undefined,
      'thumbnails-missing',
    );
    const frame = await playingFilm(page);
    await waitFor(frame, `window.__player.getState().stream.thumbnails.loadedFrom !== null`);
    const bar = await box(frame, '[data-testid="progress"]');
    const y = bar.y + bar.height / 2;
    await page.mouse.move(bar.x + bar.width / 4, y - 30);
    await page.mouse.move(bar.x + bar.width / 4, y, { steps: 3 });
    await frame.waitForSelector('[data-testid="hover-time"]');
    expect(await frame.$('[data-testid="thumbnail-preview"]')).toBeNull();
    expect(await frame.$eval('[data-testid="hover-time"]', (el) => el.textContent)).toBe('0:06');
    await waitFor(frame, `document.querySelector('video').currentTime > 2.5`);
    expect(await frame.$('[role="alert"]')).toBeNull();
    await clearFaultScope('thumbnails-missing');
  });

  it("marks the next mid-roll on the bar and counts its last 5 s down ('Реклама через N')", async () => {
    const { page, errors } = await openPage(browser());
    // a pod of two adverts, so the break's counter reads 'Реклама 1 из 2'
    const frame = await playingFilm(page, '?movie_id=1&advert=1&ads=nonskippable,nonskippable');
    await waitFor(
      frame,
      `window.__player.getState().ads.prerollDone && !document.querySelector('video').paused`,
      40_000,
    );
    // the viewer's pointer over the player keeps the bar up
    const player = await box(page.mainFrame(), 'iframe#player');
    await page.mouse.move(player.x + player.width / 2, player.y + player.height / 2);
    await page.mouse.move(player.x + player.width / 2 + 4, player.y + player.height / 2);
    const bar = await box(frame, '[data-testid="progress"]');
    const mark = await box(frame, '[data-testid="midroll-mark"]');
    // 10 s of played film: the break falls at about 0:10 of the 24 s film
    const markAt = ((mark.x + mark.width / 2 - bar.x) / bar.width) * FILM_S;
    expect(markAt).toBeGreaterThan(9);
    expect(markAt).toBeLessThan(11.5);

    const countdown = '[data-testid="midroll-countdown"]';
    await frame.waitForSelector(countdown, { timeout: 15_000 });
    const seen = new Set<string>();
    const first = await frame.$eval(countdown, (el) => el.textContent ?? '');
    seen.add(first);
    expect(first).toMatch(/^Реклама через [1-5]$/);
    // on the left: the right corner above the bar is the skip-intro button's (the intro is 1-6 s)
    await expectClearOfRightCorner(frame, player);
    await page.mouse.move(player.x + player.width / 2 + 8, player.y + player.height / 2);
    await barShown(frame);
    await screenshot(page, 'progress-midroll-countdown-desktop');
    // it counts down while the film plays, and goes as the break begins
    await frame.waitForFunction(
      (selector) => {
        const text = document.querySelector(selector)?.textContent;
        if (text)
          (window as unknown as { seen: string[] }).seen = [
            ...((window as unknown as { seen?: string[] }).seen ?? []),
            text,
          ];
        return window.__player!.getState().ads.activeBreak !== null;
      },
      { timeout: 15_000, polling: 100 },
      countdown,
    );
    const counted = await frame.evaluate(
      () => (window as unknown as { seen?: string[] }).seen ?? [],
    );
    counted.forEach((text) => seen.add(text));
    const numbers = [...seen].map((text) => Number(text.replace('Реклама через ', '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a)); // counting down
    expect(numbers).toContain(1);
    expect(await frame.$(countdown)).toBeNull();
    // the break's own counter, as before
    await frame.waitForFunction(() => document.body.textContent?.includes('Реклама 1 из 2'), {
      timeout: 15_000,
    });
    await screenshot(page, 'progress-midroll-break-desktop');
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('the progress bar on a phone (390x844, touch)', () => {
  const browser = useBrowser();

  it('shows the picture above the finger while it drags along the bar, and seeks where it is lifted', async () => {
    const { page, errors } = await openPage(browser(), MOBILE);
    const frame = await playingFilm(page);
    await waitFor(frame, `window.__player.getState().stream.thumbnails.cues.length === 12`);
    await expectThumbnailsAfterFirstFrame(frame);
    // a tap on the picture brings the bar up
    const player = await box(page.mainFrame(), 'iframe#player');
    await waitFor(frame, `!window.__player.getState().ui.controlsVisible`, 5000);
    await page.touchscreen.tap(player.x + player.width / 2, player.y + player.height / 2);
    await waitFor(frame, `window.__player.getState().ui.controlsVisible`, 2000);
    const bar = await box(frame, '[data-testid="progress"]');
    const y = bar.y + bar.height / 2;

    await page.touchscreen.touchStart(bar.x + bar.width * 0.1, y);
    await page.touchscreen.touchMove(bar.x + bar.width * 0.3, y);
    await page.touchscreen.touchMove(bar.x + bar.width * 0.5, y);
    const middle = await preview(frame, '0:12');
    expect(middle.time).toBe('0:12');
    expect(middle.position).toBe(tileAt(12));
    expect(middle.box.x + middle.box.width / 2).toBeCloseTo(bar.x + bar.width * 0.5, -1);
    expect(middle.box.y + middle.box.height).toBeLessThan(bar.y);
    expect(middle.box.y).toBeGreaterThanOrEqual(player.y); // its top inside the player
    await expectChapterOverPicture(frame, 'Погоня');
    await screenshot(page, 'progress-preview-phone');
    // the finger rests on the bar longer than the controls' 1 s: the bar and the preview stay
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await frame.evaluate(() => window.__player!.getState().ui.controlsVisible)).toBe(true);
    expect(
      await frame.$eval('[data-testid="control-bar"]', (el) => (el as HTMLElement).dataset.hidden),
    ).toBe('false');
    expect((await preview(frame, '0:12')).position).toBe(tileAt(12));
    // a slow drag: the bar stays up all along it
    for (let step = 1; step <= 15; step++) {
      await page.touchscreen.touchMove(bar.x + bar.width * (0.5 - step * 0.03), y);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(
      await frame.$eval('[data-testid="control-bar"]', (el) => (el as HTMLElement).dataset.hidden),
    ).toBe('false');
    await page.touchscreen.touchMove(bar.x + 1, y);
    const start = await preview(frame, '0:00');
    expect(start.position).toBe(tileAt(0));
    expect(start.box.x).toBeGreaterThanOrEqual(player.x); // inside the player's left edge
    await screenshot(page, 'progress-preview-phone-start');
    await page.touchscreen.touchMove(bar.x + bar.width * 0.75, y);
    await waitFor(
      frame,
      `document.querySelector('[data-testid="thumbnail-preview"] [data-testid="hover-time"]').textContent === '0:18'`,
    );
    await page.touchscreen.touchEnd();
    await frame.waitForSelector('[data-testid="thumbnail-preview"]', { hidden: true });
    await waitFor(frame, `Math.abs(document.querySelector('video').currentTime - 18) < 1.5`);
    expect(errors).toEqual([]);
  });

  it("marks the next mid-roll and shows 'Реклама через N' before it", async () => {
    const { page, errors } = await openPage(browser(), MOBILE);
    const frame = await playingFilm(page, '?movie_id=1&advert=1&ads=nonskippable&auto_play=1');
    await waitFor(
      frame,
      `window.__player.getState().ads.prerollDone && !document.querySelector('video').paused`,
      40_000,
    );
    await frame.waitForSelector('[data-testid="midroll-countdown"]', { timeout: 15_000 });
    expect(await frame.$eval('[data-testid="midroll-countdown"]', (el) => el.textContent)).toMatch(
      /^Реклама через [1-5]$/,
    );
    const player = await box(page.mainFrame(), 'iframe#player');
    await page.touchscreen.tap(player.x + player.width / 2, player.y + player.height / 2);
    await waitFor(frame, `window.__player.getState().ui.controlsVisible`, 2000);
    const bar = await box(frame, '[data-testid="progress"]');
    const mark = await box(frame, '[data-testid="midroll-mark"]');
    const markAt = ((mark.x + mark.width / 2 - bar.x) / bar.width) * FILM_S;
    expect(markAt).toBeGreaterThan(9);
    expect(markAt).toBeLessThan(11.5);
    await barShown(frame);
    if (await frame.$('[data-testid="midroll-countdown"]'))
      await expectClearOfRightCorner(frame, player);
    await screenshot(page, 'progress-midroll-countdown-phone');
    await waitFor(frame, `window.__player.getState().ads.activeBreak !== null`, 15_000);
    await frame.waitForSelector('[data-testid="midroll-countdown"]', { hidden: true });
    expect(errors).toEqual([]);
  }, 120_000);
});
