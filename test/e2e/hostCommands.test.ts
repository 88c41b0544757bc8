// The host page's commands and getters beyond play, pause, seek and volume, in Chromium: the demo
// host page drives the player through the host SDK, and each command's effect is checked in the
// player's state, on its video element or on screen.
import type { Frame, Page } from 'puppeteer-core';
import { demoUrl, openPage, playerFrame, screenshot, useBrowser } from './browser';

const waitFor = (frame: Frame | Page, predicate: string, timeout = 20_000) =>
  frame.waitForFunction(predicate, { timeout, polling: 50 });
/** the player's state, in its frame */
const state = (frame: Frame) => frame.evaluate(() => window.__player!.getState());
/** what a command settled with: its value, or its error's code */
const settle = (page: Page, run: string) =>
  page.evaluate(
    `(${run}).then((value) => ({ value }), (error) => ({ code: error.code }))`,
  ) as Promise<{ value?: unknown; code?: string }>;
/**
 * As settle, but with no gesture: puppeteer's own evaluations count as a viewer's gesture, and one
 * stays active for 5 s (Chromium's transient activation), in the page and in the frame it ran in.
 */
async function settleWithoutGesture(page: Page, run: string) {
  await new Promise((resolve) => setTimeout(resolve, 5_500)); // the last gesture has expired
  const cdp = await page.createCDPSession();
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `(${run}).then((value) => ({ value }), (error) => ({ code: error.code }))`,
    awaitPromise: true,
    returnByValue: true,
    userGesture: false,
  });
  await cdp.detach();
  return result.value as { value?: unknown; code?: string };
}
const heard = (page: Page) =>
  page.$$eval('#messages li', (items) => items.map((li) => li.getAttribute('data-event')));

