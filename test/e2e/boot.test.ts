// The viewer's first second, through the real embed URL and the demo server's faults.
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoServer } from '../../demo/app';
import type { FlightLog } from '../../src/recorder/format';
import { longFilmDir } from '../../tools/longFilm';
import { bootRetrying } from '../../src/state/system';
import {
  ARTIFACTS,
  clearFaults,
  clearFaultsAt,
  demoUrl,
  giveExpiredToken,
  injectFault,
  injectFaultAt,
  messageText,
  openEmbed,
  openPage,
  playerFrame,
  screenshot,
  setDemoCookies,
  useBrowser,
} from './browser';

const UNEXPECTED =
  /^К сожалению, произошла ошибка, попробуйте перезагрузите страницу\. Идентификатор ошибки: ([0-9a-f]{8})$/;
const title = (frame: import('puppeteer-core').Frame) =>
  frame
    .waitForSelector('[data-testid="title-overlay"]')
    .then((el) => el!.evaluate((e) => e.textContent));

describe('boot messages', () => {
  const browser = useBrowser();
  afterEach(clearFaults);

  it.each([
    ['no movie id', '', 'Пропущен movie_id в запросе'],
    ['a movie id that is not an integer', '?movie_id=12abc', 'Пропущен movie_id в запросе'],
    ['an unknown content (404)', '?movie_id=999', 'Контент не доступен'],
    [
      'content blocked in the region',
      '?movie_id=3',
      'Извините, данный контент недоступен в вашей стране. Если вы используете VPN, мы рекомендуем отключить его или сменить страну.',
    ],
    ['content without episodes', '?movie_id=4', 'Отсутсвуют эпизоды для проигрывания'],
  ])('%s', async (_name, query, message) => {
    const { page, errors } = await openPage(browser());
    const frame = await openEmbed(page, query);
    expect(await messageText(frame)).toBe(message);
    // The browser logs each 404 of the catalog; nothing else may go wrong.
    expect(errors.filter((e) => !/Failed to load resource: .* 404/.test(e))).toEqual([]);
  });

  it("shows 'Loading...' until the catalog answers", async () => {
    await injectFault('/catalog-api/contents/1', { type: 'slow', delayMs: 1500 });
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=1');
    expect(await frame.$eval('[aria-busy="true"]', (el) => el.textContent?.trim())).toBe(
      'Loading...',
    );
    await screenshot(page, 'loading-placeholder');
    await title(frame);
    expect(await frame.$('[aria-busy="true"]')).toBeNull();
  });

  // a server error and a dropped connection after the retries (sagas/lib/retryTransient.ts: about 7.5 s)
  it.each([
    ['a server error (500)', '/catalog-api/contents/1', { type: 'status', status: 500 } as const],
    ['malformed JSON', '/catalog-api/episodes', { type: 'malformed' } as const],
    ['a dropped connection', '/catalog-api/contents/1/seasons', { type: 'reset' } as const],
  ])('shows an error id and a reload button for %s', async (_name, path, fault) => {
    await injectFault(path, fault);
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=1');
    expect(await messageText(frame)).toMatch(UNEXPECTED);
  });

  it('gives up on a catalog that hangs, after its timeout and one retry', async () => {
    await injectFault('/catalog-api/episodes', { type: 'hang' });
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=1');
    expect(await messageText(frame, 30_000)).toMatch(UNEXPECTED);
  }, 45_000);

  it('rides out a catalog that answers 503 for 5 s: the film plays, each retry in the flight log', async () => {
    await injectFault('/catalog-api/contents/1', { type: 'status', status: 503, forMs: 5_000 });
    const started = Date.now();
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=1&auto_play=1');
    await frame.waitForFunction(
      () => {
        const { media } = window.__player!.getState();
        return media.currentTime >= 1 && !media.paused;
      },
      { timeout: 30_000 },
    );
    expect(Date.now() - started).toBeGreaterThan(5_000); // not before the catalog came back
    expect(await frame.$('[role="alert"]')).toBeNull();
    const log = JSON.parse(await frame.evaluate(() => window.__player!.exportLog())) as FlightLog;
    const retries = log.entries.flatMap((e) =>
      e.kind === 'put' && bootRetrying.match(e.action) ? [e.action.payload] : [],
    );
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(retries.every((r) => r.call === demoUrl('/catalog-api/contents/1'))).toBe(true);
    expect(retries.map((r) => r.attempt)).toEqual(retries.map((_, i) => i + 2));
    // growing: each wait at least the one before (0.5, 1, 2, 4 s, each within a quarter)
    for (const [i, r] of retries.entries())
      expect(r.waitMs).toBeGreaterThan(i ? retries[i - 1]!.waitMs : 0);
    await screenshot(page, 'boot-catalog-back');
  }, 45_000);

  it('reports the error id it shows, and the reload button reloads into a working player', async () => {
    await fetch(demoUrl('/__test/envelopes'), { method: 'DELETE' });
    // a body of another shape is not asked again (a server error would be: it may do better)
    await injectFault('/catalog-api/contents/1', { type: 'malformed' }, 1);
    const { page } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=1'));
    const frame = await (await page.waitForSelector('iframe#player'))!.contentFrame();
    const id = UNEXPECTED.exec(await messageText(frame))![1];

    type Envelope = {
      items: { header: { type?: string }; payload: { tags?: Record<string, string> } }[];
    };
    let tags: Record<string, string> | undefined;
    for (let i = 0; i < 50 && !tags; i++) {
      const envelopes = (await (await fetch(demoUrl('/__test/envelopes'))).json()) as Envelope[];
      tags = envelopes.flatMap((e) => e.items).find((item) => item.header.type === 'event')
        ?.payload.tags;
      if (!tags) await new Promise((r) => setTimeout(r, 100));
    }
    expect(tags).toMatchObject({ error_id: id });
    await screenshot(page, 'boot-unexpected-error');

    await frame.click('[role="alert"] button'); // 'Перезагрузить страницу'; the fault was for one request only
    await frame.waitForFunction(() => window.__player?.getState().system.boot === 'ready', {
      timeout: 20_000,
    });
    expect(await frame.$('[role="alert"]')).toBeNull();
  });

  it('shows the address of a master JSON that fails to load', async () => {
    await injectFault('/media/film.json', { type: 'status', status: 500 });
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=1');
    expect(await messageText(frame)).toBe(`Ошибка в загрузке: ${demoUrl('/media/film.json')}`);
  });
});

