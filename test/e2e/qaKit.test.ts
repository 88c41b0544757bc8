// The QA kit (src/qa, the kino-player-qa package) against the demo: its controls by role and name
// (playback, settings, subtitles, fullscreen, the episodes' menus, the continue prompt) change what
// the viewer sees, and it finds the player in a host page's frame and in the embed page.
import type { Frame } from 'puppeteer-core';
import { attachPlayer, demoServer, type PlayerKit } from '../../src/qa';
import { demoUrl, openPage, openPlayers, screenshot, useBrowser, useFaultScope } from './browser';

/** The text of the subtitle cue on the video now, or null when none shows. */
const shownCue = (frame: Frame) =>
  frame.evaluate(() => {
    const track = [...document.querySelector('video')!.textTracks].find(
      (t) => t.mode === 'showing',
    );
    const cue = track?.activeCues?.[0] as VTTCue | undefined;
    return cue?.text ?? null;
  });

/** The title over the picture: the series, its season and episode. */
const titleText = (player: PlayerKit) =>
  player.frame.$eval('[data-testid="title-overlay"]', (el) => el.textContent);

/** Where the video is, as the viewer sees it. */
const videoTime = (player: PlayerKit) =>
  player.frame.evaluate(() => document.querySelector('video')!.currentTime);

