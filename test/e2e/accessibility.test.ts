// WCAG 2.2 AA (axe-core) in each state a viewer meets: the poster, playing with the controls, every
// menu page, the message screen, an advert before and after its skip, the phone layout. A violation
// fails with its rule, the element and axe's help; each state is screenshotted.
import type { Frame, Page } from 'puppeteer-core';
import { formatTime } from '../../src/shared/formatTime';
import { attachPlayer, NAMES, type PlayerKit } from '../../src/qa';
import { describeViolations, audit } from './axe';
import {
  clearFaults,
  demoUrl,
  injectFault,
  messageText,
  openPage,
  openPlayers,
  screenshot,
  useBrowser,
} from './browser';

const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };

/** The states audited, each with its count of violations, for the test's output. */
const audited: [string, number][] = [];

async function expectAccessible(page: Page, frame: Frame, state: string) {
  const violations = await audit(frame);
  audited.push([state, violations.length]);
  await screenshot(page, `a11y-${state}`);
  if (violations.length > 0)
    throw new Error(
      `${state}: ${violations.length} WCAG violation(s)\n${describeViolations(violations)}`,
    );
}

async function openSeries(page: Page): Promise<PlayerKit> {
  await page.goto(demoUrl('/host.html?movie_id=2&episode_id=203&auto_play=0'));
  const player = await attachPlayer(page);
  openPlayers.add(player.frame);
  return player;
}

