// The interface through real clicks, taps and keys, at 1280x720 and on a 390x844 touch screen.
import type { Browser, ElementHandle, Frame, Page } from 'puppeteer-core';
import { openEmbed, openPage, playerFrame, screenshot, useBrowser, demoUrl } from './browser';

const MOBILE = { width: 390, height: 844, hasTouch: true, isMobile: true };

const waitFor = (frame: Frame, predicate: string, timeout = 20_000) =>
  frame.waitForFunction(predicate, { timeout, polling: 50 });
const state = (frame: Frame) => frame.evaluate(() => window.__player!.getState());
const currentTime = (frame: Frame) =>
  frame.evaluate(() => document.querySelector('video')!.currentTime);

/** The demo host page with the film playing from its start, and the player's frame. */
async function playingFilm(browser: () => Browser, viewport?: typeof MOBILE) {
  const { page, errors } = await openPage(browser(), viewport);
  await page.goto(demoUrl('/host.html?movie_id=1&auto_play=1'));
  const frame = await playerFrame(page);
  await waitFor(frame, `document.querySelector('video').currentTime > 1`);
  return { page, frame, errors };
}

/** A point inside the player at a fraction of its width (and the middle of its height). */
async function pointAt(page: Page, fraction: number) {
  const iframe = (await page.$('iframe#player')) as ElementHandle<HTMLIFrameElement>;
  const box = (await iframe.boundingBox())!;
  return { x: box.x + box.width * fraction, y: box.y + box.height * 0.45 };
}

/** Moves the mouse over the player, as a viewer does before clicking a control: the bar shows. */
async function showControls(page: Page, frame: Frame) {
  const middle = await pointAt(page, 0.5);
  await page.mouse.move(middle.x, middle.y);
  await page.mouse.move(middle.x + 3, middle.y + 3);
  await waitFor(frame, `window.__player.getState().ui.controlsVisible`);
}

