// What the viewer set up stays for the next session (subtitles, speed, subtitle style), the cues
// stay clear of the control bar, and Save-Data keeps automatic quality low: at 1280x720 and on a
// 390x844 touch screen.
import type { Browser, Frame, Page } from 'puppeteer-core';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SUBTITLE_STYLE } from '../../src/shared/subtitleStyle';
import { ARTIFACTS, demoUrl, openPage, playerFrame, screenshot, useBrowser } from './browser';

const MOBILE = { width: 390, height: 844, hasTouch: true, isMobile: true };

const waitFor = (frame: Frame, predicate: string, timeout = 20_000) =>
  frame.waitForFunction(predicate, { timeout, polling: 50 });
const state = (frame: Frame) => frame.evaluate(() => window.__player!.getState());
const dispatch = (frame: Frame, type: string, payload?: unknown) =>
  frame.evaluate((action) => window.__player!.dispatch(action), { type, payload });

/** The demo host page with the film playing, and the player's frame. */
async function playingFilm(page: Page, query = 'movie_id=1&auto_play=1') {
  await page.goto(demoUrl(`/host.html?${query}`));
  const frame = await playerFrame(page);
  await waitFor(frame, `document.querySelector('video').currentTime > 1`);
  return frame;
}

/**
 * A new session in the same browser (its storage kept): the host page loaded again, and the film
 * continued where the last session paused it.
 */
async function nextSession(page: Page, touch: boolean) {
  await page.reload();
  const frame = await playerFrame(page);
  await press(frame, '[data-testid="continue-watching"]', touch);
  await waitFor(frame, `!document.querySelector('video').paused`);
  return frame;
}

/** The text of the showing subtitle track's active cue, once there is one. */
async function showingCue(frame: Frame) {
  await waitFor(
    frame,
    `[...document.querySelector('video').textTracks].some((t) => t.mode === 'showing' && t.activeCues && t.activeCues.length > 0)`,
  );
  return frame.evaluate(() => {
    const track = [...document.querySelector('video')!.textTracks].find(
      (t) => t.mode === 'showing',
    )!;
    return { lang: track.language, text: (track.activeCues![0] as VTTCue).text };
  });
}

/** Clicks (or taps, on a touch screen) the element the selector finds in the player. */
async function press(frame: Frame, selector: string, touch: boolean) {
  const element = await frame.waitForSelector(selector);
  if (touch) await element!.tap();
  else await element!.click();
}

const item = (name: string, role = 'menuitem') => `::-p-aria([name="${name}"][role="${role}"])`;

/**
 * The pixels where a screenshot of the paused frame with subtitles differs from both shots without,
 * one taken before it and one after (what the subtitles drew; a change of the page between two shots,
 * such as the progress bar redrawn for a duration the stream's end settled, is in one pair only):
 * their box in CSS pixels, and how many of them are in the cue colours chosen (yellow on blue here).
 */
async function cuePixels(
  browser: Browser,
  { on: withCues, off: without, offAfter: withoutAfter }: CueShots,
  scale: number,
) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async (a: string, b: string, c: string, scale: number) => {
        const pixels = async (png: string) => {
          const image = await createImageBitmap(
            await (await fetch(`data:image/png;base64,${png}`)).blob(),
          );
          const canvas = new OffscreenCanvas(image.width, image.height);
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, image.width, image.height);
        };
        const [on, off, offAfter] = [await pixels(a), await pixels(b), await pixels(c)];
        const apart = (other: ImageData, i: number) =>
          Math.abs(on.data[i]! - other.data[i]!) +
            Math.abs(on.data[i + 1]! - other.data[i + 1]!) +
            Math.abs(on.data[i + 2]! - other.data[i + 2]!) >=
          60;
        const differs = (i: number) => apart(off, i) && apart(offAfter, i);
        // A column changed over a fifth of the page's height is the picture's own (a video frame
        // repainted between the shots), never a cue's: left out.
        const changedInColumn = new Array<number>(on.width).fill(0);
        for (let i = 0; i < on.data.length; i += 4)
          if (differs(i)) changedInColumn[(i / 4) % on.width]! += 1;
        let top = Infinity;
        let bottom = -Infinity;
        let changed = 0;
        let yellow = 0;
        let blue = 0;
        for (let i = 0; i < on.data.length; i += 4) {
          if (!differs(i) || changedInColumn[(i / 4) % on.width]! > on.height / 5) continue;
          const y = Math.floor(i / 4 / on.width);
          top = Math.min(top, y);
          bottom = Math.max(bottom, y + 1);
          changed += 1;
          // yellow, small text's thin strokes included (they are dimmer)
          const [r, g, b] = [on.data[i]!, on.data[i + 1]!, on.data[i + 2]!];
          if (r > 120 && g > 110 && b < 60 && Math.abs(r - g) < 40) yellow += 1;
          // the 'Синий' background (darker under the title's shade at the top of a phone's picture)
          if (b > 120 && b > r + 80 && b > g + 60) blue += 1;
        }
        return { top: top / scale, bottom: bottom / scale, changed, yellow, blue };
      },
      withCues,
      without,
      withoutAfter,
      scale,
    );
  } finally {
    await page.close();
  }
}

