// The master JSON's markers on the demo (demo/fixtures/*.json: intro 1-6 s, credits from 18 s,
// chapters at 0, 6 and 12 s of 24): skipping the intro, the credits' countdown to the next episode,
// the chapters on the progress bar; at 1280x720 with a mouse and on a 390x844 touch screen.
import type { Browser, ElementHandle, Frame, Page, Viewport } from 'puppeteer-core';
import { demoUrl, openPage, playerFrame, screenshot, useBrowser, waitFor } from './browser';

const DESKTOP: Viewport = { width: 1280, height: 720 };
const PHONE: Viewport = { width: 390, height: 844, hasTouch: true, isMobile: true };
const PROFILES: [string, Viewport][] = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

const videoTime = (frame: Frame) =>
  frame.evaluate(() => document.querySelector('video')!.currentTime);
const episodeId = (frame: Frame) =>
  frame.evaluate(() => window.__player!.getState().content.currentEpisodeId);

/** The demo host page with this content playing, and the player's frame. */
async function playing(browser: () => Browser, viewport: Viewport, query: string) {
  const { page, errors } = await openPage(browser(), viewport);
  await page.goto(demoUrl(`/host.html?${query}&auto_play=1`));
  const frame = await playerFrame(page);
  await waitFor(frame, `document.querySelector('video').currentTime > 0.2`, 30_000);
  return { page, frame, errors };
}

/** A click with the mouse, or a tap on a touch screen. */
async function press(element: ElementHandle<Element>, viewport: Viewport) {
  if (viewport.hasTouch) await element.tap();
  else await element.click();
}

/** The viewer seeks to `time`, as the progress bar's click asks. */
async function seekTo(frame: Frame, time: number) {
  await frame.evaluate(
    (t) => window.__player!.dispatch({ type: 'playback/seekRequested', payload: { time: t } }),
    time,
  );
  await waitFor(frame, `Math.abs(document.querySelector('video').currentTime - ${time}) < 1.5`);
}

/** The chapter's name under the pointer at `fraction` of the bar is whole, inside the player. */
async function expectNameInside(page: Page, frame: Frame, fraction: number) {
  const title = fraction < 0.5 ? 'Пролог' : 'Погоня';
  await waitFor(
    frame,
    `document.querySelector('[data-testid="chapter-name"]')?.textContent === '${title}'`,
  );
  const player = (await (await page.$('iframe#player'))!.boundingBox())!;
  const label = (await (await frame.$('[data-testid="chapter-name"]'))!.boundingBox())!;
  expect(label.x).toBeGreaterThanOrEqual(player.x);
  expect(label.x + label.width).toBeLessThanOrEqual(player.x + player.width);
}

const heading = (frame: Frame) =>
  frame.$eval('[data-testid="next-episode-heading"]', (el) => el.textContent ?? '');

