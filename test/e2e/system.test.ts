// The system around the player in real Chromium: what the media keys and the lock screen show and do
// (the Media Session API), and the screen kept on while the film plays (the Screen Wake Lock API).
import type { Browser, Frame, Page } from 'puppeteer-core';
import { demoUrl, openPage, playerFrame, screenshot, useBrowser, waitFor } from './browser';

const MOBILE = { width: 390, height: 844, hasTouch: true, isMobile: true };
const DESKTOP = { width: 1280, height: 720 };

interface SystemWatch {
  /** the handlers the page gave the system, by action (null: removed) */
  handlers: Record<string, ((details: { action: string; seekTime?: number }) => void) | null>;
  /** the last position state the page told; null once cleared */
  position: { duration: number; position: number; playbackRate: number } | null | 'never';
  /** every screen wake lock the page was given */
  locks: WakeLockSentinel[];
}

declare global {
  interface Window {
    __system?: SystemWatch;
  }
}

/**
 * In every frame, before the player's code: notes the media session's handlers and position state and
 * the wake locks, as the system would see them, so the test can press a control as the system does.
 */
function watchTheSystem() {
  const watch: SystemWatch = { handlers: {}, position: 'never', locks: [] };
  window.__system = watch;
  const session = navigator.mediaSession;
  if (session) {
    const setHandler = session.setActionHandler.bind(session);
    session.setActionHandler = (action, handler) => {
      watch.handlers[action] = handler as SystemWatch['handlers'][string];
      setHandler(action, handler);
    };
    const setPosition = session.setPositionState.bind(session);
    session.setPositionState = (state?: MediaPositionState) => {
      watch.position = state ? { ...(state as SystemWatch['position'] & object) } : null;
      if (state) setPosition(state);
      else setPosition();
    };
  }
  const wakeLock = navigator.wakeLock;
  if (wakeLock) {
    const request = wakeLock.request.bind(wakeLock);
    wakeLock.request = async (type) => {
      const lock = await request(type);
      watch.locks.push(lock);
      return lock;
    };
  }
}

async function openPlayer(browser: () => Browser, viewport: typeof DESKTOP, query: string) {
  const { page, errors } = await openPage(browser(), viewport);
  await page.evaluateOnNewDocument(watchTheSystem);
  await page.goto(demoUrl(`/host.html${query}`));
  const frame = await playerFrame(page);
  return { page, frame, errors };
}

const metadata = (frame: Frame) =>
  frame.evaluate(() => {
    const m = navigator.mediaSession.metadata;
    return (
      m && {
        title: m.title,
        artist: m.artist,
        album: m.album,
        artwork: m.artwork.map((a) => a.src),
      }
    );
  });
const handled = (frame: Frame) =>
  frame.evaluate(() =>
    Object.entries(window.__system!.handlers)
      .filter(([, h]) => h !== null)
      .map(([action]) => action)
      .sort(),
  );
const press = (frame: Frame, action: string, seekTime?: number) =>
  frame.evaluate(
    (a, t) =>
      window.__system!.handlers[a]!({ action: a, ...(t === undefined ? {} : { seekTime: t }) }),
    action,
    seekTime,
  );
/** how many wake locks the page holds now, and how many it was given */
const locks = (frame: Frame) =>
  frame.evaluate(() => ({
    held: window.__system!.locks.filter((l) => !l.released).length,
    given: window.__system!.locks.length,
  }));
const videoTime = (frame: Frame) =>
  frame.evaluate(() => document.querySelector('video')!.currentTime);

/** The page hidden for real, as when the viewer switches tabs: another tab comes to the front. */
async function hide(page: Page) {
  const other = await page.browserContext().newPage();
  await other.bringToFront();
  return async () => {
    await page.bringToFront();
    await other.close();
  };
}