interface CueShots {
  on: string;
  off: string;
  offAfter: string;
}

/** The player's picture without, with and again without the Russian subtitles, at this paused frame. */
async function cuesOnAndOff(page: Page, frame: Frame, name: string): Promise<CueShots> {
  const shot = async (suffix: string) => {
    const png = (await page.screenshot({ encoding: 'base64' })) as string;
    writeFileSync(join(ARTIFACTS, `${name}-${suffix}.png`), Buffer.from(png, 'base64'));
    return png;
  };
  const subtitlesOff = async () => {
    await dispatch(frame, 'stream/subtitleRequested', { id: -1 });
    await waitFor(
      frame,
      `[...document.querySelector('video').textTracks].every((t) => t.mode !== 'showing')`,
    );
    await frame.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  };
  await subtitlesOff();
  const off = await shot('off');
  await dispatch(frame, 'stream/subtitleRequested', { id: 0 });
  await showingCue(frame);
  await frame.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  const on = await shot('on');
  await subtitlesOff();
  return { on, off, offAfter: await shot('off-after') };
}

/** Where the control bar is on the page (the player's frame fills the host page's iframe). */
async function barBox(page: Page, frame: Frame) {
  const frameTop = await page.$eval('iframe#player', (el) => el.getBoundingClientRect().top);
  const bar = await frame.$eval('[data-testid="control-bar"]', (el) => {
    const box = el.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom };
  });
  return { top: bar.top + frameTop, bottom: bar.bottom + frameTop };
}