describe('boot through the query parameters', () => {
  const browser = useBrowser();

  it('movie_id and auto_play: the film starts by itself and its title shows within a second of loading', async () => {
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=1&auto_play=1');
    expect(await title(frame)).toBe('Демонстрационный фильм');
    // Element Timing: when the browser painted the title, relative to the navigation start.
    const titleAt = await frame.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((list) => {
            const entry = list
              .getEntries()
              .find(
                (e) => (e as PerformanceEntry & { identifier?: string }).identifier === 'title',
              );
            if (entry) resolve((entry as PerformanceEntry & { renderTime: number }).renderTime);
          }).observe({ type: 'element', buffered: true }),
        ),
    );
    await frame.waitForFunction(() => document.querySelector('video')!.currentTime > 0.5, {
      timeout: 20_000,
    });
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'boot-timing.json'), JSON.stringify({ titleVisibleMs: titleAt }));
    console.log(`Title painted ${titleAt.toFixed(0)} ms after navigation start`);
  });

  it('without auto_play the player waits for the viewer', async () => {
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=1');
    await title(frame);
    await frame.waitForFunction(() => window.__player!.getState().stream.engine === 'hls.js');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await frame.evaluate(() => document.querySelector('video')!.paused)).toBe(true);
    await frame.click('button[aria-label="Смотреть"]');
    await frame.waitForFunction(() => !document.querySelector('video')!.paused, {
      timeout: 20_000,
    });
  });

  it.each([
    [
      'episode_id',
      '?movie_id=2&episode_id=204',
      'Демонстрационный сериал2 сезон, 1 серия · Возвращение',
    ],
    [
      'season and episode',
      '?movie_id=2&season=2&episode=2',
      'Демонстрационный сериал2 сезон, 2 серия · Финал',
    ],
    [
      'season alone (episode 1)',
      '?movie_id=2&season=2',
      'Демонстрационный сериал2 сезон, 1 серия · Возвращение',
    ],
    [
      'none: the first episode not completed',
      '?movie_id=2',
      'Демонстрационный сериал1 сезон, 2 серия · Встреча',
    ],
  ])('chooses the episode by %s', async (_name, query, text) => {
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, query);
    expect(await title(frame)).toBe(text);
  });

  it('t starts the film at the time code, without the continue prompt', async () => {
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=2&episode_id=202&t=15&auto_play=1');
    await frame.waitForFunction(() => document.querySelector('video')!.currentTime >= 15.5, {
      timeout: 20_000,
    });
    expect(await frame.$('[role="dialog"]')).toBeNull();
  });

  it('asks where to continue when there is a saved time, and continues from it', async () => {
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=2&auto_play=1');
    const prompt = await frame.waitForSelector('[role="dialog"]');
    expect(await prompt!.evaluate((el) => el.querySelector('p')!.textContent)).toBe(
      'Вы остановились на 0:00:08',
    );
    await screenshot(page, 'continue-prompt');
    expect(await frame.evaluate(() => document.querySelector('video')!.paused)).toBe(true); // no autoplay over a question
    await frame.click('[role="dialog"] button:first-of-type'); // 'Продолжить просмотр'
    await frame.waitForFunction(() => document.querySelector('video')!.currentTime > 8.5, {
      timeout: 20_000,
    });
    expect(await frame.$('[role="dialog"]')).toBeNull();
  });

  it('starts over from the beginning when asked', async () => {
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=2');
    await frame.waitForSelector('[role="dialog"]');
    const [, startOver] = await frame.$$('[role="dialog"] button');
    expect(await startOver!.evaluate((b) => b.textContent)).toBe('Начать сначала');
    await startOver!.click();
    await frame.waitForFunction(() => !document.querySelector('video')!.paused, {
      timeout: 20_000,
    });
    expect(await frame.evaluate(() => document.querySelector('video')!.currentTime)).toBeLessThan(
      5,
    );
  });

  it('disable_checking_available plays content that the region check would block', async () => {
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=3&disable_checking_available=1');
    expect(await title(frame)).toBe('Фильм, закрытый в вашем регионе');
  });

  it('reads the remaining parameters into the recorded configuration, the user id kept out of the log', async () => {
    const { page } = await openPage(browser());
    const frame = await openEmbed(
      page,
      '?movie_id=1&episode_time=77&disabled_share=1&advert=1&user_id=viewer-123456&lang_order=en,ru',
    );
    await title(frame);
    const log = JSON.parse(await frame.evaluate(() => window.__player!.exportLog())) as {
      header: { config: Record<string, unknown> };
    };
    expect(log.header.config).toMatchObject({
      episodeTime: '77',
      disabledShare: true,
      advert: true,
      userId: '<user-1>',
      langOrder: ['en', 'ru'],
    });
    expect(JSON.stringify(log)).not.toContain('viewer-123456');
  });

  it('ignores malformed cookies and a saved position past the end: the prompt, the pre-roll and the film', async () => {
    const { page, errors } = await openPage(browser());
    // as a viewer's browser was found holding them
    await setDemoCookies(page, { access_token: '%E0%A4%A', device_fp: '%E0%A4%A' });
    await page.evaluateOnNewDocument(() => {
      if (window.parent === window) return; // the player's frame, on the same origin, reads it
      localStorage.setItem('episodesTimeProgress', '{"202": 1e308}');
    });
    await page.goto(demoUrl('/host.html?movie_id=2&ads=nonskippable'));
    const frame = await playerFrame(page);
    const prompt = await frame.waitForSelector('[role="dialog"]', { timeout: 20_000 });
    // the server's saved time, not the one past the episode's end
    expect(await prompt!.evaluate((el) => el.querySelector('p')!.textContent)).toBe(
      'Вы остановились на 0:00:08',
    );
    await frame.click('[role="dialog"] button:first-of-type');
    await frame.waitForFunction(() => window.__player!.getState().ads.ad?.status === 'playing', {
      timeout: 20_000,
    });
    await frame.waitForFunction(
      () =>
        window.__player!.getState().ads.activeBreak === null &&
        document.querySelector('video')!.currentTime > 8.5,
      { timeout: 30_000 },
    );
    const state = await frame.evaluate(() => window.__player!.getState());
    expect(state.system.crashes).toEqual([]);
    expect(state.ads.history[0]).toMatchObject({ status: 'completed' });
    expect(await frame.$('[role="alert"]')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('refreshes an expired token once before loading the catalog with it', async () => {
    await fetch(demoUrl('/__test/requests'), { method: 'DELETE' });
    const { page } = await openPage(browser());
    await giveExpiredToken(page);
    const frame = await openEmbed(page, '?movie_id=1');
    expect(await title(frame)).toBe('Демонстрационный фильм');
    const requests = (await (await fetch(demoUrl('/__test/requests'))).json()) as {
      method: string;
      path: string;
    }[];
    expect(requests.filter((r) => r.path === '/authenticator/authentication/refresh')).toHaveLength(
      1,
    );
    expect(await frame.evaluate(() => window.__player!.getState().auth)).toEqual({
      status: 'idle',
      refreshes: 1,
    });
  });
});

describe('the start', () => {
  const browser = useBrowser();

  it('asks for the catalog, the master JSON and the manifest once each, the interface after the first frame', async () => {
    await fetch(demoUrl('/__test/requests'), { method: 'DELETE' });
    const { page, errors } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=1&auto_play=1');
    await frame.waitForFunction(() => window.__player!.getState().media.started, {
      timeout: 20_000,
    });
    await frame.waitForSelector('[data-testid="control-bar"]');
    const requests = (await (await fetch(demoUrl('/__test/requests'))).json()) as {
      path: string;
    }[];
    const count = (path: string) => requests.filter((r) => r.path === path).length;
    for (const path of [
      '/catalog-api/contents/1',
      '/catalog-api/contents/1/seasons',
      '/catalog-api/episodes?content-id=1',
      '/catalog-api/contents/1/available?domain=127.0.0.1',
      '/media/film.json',
      '/media/hls/master.m3u8',
    ])
      expect([path, count(path)]).toEqual([path, 1]);
    // the interface's bundle was fetched once the film played, not on the way to it
    const order = requests.map((r) => r.path);
    const view = order.findIndex((p) => /^\/view\.[\w]+\.js$/.test(p));
    const firstSegment = order.findIndex((p) => /seg0\.m4s$/.test(p));
    expect(firstSegment).toBeGreaterThanOrEqual(0);
    expect(view).toBeGreaterThan(firstSegment);
    // a clear film's hls.js has no EME: the protected films' build is never asked for
    expect(order.filter((p) => /^\/hls(Protected)?\.[\w]+\.js$/.test(p))).toEqual([
      expect.stringMatching(/^\/hls\.[\w]+\.js$/),
    ]);
    // a film without adverts never downloads the ad engine (docs/startup.md)
    expect(order.filter((p) => /^\/adEngine\./.test(p))).toEqual([]);
    // nor a film in fragmented MP4 the demuxers of MPEG-TS (src/stream/lateDemuxers.ts)
    expect(order.filter((p) => /^\/hlsDemuxers\./.test(p))).toEqual([]);
    // what hls.js loads first was asked for by the page's first script, once, and hls.js took it
    // (src/stream/firstLoads.ts): the lowest level, its default audio, their first segments
    const first = FIRST_LOADS;
    for (const path of first) expect([path, count(path)]).toEqual([path, 1]);
    expect((await earlyFetched(frame, first)).sort()).toEqual(first);
    expect(errors).toEqual([]);
    await screenshot(page, 'start-autoplay');
  });

  it('a saved position elsewhere: the film starts there, nothing asked twice, only the first guess fetched early', async () => {
    await fetch(demoUrl('/__test/requests'), { method: 'DELETE' });
    const { page, errors } = await openPage(browser());
    const frame = await openEmbed(page, '?movie_id=2');
    await frame.waitForSelector('[role="dialog"]', { timeout: 20_000 });
    expect(
      await frame.$eval('[role="dialog"] p', (p) => p.textContent), // the server's saved time
    ).toBe('Вы остановились на 0:00:08');
    await frame.click('[role="dialog"] button:first-of-type');
    await frame.waitForFunction(
      () => !document.querySelector('video')!.paused && window.__player!.getState().media.started,
      { timeout: 20_000 },
    );
    expect(
      await frame.evaluate(() => document.querySelector('video')!.currentTime),
    ).toBeGreaterThanOrEqual(8);
    const requests = (await (await fetch(demoUrl('/__test/requests'))).json()) as {
      path: string;
    }[];
    const media = requests.map((r) => r.path).filter((p) => /\.(m3u8|m4s|mp4|ts)$/.test(p));
    const twice = media.filter((p, i) => media.indexOf(p) !== i);
    expect(twice).toEqual([]); // an early load is taken by hls.js or dropped, never asked again
    // the early start's guess: the first level's and its audio's init and first segments, no more
    const earlySegments = (await earlyFetched(frame, media)).filter((p) => !p.endsWith('.m3u8'));
    expect(earlySegments.sort()).toEqual([
      '/media/hls/240p/init_0.mp4',
      '/media/hls/240p/seg0.m4s',
      '/media/hls/audio_ru/init_6.mp4',
      '/media/hls/audio_ru/seg0.m4s',
    ]);
    expect(errors).toEqual([]);
  });

  it('a viewer back at the film: its first loads go out beside the catalog, on last time’s manifest, each once', async () => {
    const { page, errors } = await openPage(browser());
    const started = (frame: import('puppeteer-core').Frame) =>
      frame.waitForFunction(() => window.__player!.getState().media.started, { timeout: 20_000 });
    await started(await openEmbed(page, '?movie_id=1&auto_play=1'));
    // the next visit, in the same browser
    await fetch(demoUrl('/__test/requests'), { method: 'DELETE' });
    const frame = await openEmbed(page, '?movie_id=1&auto_play=1');
    await started(frame);
    const order = ((await (await fetch(demoUrl('/__test/requests'))).json()) as { path: string }[])
      .map((r) => r.path)
      .filter((p) => !/\.(js|css|jpg|png)$/.test(p));
    // the manifest went out before the episodes' answer could name it (the master JSON is asked
    // for only with that answer in hand)
    expect(order.indexOf('/media/hls/master.m3u8')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('/media/hls/master.m3u8')).toBeLessThan(order.indexOf('/media/film.json'));
    const first = FIRST_LOADS;
    for (const path of ['/media/hls/master.m3u8', '/media/film.json', ...first])
      expect([path, order.filter((p) => p === path).length]).toEqual([path, 1]);
    // fetched by the page's first script, and taken by hls.js rather than asked again
    expect((await earlyFetched(frame, first)).sort()).toEqual(first);
    expect(errors).toEqual([]);
  });

  it('a film whose first frame comes after 0 starts from that frame: no seek over the gap, no standing still', async () => {
    // the MPEG-TS film's video begins 0.046 s after its sound, as ffmpeg's streams do
    const server = await startDemoServer(0, {
      defaultAdList: [],
      mounts: { '/media/long': longFilmDir() },
    });
    const { page, errors } = await openPage(browser());
    try {
      await page.evaluateOnNewDocument(() => {
        const seen: [string, number, number][] = [];
        Object.assign(window, { videoEvents: seen });
        for (const type of ['play', 'seeking', 'playing'])
          document.addEventListener(
            type,
            (e) => {
              const v = e.target;
              if (v instanceof HTMLVideoElement && v.id === 'video')
                seen.push([type, v.readyState, v.currentTime]);
            },
            true,
          );
      });
      await page.goto(`${server.url}/index.html?movie_id=5&auto_play=1`);
      const frame = page.mainFrame();
      await frame.waitForFunction(() => document.querySelector('video')!.currentTime > 1, {
        timeout: 20_000,
      });
      const events = await frame.evaluate(
        () => (window as unknown as { videoEvents: [string, number, number][] }).videoEvents,
      );
      const firstPlaying = events.findIndex(([type]) => type === 'playing');
      expect(firstPlaying).toBeGreaterThan(0);
      // nothing skipped: the picture moved on from the film's first frame, without a seek
      expect(events.slice(0, firstPlaying).map(([type]) => type)).not.toContain('seeking');
      expect(events[firstPlaying]![2]).toBeLessThan(0.1);
      // the play was asked of an element that could play (readyState 3 or 4), so it never stood
      // at 0 with the film buffered, where hls.js would have jumped the gap
      const [type, readyState] = events[0]!;
      expect(type).toBe('play');
      expect(readyState).toBeGreaterThanOrEqual(3);
      expect(errors).toEqual([]);
      // MPEG-TS needs hls.js's demuxers, a bundle of their own: asked for once
      expect(demuxerRequests(await pathsRequested(server.url))).toHaveLength(1);
    } finally {
      await page.browserContext().close();
      await server.close();
    }
  });
});

/** The paths a demo server of a test's own was asked for, in order. */
const pathsRequested = async (serverUrl: string) =>
  ((await (await fetch(`${serverUrl}/__test/requests`)).json()) as { path: string }[]).map(
    (r) => r.path,
  );

/** Requests of hls.js's MPEG-TS demuxers' bundle (src/stream/lateDemuxers.ts). */
const demuxerRequests = (paths: string[]) => paths.filter((p) => /^\/hlsDemuxers\./.test(p));

/**
 * The long MPEG-TS film as some packagers write it: its playlist names an init section (EXT-X-MAP,
 * legal for MPEG-TS too), its segments' first three packets (SDT, PAT, PMT).
 */
function tsFilmWithInitSection(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ts-map-'));
  const film = join(longFilmDir(), 'film');
  symlinkSync(film, join(dir, 'film'));
  mkdirSync(join(dir, 'mapped'));
  const init = Buffer.alloc(3 * 188);
  const seg0 = openSync(join(film, 'seg0.ts'), 'r');
  readSync(seg0, init, 0, init.length, 0);
  closeSync(seg0);
  writeFileSync(join(dir, 'mapped', 'init.ts'), init);
  const playlist = readFileSync(join(film, 'index.m3u8'), 'utf8')
    .replace('#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-MAP:URI="init.ts"')
    .replace(/^seg/gm, '../film/seg');
  writeFileSync(join(dir, 'mapped', 'index.m3u8'), playlist);
  const master = readFileSync(join(longFilmDir(), 'master.m3u8'), 'utf8');
  writeFileSync(join(dir, 'master.m3u8'), master.replace('film/index.m3u8', 'mapped/index.m3u8'));
  return dir;
}

describe('an MPEG-TS film', () => {
  const browser = useBrowser();

  it('whose playlist names an init section (EXT-X-MAP) plays: its demuxers come with that section', async () => {
    const server = await startDemoServer(0, {
      defaultAdList: [],
      mounts: { '/media/long': tsFilmWithInitSection() },
    });
    const { page, errors } = await openPage(browser());
    try {
      await page.goto(`${server.url}/index.html?movie_id=5&auto_play=1`);
      const frame = page.mainFrame();
      await frame.waitForFunction(() => document.querySelector('video')!.currentTime > 1, {
        timeout: 20_000,
      });
      await screenshot(page, 'mpegts-init-section');
      const paths = await pathsRequested(server.url);
      expect(paths).toContain('/media/long/mapped/init.ts');
      expect(demuxerRequests(paths)).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await page.browserContext().close();
      await server.close();
    }
  });

  it('whose demuxers cannot be had: the message at once, and its reload plays the film once they can', async () => {
    const server = await startDemoServer(0, {
      defaultAdList: [],
      mounts: { '/media/long': longFilmDir() },
    });
    const { page, errors } = await openPage(browser());
    try {
      // the demuxers' bundle gets a 503 until the fault is cleared (src/stream/lateDemuxers.ts):
      // every ask fails, the early start's and the engine's, however they meet (Chromium fetches
      // a failed import anew, so a single 503 could be missed by the engine's later ask)
      await injectFaultAt(server.url, {
        path: '/hlsDemuxers.*',
        fault: { type: 'status', status: 503 },
      });
      const asked = Date.now();
      await page.goto(`${server.url}/index.html?movie_id=5&auto_play=1`);
      const frame = page.mainFrame();
      expect(await messageText(frame)).toMatch(UNEXPECTED);
      // told, not retried for the half minute a failing host gets: the page cannot load it again
      expect(Date.now() - asked).toBeLessThan(15_000);
      await screenshot(page, 'mpegts-demuxers-missing');
      await clearFaultsAt(server.url);
      await frame.click('[role="alert"] button'); // 'Перезагрузить страницу'
      await page.waitForFunction(() => document.querySelector('video')!.currentTime > 1, {
        timeout: 20_000,
      });
      expect(errors.filter((e) => !/status of 503/.test(e))).toEqual([]);
    } finally {
      await page.browserContext().close();
      await server.close();
    }
  });
});

/** What hls.js loads first of the demo film: the lowest level, its default audio, their first segments. */
const FIRST_LOADS = [
  '/media/hls/240p/index.m3u8',
  '/media/hls/240p/init_0.mp4',
  '/media/hls/240p/seg0.m4s',
  '/media/hls/audio_ru/index.m3u8',
  '/media/hls/audio_ru/init_6.mp4',
  '/media/hls/audio_ru/seg0.m4s',
];

/** Which of these the page fetched itself (its early start) rather than hls.js's requests. */
function earlyFetched(frame: import('puppeteer-core').Frame, paths: string[]) {
  return frame.evaluate(
    (wanted) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'fetch')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => wanted.includes(p)),
    paths,
  );
}