describe.each([
  ['desktop (1280x720)', DESKTOP],
  ['phone (390x844, touch)', MOBILE],
])('the system around the player on a %s', (name, viewport) => {
  const browser = useBrowser();
  const tag = name.split(' ')[0];

  it('the film: its title and poster on the system controls, which pause, seek and play it; the screen stays on while it plays', async () => {
    const { page, frame, errors } = await openPlayer(browser, viewport, '?movie_id=1&auto_play=1');
    await waitFor(frame, `document.querySelector('video').currentTime > 1`);
    await waitFor(frame, `navigator.mediaSession.playbackState === 'playing'`);
    expect(await metadata(frame)).toEqual({
      title: 'Демонстрационный фильм',
      artist: '',
      album: '',
      artwork: [demoUrl('/media/poster-film.jpg')],
    });
    // one film: no next track
    expect(await handled(frame)).toEqual([
      'pause',
      'play',
      'seekbackward',
      'seekforward',
      'seekto',
    ]);
    await waitFor(
      frame,
      `window.__system.position !== 'never' && window.__system.position !== null`,
    );
    const position = await frame.evaluate(() => window.__system!.position);
    expect(position).toMatchObject({ playbackRate: 1 });
    expect((position as { duration: number }).duration).toBeCloseTo(24, 0);
    // the browser grants the lock in its own time
    await waitFor(frame, `window.__system.locks.filter((l) => !l.released).length === 1`);
    expect((await locks(frame)).given).toBe(1);

    await press(frame, 'pause');
    await waitFor(frame, `document.querySelector('video').paused`);
    await waitFor(frame, `navigator.mediaSession.playbackState === 'paused'`);
    await waitFor(frame, `window.__system.locks.every((l) => l.released)`);

    await press(frame, 'seekto', 15);
    await waitFor(frame, `Math.abs(document.querySelector('video').currentTime - 15) < 0.5`);
    await waitFor(frame, `Math.abs(window.__system.position.position - 15) < 0.5`);
    await press(frame, 'seekbackward');
    await waitFor(frame, `Math.abs(document.querySelector('video').currentTime - 5) < 0.5`);
    expect(await frame.evaluate(() => document.querySelector('video')!.paused)).toBe(true);

    await press(frame, 'play');
    await waitFor(frame, `!document.querySelector('video').paused`);
    await waitFor(frame, `window.__system.locks.filter((l) => !l.released).length === 1`);
    expect((await locks(frame)).given).toBe(2);
    expect(await videoTime(frame)).toBeGreaterThan(4);
    await screenshot(page, `system-film-${tag}`);
    expect(errors).toEqual([]);
  });

  it('a hidden page lets the screen sleep; shown again while the film plays, the screen stays on again', async () => {
    const { page, frame, errors } = await openPlayer(browser, viewport, '?movie_id=1&auto_play=1');
    await waitFor(frame, `document.querySelector('video').currentTime > 1`);
    await waitFor(frame, `window.__system.locks.filter((l) => !l.released).length === 1`);
    const show = await hide(page);
    await waitFor(frame, `document.visibilityState === 'hidden'`);
    await waitFor(frame, `window.__system.locks.every((l) => l.released)`);
    await waitFor(frame, `window.__player.getState().viewport.hidden`);
    await show();
    await waitFor(frame, `document.visibilityState === 'visible'`);
    await waitFor(frame, `window.__system.locks.filter((l) => !l.released).length === 1`);
    expect((await locks(frame)).given).toBe(2);
    expect(errors).toEqual([]);
  });

  it('a series: the season and episode, and the next track plays the next episode', async () => {
    const { page, frame, errors } = await openPlayer(
      browser,
      viewport,
      '?movie_id=2&episode_id=203&auto_play=1',
    );
    await waitFor(frame, `document.querySelector('video').currentTime > 1`);
    await waitFor(frame, `navigator.mediaSession.metadata !== null`);
    expect(await metadata(frame)).toEqual({
      title: 'Демонстрационный сериал',
      artist: '1 сезон, 3 серия',
      album: 'Погоня', // the episode's title as the player shows it
      artwork: [demoUrl('/media/poster-series.jpg')],
    });
    expect(await handled(frame)).toContain('nexttrack');
    await press(frame, 'nexttrack');
    await waitFor(frame, `window.__player.getState().content.currentEpisodeId === 204`);
    await waitFor(frame, `navigator.mediaSession.metadata.artist === '2 сезон, 1 серия'`);
    expect((await metadata(frame))?.album).toBe('Возвращение');
    await waitFor(frame, `document.querySelector('video').currentTime > 1`);
    await screenshot(page, `system-series-${tag}`);
    expect(errors).toEqual([]);
  });

  it("during an advert: 'Реклама', play and pause for the advert, no seeking and no position; the film's controls after it", async () => {
    const { page, frame, errors } = await openPlayer(
      browser,
      viewport,
      '?movie_id=1&advert=1&ads=nonskippable',
    );
    await waitFor(frame, `window.__player.getState().ads.ad?.status === 'playing'`);
    await waitFor(frame, `navigator.mediaSession.metadata?.title === 'Реклама'`);
    expect(await handled(frame)).toEqual(['pause', 'play']);
    // nothing to seek in: no position told before the film
    expect(await frame.evaluate(() => window.__system!.position)).toBe('never');
    // the screen stays on for the advert too
    await waitFor(frame, `window.__system.locks.filter((l) => !l.released).length === 1`);
    await screenshot(page, `system-advert-${tag}`);
    // the system's pause and play reach the advert
    await press(frame, 'pause');
    await waitFor(frame, `document.getElementById('ad-video').paused`);
    await waitFor(frame, `navigator.mediaSession.playbackState === 'paused'`);
    await waitFor(frame, `window.__system.locks.every((l) => l.released)`);
    await press(frame, 'play');
    await waitFor(frame, `!document.getElementById('ad-video').paused`);
    await waitFor(frame, `window.__system.locks.filter((l) => !l.released).length === 1`);

    await waitFor(
      frame,
      `!window.__player.getState().ads.activeBreak && !document.querySelector('video').paused`,
      30_000,
    );
    await waitFor(frame, `navigator.mediaSession.metadata?.title === 'Демонстрационный фильм'`);
    expect(await handled(frame)).toEqual([
      'pause',
      'play',
      'seekbackward',
      'seekforward',
      'seekto',
    ]);
    await waitFor(frame, `window.__system.position?.duration > 0`);
    await waitFor(frame, `window.__system.locks.filter((l) => !l.released).length === 1`);
    // kept from the advert into the film: the lock taken again after the advert's pause is the one
    expect((await locks(frame)).given).toBe(2);

    // the mid-roll after 10 s of the film: the film's position is cleared while it plays
    await waitFor(frame, `window.__player.getState().ads.activeBreak?.kind === 'midroll'`, 30_000);
    await waitFor(frame, `navigator.mediaSession.metadata?.title === 'Реклама'`);
    await waitFor(frame, `window.__system.position === null`);
    expect(await handled(frame)).toEqual(['pause', 'play']);
    expect(errors).toEqual([]);
  });
});