describe.each(PROFILES)('the markers of the master JSON (%s)', (name, viewport) => {
  const browser = useBrowser();

  it('during the intro, “Пропустить заставку” jumps past it', async () => {
    const { page, frame, errors } = await playing(browser, viewport, 'movie_id=1');
    const button = await frame.waitForSelector('[data-testid="skip-intro"]', { timeout: 20_000 });
    expect(await button!.evaluate((el) => el.textContent)).toBe('Пропустить заставку');
    const before = await videoTime(frame);
    expect(before).toBeGreaterThanOrEqual(1);
    expect(before).toBeLessThan(6);
    await screenshot(page, `markers-skip-intro-${name}`);
    await press(button!, viewport);
    await waitFor(frame, `document.querySelector('video').currentTime >= 6`);
    expect(await videoTime(frame)).toBeLessThan(8); // at the intro's end, not further
    await waitFor(frame, `document.querySelector('[data-testid="skip-intro"]') === null`);
    await waitFor(frame, `!window.__player.getState().media.paused`);
    expect(errors).toEqual([]);
  });

  it('at the credits of a series the card counts down, and the next episode plays', async () => {
    const { page, frame, errors } = await playing(browser, viewport, 'movie_id=2&episode_id=203');
    const ended = frame.evaluate(() =>
      window.__player!.waitForAction('nextUp/countdownEnded', 30_000),
    );
    await seekTo(frame, 17);
    await frame.waitForSelector('[data-testid="next-episode-card"] button', { timeout: 10_000 });
    const first = await heading(frame);
    expect(first).toMatch(/^Следующий эпизод через [1-5]$/);
    expect(
      await frame.$eval('[data-testid="next-episode-card"] strong', (el) => el.textContent),
    ).toBe(
      'Эпизод 1', // season 2, episode 1
    );
    await screenshot(page, `markers-countdown-${name}`);
    const seconds = Number(first.split(' ').pop());
    if (seconds > 1) {
      await waitFor(
        frame,
        `document.querySelector('[data-testid="next-episode-heading"]')?.textContent === 'Следующий эпизод через ${seconds - 1}'`,
      );
    }
    await ended; // the countdown, not the episode's end, moved on
    // which ends the episode for the host page and for its stored progress (no continue prompt)
    await page.waitForSelector('#messages [data-event="ended"]', { timeout: 10_000 });
    const stored = await frame.evaluate(() => localStorage.getItem('episodesTimeProgress'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ 203: 24 });
    await waitFor(frame, `window.__player.getState().content.currentEpisodeId === 204`, 20_000);
    // asked once: the next episode stays
    expect(await page.$$eval('#messages [data-event="episodeChanged"]', (els) => els.length)).toBe(
      2,
    );
    expect(await frame.evaluate(() => window.__player!.getState().media.ended)).toBe(false);
    // the next episode's own video plays from its start
    await waitFor(
      frame,
      `window.__player.getState().stream.status === 'ready' && document.querySelector('video').currentTime > 0.5 && !document.querySelector('video').paused`,
      30_000,
    );
    expect(await videoTime(frame)).toBeLessThan(10);
    await screenshot(page, `markers-next-episode-playing-${name}`);
    expect(errors).toEqual([]);
  });

  it('“Отмена” hides the card and the credits play on in the same episode', async () => {
    const { page, frame, errors } = await playing(browser, viewport, 'movie_id=2&episode_id=203');
    await seekTo(frame, 17);
    const cancel = await frame.waitForSelector('[data-testid="next-episode-card"] button', {
      timeout: 10_000,
    });
    expect(await cancel!.evaluate((el) => el.textContent)).toBe('Отмена');
    await press(cancel!, viewport);
    await waitFor(frame, `document.querySelector('[data-testid="next-episode-card"]') === null`);
    await screenshot(page, `markers-cancelled-${name}`);
    // past where the countdown would have run out, still this episode, playing its credits
    await waitFor(frame, `document.querySelector('video').currentTime > 23.2`, 15_000);
    expect(await episodeId(frame)).toBe(203);
    expect(await frame.$('[data-testid="next-episode-card"]')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('a paused seek past the countdown stays paused in the episode; playing on, its end moves on', async () => {
    const { page, frame, errors } = await playing(browser, viewport, 'movie_id=2&episode_id=203');
    await frame.evaluate(() => window.__player!.dispatch({ type: 'playback/pauseRequested' }));
    await waitFor(frame, `window.__player.getState().media.paused`);
    const seeked = frame.evaluate(() => window.__player!.waitForAction('media/seeked', 10_000));
    await seekTo(frame, 23.3);
    await seeked;
    // past the countdown, in the episode's last second: no count, no move while paused
    expect(await episodeId(frame)).toBe(203);
    expect(await frame.evaluate(() => window.__player!.getState().media.paused)).toBe(true);
    expect(await frame.$('[data-testid="next-episode-heading"]')).toBeNull();
    await screenshot(page, `markers-paused-past-countdown-${name}`);
    const naturalEnd = frame.evaluate(() => window.__player!.waitForAction('media/ended', 15_000));
    await frame.evaluate(() => window.__player!.dispatch({ type: 'playback/playRequested' }));
    await naturalEnd;
    await waitFor(frame, `window.__player.getState().content.currentEpisodeId === 204`, 20_000);
    expect(errors).toEqual([]);
  });

  it('chapters are marked on the progress bar, with the name of the one under the pointer', async () => {
    const { page, frame, errors } = await playing(browser, viewport, 'movie_id=1');
    await frame.evaluate(() => window.__player!.dispatch({ type: 'playback/pauseRequested' }));
    await waitFor(frame, `window.__player.getState().media.paused`);
    const marks = await frame.$$eval('[data-testid="chapter-mark"]', (els) =>
      els.map((el) => el.getAttribute('data-title')),
    );
    expect(marks).toEqual(['Встреча', 'Погоня']); // the first chapter starts at 0: no mark
    const bar = await frame.$('[data-testid="progress"]');
    const box = (await bar!.boundingBox())!;
    const markBox = (await (await frame.$('[data-testid="chapter-mark"]'))!.boundingBox())!;
    // the mark of 6 s of 24 is a quarter along the bar
    expect(markBox.x + markBox.width / 2 - box.x).toBeCloseTo(box.width / 4, -1);
    const y = box.y + box.height / 2;
    const at = (fraction: number) => box.x + box.width * fraction;
    const chapterName = () =>
      frame.$eval('[data-testid="chapter-name"]', (el) => el.textContent ?? '');
    if (viewport.hasTouch) {
      // a finger dragging along the bar: the name of the chapter it is over
      const session = await page.createCDPSession();
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
        session.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
        });
      await touch('touchStart', at(0.1));
      await touch('touchMove', at(0.15));
      await frame.waitForSelector('[data-testid="chapter-name"]');
      expect(await chapterName()).toBe('Пролог');
      await touch('touchMove', at(0.6));
      await waitFor(
        frame,
        `document.querySelector('[data-testid="chapter-name"]')?.textContent === 'Погоня'`,
      );
      await screenshot(page, `markers-chapter-drag-${name}`);
      // at the bar's ends the name stays whole inside the player
      for (const end of [0.005, 0.995]) {
        await touch('touchMove', at(end));
        await expectNameInside(page, frame, end);
      }
      await touch('touchEnd', at(0.995));
    } else {
      await page.mouse.move(at(0.1), y);
      await frame.waitForSelector('[data-testid="chapter-name"]');
      expect(await chapterName()).toBe('Пролог');
      await page.mouse.move(at(0.4), y);
      await waitFor(
        frame,
        `document.querySelector('[data-testid="chapter-name"]')?.textContent === 'Встреча'`,
      );
      await screenshot(page, `markers-chapter-hover-${name}`);
      await page.mouse.move(at(0.7), y);
      await waitFor(
        frame,
        `document.querySelector('[data-testid="chapter-name"]')?.textContent === 'Погоня'`,
      );
      for (const end of [0.005, 0.995]) {
        await page.mouse.move(at(end), y);
        await expectNameInside(page, frame, end);
      }
      await screenshot(page, `markers-chapter-at-end-${name}`);
      await page.mouse.move(box.x + box.width / 2, box.y - 200);
      await waitFor(frame, `document.querySelector('[data-testid="chapter-name"]') === null`);
    }
    expect(errors).toEqual([]);
  });
});

describe('the markers’ buttons with a keyboard (desktop)', () => {
  const browser = useBrowser();

  it('keeps the keys with the player when “Пропустить заставку” and “Отмена” go away', async () => {
    const { page, frame, errors } = await playing(browser, DESKTOP, 'movie_id=2&episode_id=203');
    const focusedIsPlayer = () =>
      frame.evaluate(() => {
        const el = document.activeElement;
        return el !== null && el !== document.body && el.getAttribute('tabindex') === '-1';
      });
    const skip = await frame.waitForSelector('[data-testid="skip-intro"]', { timeout: 20_000 });
    await skip!.focus();
    await page.keyboard.press('Enter');
    await waitFor(frame, `document.querySelector('[data-testid="skip-intro"]') === null`);
    expect(await focusedIsPlayer()).toBe(true);
    // the player's own keys still work: K pauses
    await page.keyboard.press('k');
    await waitFor(frame, `window.__player.getState().media.paused`);
    await page.keyboard.press('k');
    await waitFor(frame, `!window.__player.getState().media.paused`);

    await seekTo(frame, 18.5);
    const cancel = await frame.waitForSelector('[data-testid="next-episode-card"] button', {
      timeout: 10_000,
    });
    expect(await cancel!.evaluate((el) => el.getAttribute('aria-label'))).toBe(
      'Отмена перехода к следующему эпизоду',
    );
    await cancel!.focus();
    await page.keyboard.press('Enter');
    await waitFor(frame, `document.querySelector('[data-testid="next-episode-card"]') === null`);
    expect(await focusedIsPlayer()).toBe(true);
    await page.keyboard.press('k');
    await waitFor(frame, `window.__player.getState().media.paused`);
    await screenshot(page, 'markers-keys-after-cancel-desktop');
    expect(await episodeId(frame)).toBe(203);
    expect(errors).toEqual([]);
  });
});
