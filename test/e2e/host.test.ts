// The host page's side: the demo host page drives the player through the host SDK (embed.js), a
// page on another origin is not heard, and the standard player.js client controls the player.
import { join } from 'node:path';
import type { Frame, Page } from 'puppeteer-core';
import { demoUrl, openPage, playerFrame, screenshot, useBrowser } from './browser';

const waitFor = (frame: Frame | Page, predicate: string, timeout = 20_000) =>
  frame.waitForFunction(predicate, { timeout, polling: 50 });
const videoTime = (frame: Frame) =>
  frame.evaluate(() => document.querySelector('video')!.currentTime);
const PLAYERJS = join(
  __dirname,
  '..',
  '..',
  'node_modules',
  'player.js',
  'dist',
  'player-0.1.0.js',
);

/** SPEC.md section 7: the payload fields of every analytics event. */
const SPEC_FIELDS = [
  'video_id',
  'video_title',
  'duration',
  'player_type',
  'video_category',
  'video_thumbnail',
  'kinopoisk_raiting',
  'kinopoisk_id',
  'IMDb_raiting',
  'year',
  'countries',
  'current_time',
  'playback_rate',
  'real_time_played_sec',
  'video_time_played_sec',
  'video_quality',
  'season',
  'episode',
  'language',
  'device_type',
  'user_id',
  'IMDb_id',
  'isTrailer',
  'ad_id',
  'ad_type',
  'ad_duration_sec',
  'ad_position_perc',
  'ad_position',
];

/**
 * A page with a bare iframe of the player (no SDK), for clients of the protocols; with the player.js
 * client loaded first and attached to the frame as it is added, as a host page does.
 */
async function bareEmbed(page: Page, hostUrl: string, playerQuery: string, withPlayerjs = false) {
  await page.goto(hostUrl);
  if (withPlayerjs) await page.addScriptTag({ path: PLAYERJS });
  await page.evaluate(
    (src) => {
      document.body.innerHTML = '';
      const iframe = document.createElement('iframe');
      iframe.id = 'player';
      iframe.allow = 'autoplay';
      iframe.style.cssText = 'width:640px;height:360px;border:0';
      iframe.src = src;
      document.body.append(iframe);
      if (window.playerjs) {
        // as the client's README does: a player for the frame, and its ready listener, at once
        const player = new window.playerjs.Player(iframe);
        window.pjPlayer = player;
        window.pjReady = new Promise((resolve) => player.on('ready', resolve));
      }
    },
    demoUrl(`/index.html${playerQuery}`),
  );
  return playerFrame(page);
}