describe.each([
  ['desktop (1280x720)', undefined, false],
  ['phone (390x844, touch)', MOBILE, true],
] as const)('preferences on a %s', (profile, viewport, touch) => {
  const browser = useBrowser();
  const tag = touch ? 'phone' : 'desktop';

  it('subtitles, speed and the subtitle style chosen in the menus are there in the next session', async () => {
    const { page, errors } = await openPage(browser(), viewport);
    let frame = await playingFilm(page);
    await dispatch(frame, 'playback/pauseRequested');
    await waitFor(frame, `window.__player.getState().media.paused`);
    // subtitles: English; on a phone through the settings menu, on a desktop its own button
    if (touch) {
      await press(frame, '[aria-label="Настройки"]', touch);
      await press(frame, '[data-testid="settings-item-subs"]', touch);
    } else await press(frame, '[aria-label="Субтитры"]', touch);
    await press(frame, item('English', 'menuitemradio'), touch);
    await waitFor(frame, `window.__player.getState().stream.subtitleTrack === 1`);
    // speed 1.5x
    await press(frame, '[aria-label="Настройки"]', touch);
    await press(frame, '[data-testid="settings-item-playback-rate"]', touch);
    await press(frame, item('1.5x', 'menuitemradio'), touch);
    await waitFor(frame, `document.querySelector('video').playbackRate === 1.5`);
    // the style: subtitles > Оформление > a field > a value, which returns to 'Оформление'
    const openStylePage = async () => {
      if (touch) {
        await press(frame, '[aria-label="Настройки"]', touch);
        await press(frame, '[data-testid="settings-item-subs"]', touch);
      } else await press(frame, '[aria-label="Субтитры"]', touch);
      await press(frame, '[data-testid="settings-item-subs-style"]', touch);
      await frame.waitForSelector('[role="menu"][aria-label="Оформление"]');
    };
    await openStylePage();
    await screenshot(page, `preferences-${tag}-style-page`);
    for (const [field, value] of [
      ['subs-size', '150%'],
      ['subs-color', 'Жёлтый'],
      ['subs-background-color', 'Синий'],
      ['subs-background', '100%'],
      ['subs-edge', 'Обводка'],
    ] as const) {
      await press(frame, `[data-testid="settings-item-${field}"]`, touch);
      if (field === 'subs-color') await screenshot(page, `preferences-${tag}-style-colours`);
      await press(frame, item(value, 'menuitemradio'), touch);
      await waitFor(frame, `window.__player.getState().ui.menu === 'subs-style'`);
    }
    // 'Оформление' names every choice, and its preview shows them
    const links = await frame.$$eval(
      '[role="menu"][aria-label="Оформление"] [role="menuitem"]',
      (els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent),
    );
    expect(links).toEqual([
      'Шрифт: Без засечек',
      'Размер: 150%',
      'Цвет текста: Жёлтый',
      'Прозрачность текста: 100%',
      'Цвет фона: Синий',
      'Прозрачность фона: 100%',
      'Цвет окна: Чёрный',
      'Прозрачность окна: Нет',
      'Контур символов: Обводка',
      'Сбросить оформление',
    ]);
    await screenshot(page, `preferences-${tag}-style-chosen`);
    await press(frame, '[data-menu-panel] [aria-label="Закрыть"]', touch);
    await waitFor(frame, `window.__player.getState().ui.menu === null`);

    frame = await nextSession(page, touch);
    expect((await state(frame)).stream.rate).toBe(1.5);
    expect(await frame.evaluate(() => document.querySelector('video')!.playbackRate)).toBe(1.5);
    expect(await showingCue(frame)).toMatchObject({ lang: 'en' });
    expect((await state(frame)).subtitleStyle).toEqual({
      ...DEFAULT_SUBTITLE_STYLE,
      size: 150,
      color: 'yellow',
      backgroundColor: 'blue',
      background: 100,
      edge: 'uniform',
    });
    // the cues drawn in the style: yellow text on blue
    await dispatch(frame, 'playback/pauseRequested');
    await waitFor(frame, `window.__player.getState().media.paused`);
    await screenshot(page, `preferences-${tag}-restored`);
    const shots = await cuesOnAndOff(page, frame, `preferences-${tag}-restored-cues`);
    const cues = await cuePixels(browser(), shots, 1);
    expect(cues.yellow).toBeGreaterThan(50);
    expect(cues.blue).toBeGreaterThan(cues.yellow);
    expect(errors).toEqual([]);
  });

  it("a series episode turns the remembered language on from the stream's own subtitles", async () => {
    const { page, errors } = await openPage(browser(), viewport);
    await page.evaluateOnNewDocument(() =>
      localStorage.setItem('player-subtitles', '{"lang":"en","name":"English (film)"}'),
    );
    const frame = await playingFilm(page, 'movie_id=2&episode_id=201&auto_play=1');
    expect(await showingCue(frame)).toMatchObject({ lang: 'en' });
    // the state knows it (the menu ticks English, the host heard of it)
    const { stream } = await state(frame);
    const english = stream.subtitleTracks.find((t: { lang: string }) => t.lang === 'en');
    expect(english).toBeDefined();
    expect(stream.subtitleTrack).toBe(english?.id);
    expect(errors).toEqual([]);
  });

  it('the cues stay above the control bar while it shows', async () => {
    const { page, errors } = await openPage(browser(), viewport);
    const frame = await playingFilm(page);
    await dispatch(frame, 'playback/pauseRequested'); // paused, the bar stays
    await waitFor(frame, `window.__player.getState().media.paused`);
    // the progress bar's buffered line drawn to the film's end, so it cannot grow between the two
    // shots (the state's buffer end, which the line draws, follows the element's by up to seconds)
    await waitFor(
      frame,
      `(() => { const v = document.querySelector('video'); const b = v.buffered;
        const end = b.length > 0 ? b.end(b.length - 1) : 0;
        const { media } = window.__player.getState();
        return end >= v.duration - 0.5 && Math.floor(media.bufferedEnd) === Math.floor(end); })()`,
      30_000,
    );
    const shots = await cuesOnAndOff(page, frame, `preferences-${tag}-lifted-cues`);
    const cues = await cuePixels(browser(), shots, 1);
    const bar = await barBox(page, frame);
    expect(cues.changed).toBeGreaterThan(100); // the cue was drawn
    expect(cues.bottom).toBeLessThanOrEqual(bar.top);
    await dispatch(frame, 'stream/subtitleRequested', { id: 0 });
    await showingCue(frame);
    await screenshot(page, `preferences-${tag}-cue-above-bar`);
    expect(errors).toEqual([]);
  });

  it('Save-Data: automatic quality stays at 360p or below until the viewer picks 480p', async () => {
    const { page, errors } = await openPage(browser(), viewport);
    await page.evaluateOnNewDocument(() => {
      const connection = (navigator as Navigator & { connection?: object }).connection;
      if (connection) Object.defineProperty(connection, 'saveData', { get: () => true });
    });
    // this page's own requests: the earlier tests' pages play on in the background (a series
    // episode moves on to the next at its end) and the server's log holds theirs too
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const frame = await playingFilm(page);
    await waitFor(frame, `document.querySelector('video').currentTime > 9`);
    const loaded = asked.filter((p) => /^\/media\/hls\/\d+p\//.test(p));
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((p) => !/^\/media\/hls\/(240|360)p\//.test(p))).toEqual([]);
    expect(
      await frame.evaluate(() => document.querySelector('video')!.videoHeight),
    ).toBeLessThanOrEqual(360);
    // the viewer's pick goes past the cap
    await dispatch(frame, 'playback/pauseRequested');
    await waitFor(frame, `window.__player.getState().media.paused`);
    await press(frame, '[aria-label="Настройки"]', touch);
    await press(frame, '[data-testid="settings-item-quality"]', touch);
    await press(frame, item('480p', 'menuitemradio'), touch);
    await dispatch(frame, 'playback/playRequested');
    await waitFor(frame, `document.querySelector('video').videoHeight === 480`);
    await screenshot(page, `preferences-${tag}-save-data-480p`);
    expect(errors).toEqual([]);
  });
});