describe('the host SDK: rate, quality, tracks, display and the getters, in Chromium', () => {
  const browser = useBrowser();

  it('sets rate, quality, subtitles and audio; reads them back; refuses bad values with their codes', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=1&auto_play=0'));
    const frame = await playerFrame(page);
    await page.evaluate(() => window.demoPlayer.ready);
    await page.evaluate(() => window.demoPlayer.play());
    await waitFor(frame, `document.querySelector('video').currentTime > 1`);
    await waitFor(frame, `window.__player.getState().stream.levels.length > 1`);

    // the playback rate
    expect(await settle(page, 'window.demoPlayer.setPlaybackRate(1.5)')).toEqual({});
    await waitFor(frame, `document.querySelector('video').playbackRate === 1.5`);
    expect(await page.evaluate(() => window.demoPlayer.getPlaybackRate())).toBe(1.5);
    await waitFor(page, `document.querySelector('#messages li[data-event="rateChange"]')`);
    expect(await settle(page, 'window.demoPlayer.setPlaybackRate(10)')).toEqual({
      code: 'BAD_ARGUMENT',
    });

    // the quality: the levels, one by its height, Auto again
    const qualities = await page.evaluate(() => window.demoPlayer.getQualities());
    expect(qualities.map((q) => q.height)).toEqual([1080, 720, 540, 480, 360, 240]);
    await page.evaluate(() => window.demoPlayer.setQuality(240));
    await waitFor(
      frame,
      `(() => { const s = window.__player.getState().stream;
        return !s.autoLevel && s.levels[s.currentLevel]?.height === 240; })()`,
    );
    expect(await page.evaluate(() => window.demoPlayer.getQuality())).toMatchObject({
      height: 240,
      auto: false,
    });
    expect(await settle(page, 'window.demoPlayer.setQuality(2160)')).toEqual({
      code: 'UNKNOWN_QUALITY',
    });
    await page.evaluate(() => window.demoPlayer.setQuality('auto'));
    await waitFor(frame, `window.__player.getState().stream.autoLevel`);

    // subtitles: on, read back, off; an unknown track refused
    const subtitles = await page.evaluate(() => window.demoPlayer.getSubtitleTracks());
    expect(subtitles.length).toBeGreaterThanOrEqual(2);
    const ru = subtitles.find((t) => t.lang.startsWith('ru')) ?? subtitles[0]!;
    await page.evaluate((id) => window.demoPlayer.setSubtitleTrack(id), ru.id);
    await waitFor(frame, `window.__player.getState().stream.subtitleTrack === ${ru.id}`);
    expect(await page.evaluate(() => window.demoPlayer.getSubtitleTrack())).toEqual(ru);
    expect(await settle(page, 'window.demoPlayer.setSubtitleTrack(99)')).toEqual({
      code: 'UNKNOWN_SUBTITLE_TRACK',
    });

    // audio: another track
    const audio = await page.evaluate(() => window.demoPlayer.getAudioTracks());
    expect(audio.length).toBeGreaterThanOrEqual(2);
    const current = await page.evaluate(() => window.demoPlayer.getAudioTrack());
    const other = audio.find((t) => t.id !== current?.id)!;
    await page.evaluate((id) => window.demoPlayer.setAudioTrack(id), other.id);
    await waitFor(frame, `window.__player.getState().stream.audioTrack === ${other.id}`);
    expect(await page.evaluate(() => window.demoPlayer.getAudioTrack())).toEqual(other);
    expect(await settle(page, 'window.demoPlayer.setAudioTrack(99)')).toEqual({
      code: 'UNKNOWN_AUDIO_TRACK',
    });
    const tracks = await page.evaluate(() => window.demoPlayer.getTracks());
    expect(tracks).toMatchObject({ subtitles, audio });

    // the getters of the film's state
    const buffered = await page.evaluate(() => window.demoPlayer.getBuffered());
    expect(buffered.length).toBeGreaterThan(0);
    expect(buffered[0]![1]).toBeGreaterThan(buffered[0]![0]);
    expect(await page.evaluate(() => window.demoPlayer.getEnded())).toBe(false);
    expect(await page.evaluate(() => window.demoPlayer.isAdPlaying())).toBe(false);
    expect(await page.evaluate(() => window.demoPlayer.getDuration())).toBeGreaterThan(20);

    // the subtitles on screen, the rate and the quality as set
    await waitFor(frame, `document.querySelector('video').currentTime > 3`);
    await screenshot(page, 'host-commands-tracks');

    // a seek ahead of the buffer: the film waits for data and goes on
    const duration = await page.evaluate(() => window.demoPlayer.getDuration());
    await page.evaluate((t) => window.demoPlayer.seek(t), Math.floor(duration - 6));
    await waitFor(page, `document.querySelector('#messages li[data-event="bufferingEnd"]')`);
    const events = await heard(page);
    expect(events.indexOf('bufferingStart')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('bufferingStart')).toBeLessThan(events.indexOf('bufferingEnd'));
    expect(events).toContain('durationChange');

    // the end of the film
    await waitFor(page, `document.querySelector('#messages li[data-event="ended"]')`, 30_000);
    expect(await page.evaluate(() => window.demoPlayer.getEnded())).toBe(true);
    expect((await state(frame)).media.ended).toBe(true);
    expect(errors).toEqual([]);
  });

  it('fullscreen and picture-in-picture from the host: as the browser allows, else NOT_ALLOWED', async () => {
    // a player of another origin than the page's, as a real host page has it; the host page's
    // message is no gesture in the player's frame
    const { page, errors } = await openPage(browser());
    const playerOrigin = demoUrl('').replace('127.0.0.1', 'localhost');
    await page.goto(
      demoUrl(
        `/host.html?movie_id=1&auto_play=0&player_origin=${encodeURIComponent(playerOrigin)}`,
      ),
    );
    const frame = await playerFrame(page);
    expect(new URL(frame.url()).origin).toBe(playerOrigin);
    await page.evaluate(() => window.demoPlayer.ready);
    const fullscreen = await settleWithoutGesture(page, 'window.demoPlayer.requestFullscreen()');
    expect(fullscreen).toEqual({ code: 'NOT_ALLOWED' });
    expect(await page.evaluate(() => window.demoPlayer.getFullscreen())).toBe(false);
    const pip = await settleWithoutGesture(page, 'window.demoPlayer.requestPictureInPicture()');
    expect(['NOT_ALLOWED', 'NOT_SUPPORTED']).toContain(pip.code);
    expect(await page.evaluate(() => window.demoPlayer.getPictureInPicture())).toBe(false);
    expect((await state(frame)).viewport).toMatchObject({
      fullscreen: false,
      pictureInPicture: false,
    });
    // the player goes on as it was
    await page.evaluate(() => window.demoPlayer.play());
    await waitFor(frame, `document.querySelector('video').currentTime > 1`);
    expect(errors).toEqual([]);
  });

  it('within a viewer’s gesture in the player, the browser allows it: fullscreen, and back', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=1&auto_play=0'));
    const frame = await playerFrame(page);
    await page.evaluate(() => window.demoPlayer.ready);
    // a gesture in the player's frame (puppeteer's evaluation there is one; a viewer's click in the
    // player is another), still active when the host's request comes
    await frame.evaluate(() => 0);
    expect(await settle(page, 'window.demoPlayer.requestFullscreen()')).toEqual({
      value: { mode: 'fullscreen' },
    });
    await waitFor(frame, `window.__player.getState().viewport.fullscreen`);
    expect(await page.evaluate(() => window.demoPlayer.getFullscreen())).toBe(true);
    await waitFor(page, `document.querySelector('#messages li[data-event="fullscreenChange"]')`);
    await screenshot(page, 'host-commands-fullscreen');
    expect(await settle(page, 'window.demoPlayer.exitFullscreen()')).toEqual({});
    await waitFor(frame, `!window.__player.getState().viewport.fullscreen`);
    expect(errors).toEqual([]);
  });

  it('during a pre-roll: isAdPlaying, and what an advert forbids is refused with AD_PLAYING', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=1&ads=nonskippable'));
    const frame = await playerFrame(page);
    await frame.waitForFunction(() => window.__player!.getState().ads.ad?.status === 'playing', {
      timeout: 20_000,
    });
    expect(await page.evaluate(() => window.demoPlayer.isAdPlaying())).toBe(true);
    for (const run of [
      'window.demoPlayer.seek(5)',
      'window.demoPlayer.setPlaybackRate(2)',
      'window.demoPlayer.loadContent({ movieId: 2 })',
      'window.demoPlayer.requestPictureInPicture()',
    ])
      expect({ run, ...(await settle(page, run)) }).toEqual({ run, code: 'AD_PLAYING' });
    await screenshot(page, 'host-commands-advert');
    // the film after the break, at its start and normal rate, in the same document
    await waitFor(
      page,
      `document.querySelector('#messages li[data-event="adBreakEnded"]')`,
      30_000,
    );
    expect(await page.evaluate(() => window.demoPlayer.isAdPlaying())).toBe(false);
    const media = (await state(frame)).stream;
    expect(media.rate).toBe(1);
    expect((await state(frame)).content.content?.id).toBe(1);
    expect(errors).toEqual([]);
  });

  it('the stretched mode needs no gesture; other content loads in the same frame', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=1&auto_play=0&fullscreen_mode=stretched'));
    const frame = await playerFrame(page);
    await page.evaluate(() => window.demoPlayer.ready);
    expect(await settle(page, 'window.demoPlayer.requestFullscreen()')).toEqual({
      value: { mode: 'stretched' },
    });
    await waitFor(
      page,
      `(() => { const r = document.getElementById('player').getBoundingClientRect();
        return r.width === innerWidth && r.height === innerHeight; })()`,
    );
    expect((await state(frame)).viewport.stretched).toBe(true);
    await screenshot(page, 'host-commands-stretched');
    await page.evaluate(() => window.demoPlayer.exitFullscreen());
    await waitFor(
      page,
      `document.getElementById('player').getBoundingClientRect().width < innerWidth`,
    );

    // other content: the frame loads the player again for it, and the SDK's ready is its
    const frameElement = await page.$('iframe#player');
    await page.evaluate(() => window.demoPlayer.loadContent({ movieId: 2, episodeId: 203 }));
    const ready = await page.evaluate(() => window.demoPlayer.ready.then((info) => info.commands));
    expect(ready).toContain('loadContent');
    expect(await page.$('iframe#player')).not.toBeNull();
    expect(await frameElement!.evaluate((el) => el.isConnected)).toBe(true); // the same frame
    expect(await page.evaluate(() => window.demoPlayer.getEpisode())).toMatchObject({ id: 203 });
    await frame.waitForFunction(() => window.__player?.getState().content.content?.id === 2);
    expect(new URL(frame.url()).searchParams.get('movie_id')).toBe('2');
    // the commands go on: play the new content
    await page.evaluate(() => window.demoPlayer.play());
    await waitFor(frame, `document.querySelector('video').currentTime > 1`);
    await screenshot(page, 'host-commands-loaded');
    expect(await settle(page, 'window.demoPlayer.loadContent({ movieId: -1 })')).toEqual({
      code: 'BAD_ARGUMENT',
    });
    expect(errors).toEqual([]);
  });
});