describe('the host SDK on the demo host page', () => {
  const browser = useBrowser();

  it('plays, pauses, seeks and selects an episode through the SDK, and hears the events in order', async () => {
    const { page, errors } = await openPage(browser());
    // the page's own statistics function, which the SDK hands the player's analytics events
    await page.evaluateOnNewDocument(() => {
      if (window.parent !== window) return;
      window.statsCalls = [];
      window.videoplayerStatistics = (event, payload) => window.statsCalls.push({ event, payload });
    });
    await page.goto(demoUrl('/host.html?movie_id=2&episode_id=203&auto_play=0'));
    const frame = await playerFrame(page);
    const ready = await page.evaluate(() => window.demoPlayer.ready);
    expect(ready.commands).toEqual(expect.arrayContaining(['play', 'seek', 'selectEpisode']));
    expect(await page.evaluate(() => window.demoPlayer.getEpisode())).toMatchObject({ id: 203 });

    await page.evaluate(() => window.demoPlayer.play());
    await waitFor(frame, `document.querySelector('video').currentTime > 1.5`);
    await page.evaluate(() => window.demoPlayer.pause());
    await waitFor(frame, `document.querySelector('video').paused`);
    // the stream's start seeks too: wait for one more seeked than there was
    const seekedSoFar = `document.querySelectorAll('#messages li[data-event="seeked"]').length`;
    const before = (await page.evaluate(seekedSoFar)) as number;
    await page.evaluate(() => window.demoPlayer.seek(8));
    await waitFor(page, `${seekedSoFar} > ${before}`);
    expect(await page.evaluate(() => window.demoPlayer.getPaused())).toBe(true);
    expect(await page.evaluate(() => window.demoPlayer.getCurrentTime())).toBeCloseTo(8, 0);

    await page.evaluate(() => window.demoPlayer.selectEpisode(204));
    await waitFor(
      page,
      `[...document.querySelectorAll('#messages li')].some(
      (li) => li.dataset.event === 'episodeChanged' && li.textContent.includes('"id":204'))`,
    );
    expect(await page.evaluate(() => window.demoPlayer.getEpisode())).toMatchObject({ id: 204 });
    const refused = await page.evaluate(() =>
      window.demoPlayer.selectEpisode(999).then(
        () => 'accepted',
        (error: { code: string }) => error.code,
      ),
    );
    expect(refused).toBe('UNKNOWN_EPISODE');

    const heard = await page.$$eval('#messages li', (items) =>
      items.map((li) => li.getAttribute('data-event')),
    );
    // each in turn, after the one before (the stream's own start also seeks)
    const order = ['ready', 'play', 'pause', 'seeking', 'seeked', 'episodeChanged'];
    let from = 0;
    for (const event of order) {
      const at = heard.indexOf(event, from);
      expect({ event, found: at >= 0 }).toEqual({ event, found: true });
      from = at + 1;
    }
    expect(heard).toContain('timeupdate'); // the SDK shook hands: the host hears the clock

    // SPEC.md section 7: the analytics events reached the page's statistics function, with every field
    const stats = await page.evaluate(() => window.statsCalls);
    const play = stats.find((s) => s.event === 'videoplayer_play');
    expect(play?.payload).toMatchObject({ first_playback: 1, video_id: 2, device_type: 'desktop' });
    for (const field of SPEC_FIELDS) expect(Object.keys(play?.payload ?? {})).toContain(field);
    expect(stats.map((s) => s.event)).toEqual(
      expect.arrayContaining(['videoplayer_pause', 'videoplayer_seek']),
    );
    await screenshot(page, 'host-sdk');
    expect(errors).toEqual([]);
  });

  it('ignores a page of another origin than the one allowed, and keeps playing', async () => {
    const { page, errors } = await openPage(browser());
    // the host page is on "localhost"; the player allows only its own origin
    const allowed = demoUrl('');
    const frame = await bareEmbed(
      page,
      demoUrl('/advertiser.html').replace('127.0.0.1', 'localhost'),
      `?movie_id=1&auto_play=1&origin=${encodeURIComponent(allowed)}`,
    );
    await waitFor(frame, `document.querySelector('video').currentTime > 1`);
    await page.evaluate((target) => {
      const player = (document.getElementById('player') as HTMLIFrameElement).contentWindow!;
      player.postMessage({ protocol: 'kino-player', command: 'pause', requestId: 1 }, target);
    }, allowed);
    await frame.waitForFunction(() => window.__player!.getState().bridge.ignored >= 1);
    const { ignored } = await frame.evaluate(() => window.__player!.getState().bridge);
    expect(ignored).toBeGreaterThanOrEqual(1);
    const before = await videoTime(frame);
    await waitFor(frame, `document.querySelector('video').currentTime > ${before + 0.5}`);
    expect(errors).toEqual([]);
  });

  it('a hostile host page: garbage, prototype keys, huge payloads and a flood change nothing, and the film plays on', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=1&auto_play=1'));
    const frame = await playerFrame(page);
    await waitFor(frame, `document.querySelector('video').currentTime > 1`);
    const sent = await page.evaluate(() => {
      const player = (document.getElementById('player') as HTMLIFrameElement).contentWindow!;
      const hostile: unknown[] = [
        'garbage',
        '{"broken json',
        null,
        42,
        [1, 2, 3],
        JSON.parse(
          '{"__proto__": {"polluted": true}, "protocol": "kino-player", "command": "nosuch"}',
        ),
        { protocol: 'kino-player', command: 'constructor', requestId: 1 },
        { protocol: 'kino-player', command: 'seek', args: { time: 'NaN' }, requestId: 2 },
        { protocol: 'kino-player', command: 'setVolume', args: { volume: 1e308 }, requestId: 3 },
        { protocol: 'kino-player', command: 'pause', requestId: 'x'.repeat(50_000) },
        { huge: 'x'.repeat(2_000_000) },
      ];
      for (const message of hostile) player.postMessage(message, '*');
      // a flood: far more than the player reads in a second
      for (let i = 0; i < 20_000; i++) player.postMessage({ protocol: 'kino-player', n: i }, '*');
      return hostile.length + 20_000;
    });
    await frame.waitForFunction(() => window.__player!.getState().bridge.ignored > 0);
    const before = await videoTime(frame);
    await waitFor(frame, `document.querySelector('video').currentTime > ${before + 1}`);
    const state = await frame.evaluate(() => ({
      paused: window.__player!.getState().media.paused,
      volume: window.__player!.getState().media.volume,
      polluted: ({} as Record<string, unknown>).polluted ?? null,
      entries: window.__player!.recorderStats().entries,
    }));
    expect(state).toMatchObject({ paused: false, volume: 1, polluted: null });
    // the flood did not flood the flight log: the session's history is still in it
    expect(state.entries).toBeLessThan(sent / 4);
    expect(errors).toEqual([]);
    await screenshot(page, 'host-hostile');
  });

  it('the standard player.js client controls the player', async () => {
    const { page, errors } = await openPage(browser());
    const frame = await bareEmbed(
      page,
      demoUrl('/advertiser.html'),
      '?movie_id=1&auto_play=0',
      true,
    );
    const heard = await page.evaluate(async () => {
      await window.pjReady;
      const player = window.pjPlayer;
      const events: string[] = [];
      player.on('pause', () => events.push('pause'));
      await new Promise<void>((resolve) => {
        player.on('play', () => {
          events.push('play');
          resolve();
        });
        player.play();
      });
      player.setVolume(30);
      // asked at once: the answer has the volume just set
      const ask = (method: string) =>
        new Promise<number>((resolve) => player[method]((value: number) => resolve(value)));
      const volume = await ask('getVolume');
      const duration = await ask('getDuration');
      player.pause();
      return { events, duration, volume };
    });
    expect(heard.events[0]).toBe('play');
    expect(heard.volume).toBe(30);
    expect(heard.duration).toBeGreaterThan(20);
    await waitFor(frame, `document.querySelector('video').paused`);
    expect(await frame.evaluate(() => document.querySelector('video')!.volume)).toBeCloseTo(0.3);
    expect(errors).toEqual([]);
  });
});

declare global {
  interface Window {
    demoPlayer: import('../../src/sdk/index').KinoPlayer;
    statsCalls: { event: string; payload: Record<string, unknown> }[];
    videoplayerStatistics: (event: string, payload: Record<string, unknown>) => void;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    pjPlayer: any;
    pjReady: Promise<unknown>;
    playerjs: {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      Player: new (element: Element | null) => any;
    };
  }
}