describe('an interface whose bundle cannot be had', () => {
  const browser = useBrowser();

  it("leaves the film playing under the browser's own controls", async () => {
    const server = await startDemoServer(0, { defaultAdList: [] });
    const { page, errors } = await openPage(browser());
    try {
      // the interface's bundle gets a 503, once: the page cannot load it again (a failed import
      // stays failed for the page), so the viewer keeps the film and the browser's controls
      await injectFaultAt(server.url, {
        path: '/view.*',
        fault: { type: 'status', status: 503 },
        times: 1,
      });
      await page.goto(`${server.url}/index.html?movie_id=1&auto_play=1`);
      const frame = page.mainFrame();
      await frame.waitForFunction(
        () => {
          const video = document.querySelector('video')!;
          return video.controls && video.currentTime > 1;
        },
        { timeout: 20_000 },
      );
      expect(await frame.$('[data-testid="control-bar"]')).toBeNull();
      expect(await frame.$('[data-early]')).toBeNull(); // no placeholder over the film
      // the viewer's click reaches the browser's controls: the film pauses, and the player knows
      await page.mouse.move(640, 360);
      await page.mouse.click(640, 360);
      await frame.waitForFunction(() => window.__player!.getState().media.paused, {
        timeout: 5_000,
      });
      await screenshot(page, 'interface-missing');
      // the one page error is the report of the interface's failed load
      expect(errors.filter((e) => !/status of 503/.test(e))).toEqual([
        expect.stringMatching(/^pageerror: .*view\./),
      ]);
    } finally {
      await page.browserContext().close();
      await server.close();
    }
  });
});