describe('accessibility (WCAG 2.2 AA, axe-core) in Chromium', () => {
  const browser = useBrowser();

  afterAll(() => {
    console.log(`axe: ${audited.map(([state, n]) => `${state} ${n}`).join(', ')}`);
  });

  it('the poster, the film playing, and every page of every menu', async () => {
    const { page, errors } = await openPage(browser());
    const player = await openSeries(page);
    await player.testId('poster');
    await expectAccessible(page, player.frame, 'poster');
    await player.play();
    await player.openSettings();
    await expectAccessible(page, player.frame, 'settings');
    for (const item of ['quality', 'playback-rate']) {
      await (await player.testId(`settings-item-${item}`)).click();
      await expectAccessible(page, player.frame, `settings-${item}`);
      await page.keyboard.press('Escape');
      await player.openSettings();
    }
    await page.keyboard.press('Escape');
    await player.click('button', NAMES.subtitles);
    await expectAccessible(page, player.frame, 'subtitles');
    await (await player.testId('settings-item-subs-style')).click();
    await expectAccessible(page, player.frame, 'subtitle-style');
    for (const item of [
      'font',
      'size',
      'color',
      'text-opacity',
      'background-color',
      'background',
      'window-color',
      'window',
      'edge',
    ]) {
      await (await player.testId(`settings-item-subs-${item}`)).click();
      await expectAccessible(page, player.frame, `subtitle-style-${item}`);
      await player.click('button', NAMES.back);
      await player.testId('settings-subs-style');
    }
    await page.keyboard.press('Escape');
    for (const [name, state] of [
      [NAMES.audioTrack, 'audio'],
      [NAMES.share, 'share'],
    ] as const) {
      await player.click('button', name);
      await expectAccessible(page, player.frame, state);
      await page.keyboard.press('Escape');
    }
    await player.openEpisodes();
    await expectAccessible(page, player.frame, 'episodes');
    expect(errors).toEqual([]);
  });

  it('the keyboard alone: open the settings, move with the arrows, choose a speed, back to the button, each said in the status region', async () => {
    const { page, errors } = await openPage(browser());
    const player = await openSeries(page);
    await player.play();
    const settings = await player.frame.waitForSelector('button[aria-label="Настройки"]');
    await settings!.focus();
    await page.keyboard.press('Enter');
    await player.frame.waitForSelector('[role="menu"][aria-label="Настройки"]');
    const focused = () => player.frame.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await focused()).toMatch(/^Качество/);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toMatch(/^Скорость/);
    await page.keyboard.press('Enter');
    await player.frame.waitForSelector('[role="menu"][aria-label="Скорость"]');
    await page.keyboard.press('End'); // 2x, the last
    await page.keyboard.press('ArrowUp'); // 1.5x
    expect(await focused()).toMatch(/^1\.5x/);
    await page.keyboard.press('Enter');
    await player.waitForState((s) => s.stream.rate === 1.5 && s.ui.menu === null);
    // the status region says it
    const status = () =>
      player.frame.$eval('[role="status"][data-testid="status"]', (el) => el.textContent);
    await player.frame.waitForFunction(
      () => document.querySelector('[data-testid="status"]')?.textContent === 'Скорость: 1.5x',
    );
    // the menu closed, the focus is back on the button that opened it
    expect(
      await player.frame.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    ).toBe('Настройки');
    await screenshot(page, 'a11y-keyboard-speed');
    // K pauses: said too
    await page.keyboard.press('k');
    await player.waitForState((s) => s.media.paused);
    await player.frame.waitForFunction(
      () => document.querySelector('[data-testid="status"]')?.textContent === 'Пауза',
    );
    expect(await status()).toBe('Пауза');
    // 5: to half the episode, the landing said
    const duration = (await player.waitForState((s) => s.media.duration > 0)).media.duration;
    await page.keyboard.press('5');
    const half = formatTime(duration / 2);
    await player.frame.waitForFunction(
      (words) => document.querySelector('[data-testid="status"]')?.textContent === words,
      {},
      `Позиция ${half}`,
    );
    expect(errors).toEqual([]);
  });

  it('the keyboard alone through every menu: subtitles and their style, the voice-over, the episodes, share; each change said', async () => {
    const { page, errors } = await openPage(browser());
    const player = await openSeries(page);
    await player.play();
    const keys = page.keyboard;
    const focused = () =>
      player.frame.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('aria-label') || el?.textContent || '';
      });
    /** Tab, the keyboard's own way round, until the control named so has the focus */
    const tabTo = async (name: string) => {
      for (let i = 0; i < 40 && (await focused()) !== name; i += 1) await keys.press('Tab');
      expect(await focused()).toBe(name);
    };
    const menu = (title: string) =>
      player.frame.waitForSelector(`[role="menu"][aria-label="${title}"]`);
    const menuClosed = () => player.waitForState((s) => s.ui.menu === null);
    // paused (K, said), the bar stays for the Tab key
    await player.pressKey('k');
    await player.waitForStatus('Пауза');
    // subtitles: the first track that is not 'Выкл.'
    await tabTo(NAMES.subtitles);
    await keys.press('Enter');
    await menu(NAMES.subtitles);
    const off = await focused();
    await keys.press(off.startsWith('Выкл') ? 'ArrowDown' : 'Home');
    await keys.press('Enter');
    await player.waitForStatus(/^Субтитры: /);
    await menuClosed();
    expect(await focused()).toBe(NAMES.subtitles);
    // their style: End to 'Оформление', down to 'Размер', End to 300 %, back on 'Оформление'
    await keys.press('Enter');
    await menu(NAMES.subtitles);
    await keys.press('End');
    await keys.press('Enter');
    await menu(NAMES.subtitleStyle);
    await keys.press('ArrowDown');
    expect(await focused()).toBe('Размер: 100%');
    await keys.press('Enter');
    await menu('Размер');
    await keys.press('End');
    await keys.press('Enter');
    await player.waitForStatus('Размер: 300%');
    await menu(NAMES.subtitleStyle);
    expect(await focused()).toBe('Размер: 300%');
    await screenshot(page, 'a11y-keyboard-subtitle-style');
    await keys.press('Escape');
    await menuClosed();
    expect(await focused()).toBe(NAMES.subtitles);
    // the voice-over: the last one offered
    await tabTo(NAMES.audioTrack);
    await keys.press('Enter');
    await menu(NAMES.audioTrack);
    await keys.press('End');
    await keys.press('Enter');
    await player.waitForStatus(/^Озвучка: /);
    await menuClosed();
    // the episodes: the seasons page, then the first episode of the first season
    await tabTo(NAMES.seasonsAndEpisodes);
    await keys.press('Enter');
    await menu(NAMES.seasonsAndEpisodes);
    await keys.press('Enter'); // the first season's episodes
    await player.waitForState((s) => s.ui.menu === 'episodes');
    await keys.press('Home');
    await keys.press('Enter');
    await player.waitForStatus('1 сезон, 1 серия');
    // share: a dialog, so Tab goes round inside it; Escape leaves it for the button
    await player.waitForState((s) => s.content.currentEpisodeId !== 203 && s.ui.menu === null);
    await player.pressKey('k'); // the next episode paused again, if it started
    await tabTo(NAMES.share);
    await keys.press('Enter');
    await menu(NAMES.share);
    for (let i = 0; i < 12; i += 1) {
      await keys.press('Tab');
      expect(
        await player.frame.evaluate(
          () => document.activeElement?.closest('[data-testid="menu-share"]') !== null,
        ),
      ).toBe(true);
    }
    await keys.press('Escape');
    await menuClosed();
    expect(await focused()).toBe(NAMES.share);
    expect(errors).toEqual([]);
  });

  it('reduced motion stills the interface; forced colours keep the bar and every focus ring', async () => {
    const { page, errors } = await openPage(browser());
    // (puppeteer's own emulateMediaFeatures does not know forced-colors; the protocol does)
    await (
      await page.createCDPSession()
    ).send('Emulation.setEmulatedMedia', {
      features: [
        { name: 'prefers-reduced-motion', value: 'reduce' },
        { name: 'forced-colors', value: 'active' },
      ],
    });
    const player = await openSeries(page);
    await player.play();
    await player.pressKey('k');
    await player.waitForState((s) => s.media.paused);
    const looks = await player.frame.evaluate(() => {
      const played = document.querySelector('[data-testid="played"]')!;
      return {
        barTransition: getComputedStyle(document.querySelector('[data-testid="control-bar"]')!)
          .transitionDuration,
        played: getComputedStyle(played).backgroundColor,
        track: getComputedStyle(played.parentElement!).borderTopStyle,
      };
    });
    expect(looks.barTransition).toBe('0s'); // the bar appears and goes without a fade
    expect(looks.track).toBe('solid'); // the bar's outline, where backgrounds are dropped
    expect(looks.played).not.toBe('rgba(0, 0, 0, 0)');
    // the focus ring of a menu's item (whose usual mark is a background) and of a bar's button
    await player.openSettings();
    await page.keyboard.press('ArrowDown');
    const ring = () =>
      player.frame.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
    expect(await ring()).toBe('solid 2px');
    await screenshot(page, 'a11y-forced-colors-menu');
    await page.keyboard.press('Escape');
    expect(await ring()).toBe('solid 2px');
    expect(errors).toEqual([]);
  });

  it.each([
    ['message-missing-id', '', null],
    ['message-not-found', 'movie_id=999', null],
    ['message-region', 'movie_id=3', null],
    ['message-no-episodes', 'movie_id=4', null],
    ['message-error-id', 'movie_id=1', '/catalog-api/contents/1'],
    ['message-load-error', 'movie_id=1', '/media/film.json'],
  ] as const)('the message screen: %s', async (state, query, failing) => {
    if (failing) await injectFault(failing, { type: 'status', status: 500 });
    try {
      const { page } = await openPage(browser());
      await page.goto(demoUrl(`/index.html?${query}`)); // the embed page itself: no id given
      const frame = page.mainFrame();
      expect(await messageText(frame, 20_000)).not.toBe('');
      await expectAccessible(page, frame, state);
    } finally {
      await clearFaults();
    }
  });

  it('the continue prompt, and the next-episode card counting down', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=2&episode_id=203&auto_play=0'));
    let player = await attachPlayer(page);
    openPlayers.add(player.frame);
    await player.play();
    await player.waitForState((s) => s.media.currentTime > 3, undefined, { timeout: 20_000 });
    await player.pause(); // the position is saved as the episode pauses
    await page.reload();
    player = await attachPlayer(page);
    openPlayers.add(player.frame);
    await player.testId('continue-prompt', { timeout: 20_000 });
    await expectAccessible(page, player.frame, 'continue-prompt');
    await player.continueWatching();
    // the credits (from 20 s of the demo's 24): the card counts down to the next episode
    await player.seek(19);
    await player.frame.waitForSelector('[data-testid="next-episode-card"] button', {
      timeout: 20_000,
    });
    await expectAccessible(page, player.frame, 'next-episode-countdown');
    expect(errors).toEqual([]);
  });

  it('an advert, before and after it may be skipped', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=1&ads=skippable'));
    const player = await attachPlayer(page);
    openPlayers.add(player.frame);
    await player.waitForState((s) => s.ads.ad?.status === 'playing', undefined, {
      timeout: 30_000,
    });
    await expectAccessible(page, player.frame, 'advert');
    await player.waitForState(
      (s) =>
        s.ads.ad !== null &&
        s.ads.ad.skipOffsetSec !== null &&
        s.ads.ad.currentTime >= s.ads.ad.skipOffsetSec,
      undefined,
      { timeout: 30_000 },
    );
    await expectAccessible(page, player.frame, 'advert-skippable');
    expect(errors).toEqual([]);
  });

  it('the phone layout', async () => {
    const { page, errors } = await openPage(browser(), PHONE);
    const player = await openSeries(page);
    await player.testId('poster');
    await expectAccessible(page, player.frame, 'phone-poster');
    await player.dispatch({ type: 'playback/playRequested' });
    await player.waitForState((s) => s.stream.subtitleTracks.length > 0, undefined, {
      timeout: 20_000,
    });
    // the menus as sheets over the player
    await player.openSettings();
    await expectAccessible(page, player.frame, 'phone-settings');
    await (await player.testId('settings-item-subs')).tap();
    await player.testId('settings-subs');
    await expectAccessible(page, player.frame, 'phone-subtitles');
    await player.pressKey('Escape');
    await player.waitForState((s) => s.ui.menu === null);
    await player.click('button', NAMES.seasonsAndEpisodes);
    await player.waitForState((s) => s.ui.menu === 'seasons' || s.ui.menu === 'episodes');
    await expectAccessible(page, player.frame, 'phone-episodes');
    expect(errors).toEqual([]);
  });
});