describe('the interface on a desktop (1280x720)', () => {
  const browser = useBrowser();

  it('settings: quality is chosen through the menu with real clicks, and the menu closes', async () => {
    const { page, frame, errors } = await playingFilm(browser);
    await showControls(page, frame);
    await frame.click('[aria-label="Настройки"]');
    await frame.waitForSelector('[role="menu"][aria-label="Настройки"]');
    await screenshot(page, 'controls-settings-main');
    await frame.click('[data-testid="settings-item-quality"]');
    await frame.waitForSelector('[role="menu"][aria-label="Качество"]');
    await screenshot(page, 'controls-settings-quality');
    await frame.click('::-p-aria([name="240p"][role="menuitemradio"])');
    await waitFor(frame, `document.querySelector('video').videoHeight === 240`);
    expect(await frame.$('[role="menu"]')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('a double click on the right fifth seeks 10 s forward, on the left fifth 10 s back', async () => {
    const { page, frame } = await playingFilm(browser);
    await frame.evaluate(() => window.__player!.dispatch({ type: 'playback/pauseRequested' }));
    await waitFor(frame, `window.__player.getState().media.paused`);
    const from = await currentTime(frame);
    const right = await pointAt(page, 0.9);
    await page.mouse.click(right.x, right.y, { count: 2 });
    await waitFor(frame, `document.querySelector('video').currentTime > ${from + 9}`);
    const left = await pointAt(page, 0.1);
    await page.mouse.click(left.x, left.y, { count: 2 });
    await waitFor(frame, `document.querySelector('video').currentTime < ${from + 1}`);
    expect((await state(frame)).media.paused).toBe(true); // a double click does not toggle pause
  });

  it('a click pauses and plays; a double click in the middle goes fullscreen and back', async () => {
    const { page, frame } = await playingFilm(browser);
    const middle = await pointAt(page, 0.5);
    await page.mouse.click(middle.x, middle.y);
    await waitFor(frame, `window.__player.getState().media.paused`);
    await page.mouse.click(middle.x, middle.y, { count: 2 });
    await waitFor(frame, `document.fullscreenElement !== null`);
    await waitFor(frame, `window.__player.getState().viewport.fullscreen`);
    await screenshot(page, 'controls-fullscreen');
    expect((await state(frame)).media.paused).toBe(true);
    await showControls(page, frame);
    await frame.click('[aria-label="Выйти из полноэкранного режима"]');
    await waitFor(frame, `document.fullscreenElement === null`);
  });

  it('the controls hide 1000 ms after the pointer rests while playing, and come back when it moves', async () => {
    const { page, frame } = await playingFilm(browser);
    const middle = await pointAt(page, 0.5);
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.move(middle.x + 5, middle.y);
    const bar = '[data-testid="control-bar"]';
    await waitFor(frame, `document.querySelector('${bar}').dataset.hidden === 'true'`, 5000);
    await waitFor(
      frame,
      `getComputedStyle(document.querySelector('${bar}')).opacity === '0'`,
      2000,
    );
    await screenshot(page, 'controls-hidden');
    await page.mouse.move(middle.x + 40, middle.y + 10);
    await waitFor(frame, `document.querySelector('${bar}').dataset.hidden === 'false'`, 2000);
  });

  it('the keyboard alone: K pauses, L seeks 10 s, M mutes, the progress slider takes arrows', async () => {
    const { page, frame } = await playingFilm(browser);
    const keyboard = page.keyboard;
    await showControls(page, frame);
    // A click into the frame gives it the keyboard; the player's keys then work from any control.
    await frame.click('[aria-label="Назад на 10 секунд"]');
    await keyboard.press('k');
    await waitFor(frame, `window.__player.getState().media.paused`);
    const from = await currentTime(frame);
    await frame.focus('[data-testid="progress"]');
    await keyboard.press('ArrowRight');
    await waitFor(frame, `document.querySelector('video').currentTime > ${from + 9}`);
    await keyboard.press('k');
    await waitFor(frame, `!window.__player.getState().media.paused`);
    await keyboard.press('m');
    await waitFor(frame, `document.querySelector('video').muted === true`);
  });
});

describe('the series through its menus (1280x720)', () => {
  const browser = useBrowser();

  it('an episode of another season is chosen with clicks; next shows its card; share opens', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=2&episode_id=203&auto_play=1'));
    const frame = await playerFrame(page);
    await waitFor(frame, `document.querySelector('video').currentTime > 1`);
    await showControls(page, frame);
    await frame.hover('[aria-label="Следующий эпизод"]');
    await frame.waitForSelector('[data-testid="next-episode-card"]');
    await screenshot(page, 'controls-next-episode-card');
    await frame.click('[aria-label="Сезоны и эпизоды"]');
    await frame.waitForSelector('[data-testid="menu-seasons"]');
    await screenshot(page, 'controls-seasons-menu');
    await frame.click('[data-testid="menu-seasons"] [role="menuitem"]:nth-of-type(2)');
    await frame.waitForSelector('[data-testid="menu-episodes"]');
    await screenshot(page, 'controls-episodes-menu');
    await frame.click('[data-testid="menu-episodes"] [role="menuitemradio"]:nth-of-type(1)');
    await waitFor(frame, `window.__player.getState().content.currentEpisodeId === 204`);
    await waitFor(
      frame,
      `document.querySelector('[data-testid="title-overlay"] p')?.textContent.startsWith('2 сезон, 1 серия')`,
    );
    await waitFor(frame, `document.querySelector('video').currentTime > 0.5`);
    await showControls(page, frame);
    await frame.click('[aria-label="Поделиться"]');
    await frame.waitForSelector('[data-testid="menu-share"]');
    await screenshot(page, 'controls-share-popup');
    expect(await frame.$$eval('[data-testid="menu-share"] a', (links) => links.length)).toBe(5);
    expect(errors).toEqual([]);
  });
});

describe('the control bar at every desktop width', () => {
  const browser = useBrowser();

  // a series shows the most controls: next, episodes, audio, share and subtitles beside the rest
  it.each([640, 700, 1280])(
    'at %i px wide every control lies inside the player, and fullscreen takes a click',
    async (width) => {
      const { page, errors } = await openPage(browser(), {
        width,
        height: Math.round((width * 9) / 16),
      });
      const frame = await openEmbed(page, '?movie_id=2&episode_id=203&auto_play=1');
      await waitFor(frame, `document.querySelector('video').currentTime > 0.5`);
      // the player fills the page here: a move over its middle shows the bar
      await page.mouse.move(width / 2, width / 4);
      await page.mouse.move(width / 2 + 3, width / 4 + 3);
      await waitFor(frame, `window.__player.getState().ui.controlsVisible`);
      const outside = await frame.$$eval('[data-testid="control-bar"] button', (buttons) =>
        buttons
          .map((b) => ({ name: b.getAttribute('aria-label'), box: b.getBoundingClientRect() }))
          .filter(({ box }) => box.left < 0 || box.right > window.innerWidth)
          .map(({ name, box }) => `${name}: ${box.left}..${box.right}`),
      );
      await screenshot(page, `controls-bar-${width}`);
      expect(outside).toEqual([]);
      await frame.click('[aria-label="Во весь экран"]');
      await waitFor(frame, `window.__player.getState().viewport.fullscreen`);
      expect(errors).toEqual([]);
    },
  );
});

describe('the placeholder panel of messages', () => {
  const browser = useBrowser();

  it.each([
    ['desktop', { width: 1280, height: 720 }, 19 * 16],
    ['phone', MOBILE, 14 * 16],
  ])('is %s-wide: 19rem, or 14rem on small screens', async (name, viewport, width) => {
    const { page } = await openPage(browser(), viewport);
    await page.goto(demoUrl('/host.html?movie_id=404'));
    const frame = await playerFrame(page);
    const panel = await frame.waitForSelector('[role="alert"] > div');
    expect(await panel!.evaluate((el) => el.getBoundingClientRect().width)).toBe(width);
    expect(await panel!.evaluate((el) => el.textContent)).toBe('Контент не доступен');
    await screenshot(page, `placeholder-${name}`);
  });
});

describe('the interface on a phone (390x844, touch)', () => {
  const browser = useBrowser();

  it('taps open the mobile settings menu with subtitles, and turn subtitles on', async () => {
    const { page, frame, errors } = await playingFilm(browser, MOBILE);
    expect((await state(frame)).viewport.wide).toBe(false);
    // Paused, the controls stay (while playing they hide after 1000 ms; a tap brings them back).
    await frame.evaluate(() => window.__player!.dispatch({ type: 'playback/pauseRequested' }));
    await waitFor(frame, `window.__player.getState().media.paused`);
    await screenshot(page, 'controls-mobile-bar');
    await (await frame.$('[aria-label="Настройки"]'))!.tap();
    await frame.waitForSelector('[data-testid="settings-item-subs"]');
    await screenshot(page, 'controls-mobile-settings');
    await (await frame.$('[data-testid="settings-item-subs"]'))!.tap();
    await (await frame.$('::-p-aria([name="Русские"][role="menuitemradio"])'))!.tap();
    await waitFor(frame, `window.__player.getState().stream.subtitleTrack >= 0`);
    expect(await frame.$('[role="menu"]')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('a double tap on the right side seeks 10 s forward; a tap toggles the controls, never pause', async () => {
    const { page, frame } = await playingFilm(browser, MOBILE);
    const from = await currentTime(frame);
    const right = await pointAt(page, 0.85);
    await page.touchscreen.tap(right.x, right.y);
    await page.touchscreen.tap(right.x, right.y);
    await waitFor(frame, `document.querySelector('video').currentTime > ${from + 8}`);
    expect((await state(frame)).media.paused).toBe(false);
    await screenshot(page, 'controls-mobile-playing');
    // Playing, the controls go after 1000 ms; a tap on the picture brings them back, another hides them.
    await waitFor(frame, `!window.__player.getState().ui.controlsVisible`, 5000);
    const middle = await pointAt(page, 0.5);
    await page.touchscreen.tap(middle.x, middle.y);
    await waitFor(frame, `window.__player.getState().ui.controlsVisible`, 2000);
    await page.touchscreen.tap(middle.x, middle.y);
    await waitFor(frame, `!window.__player.getState().ui.controlsVisible`, 2000);
    expect((await state(frame)).media.paused).toBe(false);
  });
});
