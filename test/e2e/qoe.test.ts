// Quality of experience on the demo: the host page reads the episode's figures through the SDK
// (getQoe), and its statistics function gets one videoplayer_qoe per episode, at the episode's end
// or as the viewer leaves it for another.
import type { Frame, Page } from 'puppeteer-core';
import type { HostQoe } from '../../src/shared/protocol';
import { demoUrl, openPage, playerFrame, screenshot, useBrowser, waitFor } from './browser';

const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };

/** The host page's own statistics function, as a page that counts views has it. */
async function withStatisticsSink(page: Page) {
  await page.evaluateOnNewDocument(() => {
    if (window.parent !== window) return;
    window.statsCalls = [];
    window.videoplayerStatistics = (event, payload) => window.statsCalls.push({ event, payload });
  });
}

const qoeEvents = (page: Page) =>
  page.evaluate(() => window.statsCalls.filter((s) => s.event === 'videoplayer_qoe'));
const getQoe = (page: Page) => page.evaluate(() => window.demoPlayer.getQoe()) as Promise<HostQoe>;

/** Figures any watched episode has: times past, shares within 0..1, frames shown. */
function expectSane(qoe: HostQoe) {
  expect(qoe.ttffMs).toBeGreaterThan(0);
  expect(qoe.ttffContentMs).toBeGreaterThanOrEqual(qoe.ttffMs!);
  expect(qoe.rebufferRatio).toBeGreaterThanOrEqual(0);
  expect(qoe.rebufferRatio).toBeLessThanOrEqual(1);
  expect(qoe.rebufferMs).toBeGreaterThanOrEqual(0);
  expect(qoe.watchedSec).toBeGreaterThan(0);
  expect(qoe.totalFrames).toBeGreaterThan(0);
  expect(qoe.droppedFrames).toBeGreaterThanOrEqual(0);
  expect(qoe.droppedFrames).toBeLessThanOrEqual(qoe.totalFrames);
}

/**
 * Sets `window.resetSeen` in the player once its media is reset for the next episode: until then
 * the state still holds the last episode's playback (playing, its position, its played seconds).
 */
async function watchForReset(frame: Frame) {
  await frame.evaluate(() => {
    window.resetSeen = false;
    void window.__player!.waitForAction('media/reset', 30_000).then(() => {
      window.resetSeen = true;
    });
  });
}

describe('quality of experience, as the host page gets it', () => {
  const browser = useBrowser();

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'the film with a pre-roll (%s): the getter gives plausible figures, and its end one videoplayer_qoe',
    async (profile, viewport) => {
      const { page, errors } = await openPage(browser(), viewport);
      await withStatisticsSink(page);
      await page.goto(demoUrl('/host.html?movie_id=1&ads=nonskippable'));
      const frame = await playerFrame(page);
      // the pre-roll played, then the film
      await waitFor(
        frame,
        `(() => { const s = window.__player.getState();
          return s.ads.history.length === 1 && !s.ads.activeBreak && s.media.playedSeconds >= 2; })()`,
        40_000,
      );
      const qoe = await getQoe(page);
      expectSane(qoe);
      // the advert's frame came first, the film's after the advert
      expect(qoe.ttffContentMs).toBeGreaterThan(qoe.ttffMs!);
      expect(qoe).toMatchObject({ adsAsked: 1, adsPlayed: 1, adFill: 1 });
      expect(qoe.adStartMs).toBeGreaterThan(0);
      const bitrates = (await page.evaluate(() => window.demoPlayer.getQualities())).map(
        (q) => q.bitrate,
      );
      expect(qoe.averageBitrate).toBeGreaterThanOrEqual(Math.min(...bitrates));
      expect(qoe.averageBitrate).toBeLessThanOrEqual(Math.max(...bitrates));
      expect(await qoeEvents(page)).toEqual([]); // not before the episode ends or is left

      // to the end: one event, with the same figures and the common fields
      await page.evaluate(() => window.demoPlayer.seek(21));
      await waitFor(frame, `window.__player.getState().media.ended`, 30_000);
      await waitFor(page, `window.statsCalls.some((s) => s.event === 'videoplayer_qoe')`);
      const [sent] = await qoeEvents(page);
      expect(sent!.payload).toMatchObject({
        video_id: 1,
        player_type: 'embedded',
        device_type: profile === 'phone' ? 'mobile' : 'desktop',
        ttff_ms: qoe.ttffMs,
        ttff_content_ms: qoe.ttffContentMs,
        ads_asked: 1,
        ads_played: 1,
        ad_fill: 1,
      });
      for (const field of ['rebuffer_count', 'rebuffer_ratio', 'dropped_frames', 'avg_bitrate'])
        expect(Object.keys(sent!.payload)).toContain(field);

      // watched to its end again: the episode's figures went out already
      await page.evaluate(() => window.demoPlayer.seek(20));
      await page.evaluate(() => window.demoPlayer.play());
      await waitFor(
        page,
        `[...document.querySelectorAll('#messages li[data-event="ended"]')].length >= 2`,
        30_000,
      );
      expect(await qoeEvents(page)).toHaveLength(1);
      await screenshot(page, `qoe-film-${profile}`);
      expect(errors).toEqual([]);
    },
  );

  it('a series: each episode left or ended sends its own videoplayer_qoe, exactly once', async () => {
    const { page, errors } = await openPage(browser());
    await withStatisticsSink(page);
    await page.goto(demoUrl('/host.html?movie_id=2&episode_id=203'));
    const frame = await playerFrame(page);
    await waitFor(frame, `document.querySelector('video').currentTime > 1`);
    // the viewer leaves 203 for 204; until 204's media is loaded the state still holds 203's
    // playback (playing, its played seconds), so the wait starts from 204's own reset
    await watchForReset(frame);
    await page.evaluate(() => window.demoPlayer.selectEpisode(204));
    await waitFor(
      frame,
      `(() => { const s = window.__player.getState();
        return window.resetSeen && s.content.currentEpisodeId === 204 && !s.media.paused
          && s.media.playedSeconds >= 1; })()`,
    );
    const on204 = await getQoe(page);
    expectSane(on204);
    expect(on204).toMatchObject({ adsAsked: 0, adFill: null, adStartMs: null });
    // 204 to its end: 205 follows by itself (the next reset is 205's)
    await watchForReset(frame);
    await page.evaluate(() => window.demoPlayer.seek(21));
    await waitFor(
      frame,
      `window.resetSeen && window.__player.getState().content.currentEpisodeId === 205
        && document.querySelector('video').currentTime > 1`,
      30_000,
    );
    // 205, the last, to its end too
    await page.evaluate(() => window.demoPlayer.seek(21));
    await waitFor(frame, `window.__player.getState().media.ended`, 30_000);
    await waitFor(
      page,
      `window.statsCalls.filter((s) => s.event === 'videoplayer_qoe').length >= 3`,
    );
    const sent = await qoeEvents(page);
    expect(sent.map((s) => [s.payload.season, s.payload.episode])).toEqual([
      [1, 3],
      [2, 1],
      [2, 2],
    ]);
    expect(sent.every((s) => (s.payload.ttff_ms as number) > 0)).toBe(true);
    expect(sent[1]!.payload.ttff_ms).toBe(on204.ttffMs);
    await screenshot(page, 'qoe-series');
    expect(errors).toEqual([]);
  });
});

declare global {
  interface Window {
    /** the player reset its media for the episode asked for */
    resetSeen?: boolean;
  }
}