describe('the QA kit', () => {
  const browser = useBrowser();

  it('plays, sets the volume, mutes, seeks, pauses and picks a rate and a quality by the controls', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=1'));
    const player = await attachPlayer(page);
    openPlayers.add(player.frame);
    // the host page starts the film (auto_play unless told)
    await player.waitForState((s) => !s.media.paused, undefined, { timeout: 20_000 });
    await player.pause();
    await player.play({ timeout: 20_000 });
    await player.setVolume(0.5);
    await player.mute();
    await player.unmute();
    await player.seek(20, { timeout: 20_000 });
    await player.pause();
    const rate = player.waitForAction('stream/rateRequested');
    await player.chooseRate('1.5x');
    expect((await rate).payload).toEqual({ rate: 1.5 });
    await player.waitForState((s) => s.stream.rate === 1.5);
    const quality = player.waitForAction('stream/qualityRequested');
    await player.chooseQuality('360p');
    expect((await quality).payload).toMatchObject({ level: expect.any(Number) });
    const state = await player.state();
    expect(state.media.volume).toBeCloseTo(0.5, 1);
    expect(state.media.paused).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);

  it('finds the embed page’s own player and reads its requests from the demo server', async () => {
    const demo = demoServer(demoUrl(''));
    await demo.clearRequests();
    const { page } = await openPage(browser());
    await page.goto(demo.page('/index.html?movie_id=1'));
    const player = await attachPlayer(page);
    openPlayers.add(player.frame);
    expect(player.frame).toBe(page.mainFrame());
    await player.waitForState((s) => s.content.content !== null, undefined, { timeout: 20_000 });
    expect((await demo.requests()).some((r) => r.path.startsWith('/catalog-api/'))).toBe(true);
  }, 60_000);

  it('turns subtitles on and off by their button, and goes fullscreen and back', async () => {
    const { page, errors } = await openPage(browser());
    // the film's sources and subtitles come late: the kit waits for them
    const demo = demoServer(demoUrl(''));
    await useFaultScope(page, 'qa-kit-subtitles');
    await demo.faults.set(
      '/media/film.json',
      { type: 'slow', delayMs: 1500 },
      { scope: 'qa-kit-subtitles' },
    );
    await page.goto(demoUrl('/host.html?movie_id=1'));
    const player = await attachPlayer(page);
    openPlayers.add(player.frame);
    await player.chooseSubtitles('Русские', { timeout: 20_000 });
    await demo.faults.clear('qa-kit-subtitles');
    const { stream } = await player.waitForState((s) => s.stream.subtitleTrack >= 0);
    expect(stream.subtitleTracks[stream.subtitleTrack]?.name).toBe('Русские');
    await player.frame.waitForFunction(
      () =>
        [...document.querySelector('video')!.textTracks].some(
          (t) => t.mode === 'showing' && (t.activeCues?.length ?? 0) > 0,
        ),
      { timeout: 20_000, polling: 50 },
    );
    expect(await shownCue(player.frame)).toMatch(/демонстрационный фильм|Субтитры на русском/);
    expect(await player.frame.$('[role="menu"]')).toBeNull();

    await player.enterFullscreen();
    expect((await player.state()).viewport.fullscreen).toBe(true);
    expect(await player.frame.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    // the player's frame fills the screen, the subtitles still on
    const box = await (await page.$('iframe#player'))!.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1280, height: 720 });
    await screenshot(page, 'qa-kit-fullscreen-subtitles');
    await player.exitFullscreen();
    expect((await player.state()).viewport.fullscreen).toBe(false);
    expect(await player.frame.evaluate(() => document.fullscreenElement)).toBeNull();
    expect((await (await page.$('iframe#player'))!.boundingBox())!.width).toBeLessThan(1280);

    await player.chooseSubtitles('Выкл.');
    await player.waitForState((s) => s.stream.subtitleTrack === -1);
    expect(await shownCue(player.frame)).toBeNull();
    // the film stops: a page left playing would decode on under the next tests
    await player.pause();
    expect(errors).toEqual([]);
  }, 60_000);

  it('picks an episode of another season through the menus, then the next one', async () => {
    const { page, errors } = await openPage(browser());
    // an episode never started: no continue prompt
    await page.goto(demoUrl('/host.html?movie_id=2&episode_id=203'));
    const player = await attachPlayer(page);
    openPlayers.add(player.frame);
    await player.play({ timeout: 20_000 });
    expect(await titleText(player)).toBe('Демонстрационный сериал1 сезон, 3 серия · Погоня');

    await player.openEpisodes();
    const seasons = await player.frame.$$eval(
      '[data-testid="menu-seasons"] [role="menuitem"]',
      (items) => items.map((i) => i.textContent),
    );
    expect(seasons).toEqual([expect.stringMatching(/^Сезон 1/), expect.stringMatching(/^Сезон 2/)]);
    await screenshot(page, 'qa-kit-episodes-menu');

    expect(await player.chooseEpisode(2, 1)).toEqual({ episodeId: 204 });
    expect(await player.frame.$('[role="menu"]')).toBeNull();
    // the new episode starts from its beginning, by itself
    await player.waitForState(
      (s) => s.content.currentEpisodeId === 204 && !s.media.paused && s.media.currentTime > 0.5,
      undefined,
      { timeout: 20_000 },
    );
    expect(await titleText(player)).toBe('Демонстрационный сериал2 сезон, 1 серия · Возвращение');
    expect(await videoTime(player)).toBeLessThan(10);

    expect(await player.nextEpisode()).toEqual({ episodeId: 205 });
    await player.waitForState(
      (s) => s.content.currentEpisodeId === 205 && !s.media.paused,
      undefined,
      { timeout: 20_000 },
    );
    expect(await titleText(player)).toBe('Демонстрационный сериал2 сезон, 2 серия · Финал');
    await screenshot(page, 'qa-kit-next-episode');
    // the last episode has no next one; choosing the one that plays (from the first season's
    // episodes, left open) keeps it
    expect(await player.frame.$('[aria-label="Следующий эпизод"]')).toBeNull();
    await player.openEpisodes();
    await (await player.frame.$('[data-testid="menu-seasons"] [role="menuitem"]'))!.click();
    await player.testId('menu-episodes');
    expect(await player.chooseEpisode(2, 2)).toEqual({ episodeId: 205 });
    expect(await player.frame.$('[role="menu"]')).toBeNull();
    expect((await player.state()).content.currentEpisodeId).toBe(205);
    // the film stops: a page left playing would decode on under the next tests
    await player.pause();
    expect(errors).toEqual([]);
  }, 60_000);

  it('after a reload asks where to continue: continues from there, or starts over', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/index.html?movie_id=1'));
    let player = await attachPlayer(page);
    openPlayers.add(player.frame);
    await player.play({ timeout: 20_000 });
    await player.waitForState((s) => s.media.currentTime > 5, undefined, { timeout: 20_000 });
    await player.pause(); // the position is saved as the film pauses
    let stoppedAt = Math.floor((await player.state()).media.currentTime);

    /** reloads the page; resolves with the continue prompt's text */
    const reload = async () => {
      await page.reload();
      player = await attachPlayer(page);
      const prompt = await player.testId('continue-prompt', { timeout: 20_000 });
      return prompt.evaluate((el) => el.querySelector('p')!.textContent);
    };
    const stoppedAtText = () => `Вы остановились на 0:00:${String(stoppedAt).padStart(2, '0')}`;
    expect(await reload()).toBe(stoppedAtText());
    expect((await player.state()).resume).toMatchObject({
      promptVisible: true,
      savedTime: stoppedAt,
    });
    await screenshot(page, 'qa-kit-continue-prompt');
    expect(await player.frame.evaluate(() => document.querySelector('video')!.paused)).toBe(true);

    await player.continueWatching();
    await player.waitForState((s) => !s.media.paused, undefined, { timeout: 20_000 });
    // it plays on from where the viewer stopped
    expect(await videoTime(player)).toBeGreaterThanOrEqual(stoppedAt);
    expect(await player.frame.$('[data-testid="continue-prompt"]')).toBeNull();
    await player.waitForState((s, from) => s.media.currentTime > from + 1, stoppedAt, {
      timeout: 20_000,
    });
    await player.pause();
    stoppedAt = Math.floor((await player.state()).media.currentTime);

    expect(await reload()).toBe(stoppedAtText());
    await player.startOver();
    await player.waitForState((s) => !s.media.paused, undefined, { timeout: 20_000 });
    // it plays from the film's beginning
    expect(await videoTime(player)).toBeLessThan(1);
    expect(await player.frame.$('[data-testid="continue-prompt"]')).toBeNull();
    // the film stops: a page left playing would decode on under the next tests
    await player.pause();
    expect(errors).toEqual([]);
  }, 60_000);
});
