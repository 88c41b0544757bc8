// The player in every engine viewers have: Chromium, Firefox and WebKit (Safari's), each test's body
// the same in all three (driver.ts). The film and its adverts, the menus, the keyboard, the continue
// prompt, the host page's SDK, faults; every session's flight log replays in Node.
import { SUBTITLE_STYLE_PAGES } from '../../../src/state/subtitleStylePages';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDemoServer, type DemoServer } from '../../../demo/app';
import { longFilmDir } from '../../../tools/longFilm';
import { startMediaHost, type MediaHost } from '../../../demo/mediaHost';
import { ARTIFACTS, clearFaults, demoUrl, injectFault } from '../browser';
import { AXE_AUDIT, describeViolations, type Violation } from '../axe';
import {
  answerWithin,
  EngineHang,
  type Doc,
  type Engine,
  type EngineName,
  type Session,
} from './driver';
import { ENGINES, expectSoundSession, startEngine } from './engines';

/** the content's video plays past `t` s, no break running */
const filmPlaying = (t: number) => `(() => {
  const s = window.__player.getState();
  const v = document.getElementById('video');
  return s.ads.activeBreak === null && !v.paused && v.currentTime > ${t};
})()`;

/** The player's state and its video's, as a failed test tells them. */
const VIEWER_SAW = `(() => {
  const v = document.getElementById('video');
  const s = window.__player && window.__player.getState();
  const ranges = [];
  for (let i = 0; v && i < v.buffered.length; i++) ranges.push(v.buffered.start(i).toFixed(1) + '-' + v.buffered.end(i).toFixed(1));
  const alert = document.querySelector('[role="alert"]');
  return JSON.stringify({
    video: v && { currentTime: v.currentTime, paused: v.paused, seeking: v.seeking, readyState: v.readyState, muted: v.muted, buffered: ranges, error: v.error && v.error.code },
    player: s && { health: s.streamHealth.phase, reason: s.streamHealth.reason, paused: s.media.paused, autoplayBlocked: s.media.autoplayBlocked, resume: s.resume, activeBreak: s.ads.activeBreak },
    alert: alert && alert.textContent,
  });
})()`;

/** frames the engine has decoded for a video element, by the standard API or the engine's own */
const decodedFrames = (id: string) => `(() => {
  const v = document.getElementById('${id}');
  const quality = v.getVideoPlaybackQuality && v.getVideoPlaybackQuality();
  return (quality && quality.totalVideoFrames) || v.webkitDecodedFrameCount || v.mozDecodedFrames || 0;
})()`;

/** The player's document: the page, or the host page's frame it is in. */
async function playerDoc(session: Session): Promise<Doc> {
  const inFrame = await session.page.eval<boolean>(`!!document.querySelector('iframe#player')`);
  return inFrame ? session.frame('iframe#player') : session.page;
}

/** How long a failed test waits for a frozen page to tell what it showed, or to be kept. */
const FROZEN_PAGE_LIMIT_MS = 10_000;

/** The page's answer, or a failure once a frozen page has not given it in time. */
const unlessFrozen = <T>(answer: Promise<T>) =>
  answerWithin(
    answer,
    FROZEN_PAGE_LIMIT_MS,
    () => new Error(`no answer in ${FROZEN_PAGE_LIMIT_MS / 1000} s`),
  );

/**
 * The session's player's flight log (in the page or its frame), saved under test/artifacts/. A hung
 * engine answers nothing: then a note says so, so that the hang is not taken for a player's.
 */
async function keepLastLog(session: Session, name: string, hang?: Error) {
  if (hang) {
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(
      join(ARTIFACTS, `${name}.hang.txt`),
      `${hang.message}\nThe flight log, if the engine still gave it, is ${name}.flight.json beside this.\n`,
    );
  }
  try {
    const log = await unlessFrozen(
      playerDoc(session).then((player) =>
        player.eval<string | null>(`window.__player ? window.__player.exportLog() : null`),
      ),
    );
    if (log) {
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(join(ARTIFACTS, `${name}.flight.json`), log);
    }
  } catch {
    // a session that broke down has nothing to give
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const state = <T>(player: Doc, path: string) =>
  player.eval<T>(`window.__player.getState().${path}`);

/**
 * Without MediaSource, as on an iPhone: hls.js through ManagedMediaSource where the engine has it
 * (WebKit), else the <video> element's own HLS where it plays .m3u8 (Chromium); Firefox has neither.
 */
const WITHOUT_MSE: Record<EngineName, { init: string; engine: 'hls.js' | 'native' | null }> = {
  chromium: { init: 'no-mse,no-mms', engine: 'native' },
  firefox: { init: 'no-mse', engine: null },
  webkit: { init: 'no-mse', engine: 'hls.js' },
};

/** a phone held upright: the player's narrow layout, its menus sheets over the player */
const PHONE = { width: 390, height: 844 };

// a slow engine (WebKit on a software display) meets the tests' own limits first, which say what
const TEST_LIMIT_MS = 120_000;
jest.setTimeout(TEST_LIMIT_MS);

describe.each(ENGINES)('in %s', (name: EngineName) => {
  let engine: Engine;
  const sessions: Session[] = [];
  const open = async (size?: { width: number; height: number }) => {
    const session = await engine.open(size);
    sessions.push(session);
    return session;
  };
  /** the demo host page with the player in its frame */
  const hostPage = async (query: string, size?: { width: number; height: number }) => {
    const session = await open(size);
    await session.goto(demoUrl(`/host.html?${query}`));
    const player = await session.frame('iframe#player');
    await player.waitFor('window.__player !== undefined');
    return { session, player };
  };

  /** a server of the long film of its own, which the network drop test stops and starts */
  let dropServer: DemoServer;
  /** the long film from a media host of its own origin, and the demo server that plays it from there */
  let mediaHost: MediaHost;
  let cdnServer: DemoServer;
  beforeAll(async () => {
    engine = await startEngine(name);
    console.log(`${name}: ${engine.version}`);
    dropServer = await startDemoServer(0, {
      defaultAdList: [],
      mounts: { '/media/long': longFilmDir() },
    });
    mediaHost = await startMediaHost(longFilmDir());
    cdnServer = await startDemoServer(0, {
      defaultAdList: [],
      longFilmSources: [`${mediaHost.url}/master.m3u8`],
    });
  }, 90_000);
  /**
   * Each session's log as it ended, to read when a test failed (a passing test replayed its own);
   * a failed test's under a name of its own, with a screenshot, so that a later pass keeps it.
   */
  const closeSessions = async (kind: 'last' | 'failed' | 'hung', hang?: Error) => {
    const test = expect.getState().currentTestName ?? 'test';
    await Promise.all(
      sessions.splice(0).map(async (session, i) => {
        const file = `engine-${kind}-${test.replace(/[^\p{L}\p{N}]+/gu, '-')}-${i}`;
        // the log first: WebKit answers one command at a time, and a slow screenshot would use up
        // the log's own limit waiting behind it
        await keepLastLog(session, file, hang);
        if (kind === 'failed') await unlessFrozen(session.screenshot(file)).catch(() => undefined);
        await session.close().catch(() => undefined);
      }),
    );
  };
  /** What the viewer of each open session had before them, for a failed test's message. */
  const whatViewersSaw = async () => {
    const seen = await Promise.all(
      sessions.map((session) =>
        unlessFrozen(playerDoc(session).then((player) => player.eval<string>(VIEWER_SAW))).catch(
          (error: unknown) => `nothing to read (${String(error)})`,
        ),
      ),
    );
    return seen.map((text, i) => `session ${i}: ${text}`).join('\n');
  };
  /** Each state audited (axe-core, WCAG 2.2 AA) with its count of violations, told at the end. */
  const audited: string[] = [];
  const auditIn = async (session: Session, player: Doc, state: string) => {
    const violations = await player.eval<Violation[]>(AXE_AUDIT);
    audited.push(`${state} ${violations.length}`);
    await session.screenshot(`a11y-${name}-${state}`);
    if (violations.length > 0)
      throw new Error(`${name}, ${state}:\n${describeViolations(violations)}`);
  };
  /** The tests run again after a hang of the engine, told at the end whatever their outcome. */
  const reruns: string[] = [];
  /**
   * A test. Where the engine stops answering its driver (EngineHang: the engine's fault, never the
   * page's), it says so and runs once more in a new session; any other failure fails it.
   */
  const engineTest = (title: string, body: () => Promise<void>) =>
    it(
      title,
      async () => {
        /** the body; a failure of the player told with what each viewer saw, its log kept */
        const run = async () => {
          try {
            await body();
          } catch (error) {
            if (error instanceof EngineHang) throw error;
            if (error instanceof Error) error.message += `\n${await whatViewersSaw()}`;
            await closeSessions('failed');
            throw error;
          }
        };
        try {
          await run();
        } catch (error) {
          if (!(error instanceof EngineHang)) throw error;
          reruns.push(title);
          console.warn(
            `${name}, ${title}: ${error.message}; once more in a new session (the hung run's log: test/artifacts/engine-hung-…)`,
          );
          await closeSessions('hung', error);
          await clearFaults();
          await run();
        }
      },
      2 * TEST_LIMIT_MS,
    ); // the hang's own limit and a second run

  afterEach(async () => {
    await closeSessions('last');
    await clearFaults();
  });
  afterAll(async () => {
    console.log(`${name}, axe: ${audited.join(', ')}`);
    console.log(
      `${name}: ${reruns.length} re-run(s) after an engine hang${reruns.length ? `: ${reruns.join('; ')}` : ''}`,
    );
    await dropServer?.close();
    await cdnServer?.close();
    await mediaHost?.close();
    await engine?.shutdown();
  });

  engineTest('plays the film through MediaSource, its frames decoded', async () => {
    const { session, player } = await hostPage('movie_id=1&auto_play=1');
    await player.waitFor(filmPlaying(2), 30_000);
    expect(await player.eval(`document.getElementById('video').src.startsWith('blob:')`)).toBe(
      true,
    );
    expect(await player.eval<number>(decodedFrames('video'))).toBeGreaterThan(10);
    await session.screenshot(`engine-${name}-film`);
    await expectSoundSession(player, `engine-${name}-film`);
  });

  engineTest(
    'plays the Clear Key film decrypted after its pre-roll, or where the engine has no Clear Key says so at once with an id',
    async () => {
      const { session, player } = await hostPage('movie_id=6&auto_play=1&ads=nonskippable');
      const clearKey = await player.eval<boolean>(
        `navigator.requestMediaKeySystemAccess ? navigator.requestMediaKeySystemAccess('org.w3.clearkey', [{ initDataTypes: ['cenc'], videoCapabilities: [{ contentType: 'video/mp4; codecs="avc1.42E01E"' }] }]).then(() => true, () => false) : false`,
      );
      console.log(`${name}: Clear Key ${clearKey ? 'granted' : 'not granted'}`);
      if (clearKey) {
        // the advert is clear: it plays before the protected film
        await player.waitFor(`window.__player.getState().ads.ad?.status === 'playing'`, 30_000);
        await player.waitFor(filmPlaying(2), 45_000);
        expect(await player.eval<number>(decodedFrames('video'))).toBeGreaterThan(10);
      } else {
        // told at once, while the film loads behind the break: no advert before a film that cannot play
        await player.waitFor(`document.querySelector('[role="alert"]') !== null`, 30_000);
        expect(await player.eval<unknown>(`window.__player.getState().ads.history`)).toEqual([]);
        expect(
          await player.eval<string>(`document.querySelector('[role="alert"]').textContent`),
        ).toMatch(
          /Этот фильм защищён, и ваш браузер не может его воспроизвести\. Откройте его в другом браузере\. Идентификатор ошибки: [0-9a-f]{8}/,
        );
      }
      await session.screenshot(`engine-${name}-protected-film`);
      await expectSoundSession(player, `engine-${name}-protected-film`);
    },
  );

  engineTest(
    'plays the pre-roll, counts its skip down, skips it and yields to the film',
    async () => {
      const { session, player } = await hostPage('movie_id=1&auto_play=1&ads=skippable');
      await player.waitFor(`window.__player.getState().ads.ad?.status === 'playing'`, 30_000);
      // the advert's picture, decoded
      await player.waitFor(`document.getElementById('ad-video').currentTime > 0.5`);
      await player.waitFor(`${decodedFrames('ad-video')} > 5`);
      await player.waitFor(
        `/^Пропустить [1-5]$/.test(document.querySelector('[data-testid="ad-layer"] button[disabled]')?.textContent ?? '')`,
      );
      await session.screenshot(`engine-${name}-advert`);
      await auditIn(session, player, 'advert');
      await player.waitFor(
        `[...document.querySelectorAll('[data-testid="ad-layer"] button:not([disabled])')]
          .some((button) => button.textContent.trim() === 'Пропустить')`,
        30_000,
      );
      await auditIn(session, player, 'advert-skippable');
      await player.click('[data-testid="ad-layer"] button:not([disabled])', 'Пропустить');
      await player.waitFor(filmPlaying(0.5), 30_000);
      expect(await state(player, 'ads.history[0].status')).toBe('skipped');
      await expectSoundSession(player, `engine-${name}-preroll-skip`);
    },
  );

  engineTest('starts a mid-roll after 10 s of the film and goes on where it was', async () => {
    const { player } = await hostPage('movie_id=1&auto_play=1&advert=1&ads=nonskippable');
    await player.waitFor(`window.__player.getState().ads.activeBreak?.kind === 'midroll'`, 45_000);
    const at = await state<number>(player, 'ads.activeBreak.contentTime');
    expect(at).toBeGreaterThanOrEqual(9.5);
    expect(at).toBeLessThan(12);
    await player.waitFor(filmPlaying(at), 30_000);
    await expectSoundSession(player, `engine-${name}-midroll`);
  });

  engineTest(
    'the settings menu sets quality, speed and subtitles; the audio menu a track',
    async () => {
      const { session, player } = await hostPage('movie_id=1&auto_play=1');
      await player.waitFor(filmPlaying(1), 30_000);
      await player.waitFor(`window.__player.getState().stream.subtitleTracks.length > 0`);
      const choose = async (page: string, item: string) => {
        await player.click('button[aria-label="Настройки"]');
        await player.click(`[data-testid="settings-item-${page}"]`);
        await player.click(`[data-testid="settings-${page}"] [role="menuitemradio"]`, item);
      };
      await choose('quality', '240p');
      await player.waitFor(
        `(() => { const s = window.__player.getState().stream;
        return !s.autoLevel && s.levels[s.currentLevel]?.height === 240; })()`,
      );
      await choose('playback-rate', '1.5x');
      await player.waitFor(`document.getElementById('video').playbackRate === 1.5`);
      await player.click('button[aria-label="Субтитры"]');
      await player.click('[role="menuitemradio"]', 'Русские');
      await player.waitFor(`window.__player.getState().stream.subtitleTrack >= 0`);
      await player.click('button[aria-label="Озвучка"]');
      await player.click('[data-testid="menu-audio"] [role="menuitemradio"]', 'English');
      await player.waitFor(
        `(() => { const s = window.__player.getState().stream;
        return s.audioTracks.find((t) => t.id === s.audioTrack)?.name === 'English'; })()`,
      );
      await player.click('button[aria-label="Настройки"]');
      await player.waitFor(`document.querySelector('[data-testid="settings-main"]') !== null`);
      await session.screenshot(`engine-${name}-settings`);
      await expectSoundSession(player, `engine-${name}-settings`);
    },
  );

  engineTest(
    'quality: Save-Data keeps Auto at 360p or below; the height picked holds for the next episode',
    async () => {
      const session = await open();
      const series = 'movie_id=2&episode_id=203&auto_play=1&test_init=save-data';
      await session.goto(demoUrl(`/index.html?${series}`));
      const player = session.page;
      await player.waitFor(filmPlaying(9), 30_000);
      const heightPlaying = `(() => { const s = window.__player.getState().stream;
        return s.levels[s.currentLevel]?.height ?? 0; })()`;
      // on loopback the six-rung ladder's top would be in reach: the cap holds Auto down
      expect(await player.eval(`window.__player.getState().stream.autoLevel`)).toBe(true);
      expect(await player.eval<number>(heightPlaying)).toBeLessThanOrEqual(360);
      expect(
        await player.eval<number>(`document.getElementById('video').videoHeight`),
      ).toBeLessThanOrEqual(360);
      await player.click('button[aria-label="Настройки"]');
      await player.click('[data-testid="settings-item-quality"]');
      await player.click('[data-testid="settings-quality"] [role="menuitemradio"]', '720p');
      await player.waitFor(`${heightPlaying} === 720`);
      await session.screenshot(`engine-${name}-quality-720p`);
      // the next episode starts on the height picked, not on Auto
      await player.click('button[aria-label="Сезоны и эпизоды"]');
      await player.click('[data-testid="menu-seasons"] [role="menuitem"]', 'Сезон 2');
      await player.click('[data-testid="menu-episodes"] [role="menuitemradio"]', 'Эпизод 2');
      await player.waitFor(`window.__player.getState().content.currentEpisodeId === 205`);
      await player.waitFor(filmPlaying(2), 30_000);
      // (WebKit may tell the level on screen a moment after the first seconds have played)
      await player.waitFor(
        `!window.__player.getState().stream.autoLevel && ${heightPlaying} === 720`,
      );
      await expectSoundSession(player, `engine-${name}-quality`);
    },
  );

  engineTest('the series: another season’s episode from the menu', async () => {
    const { player } = await hostPage('movie_id=2&episode_id=203&auto_play=1');
    await player.waitFor(filmPlaying(1), 30_000);
    await player.click('button[aria-label="Сезоны и эпизоды"]');
    await player.click('[data-testid="menu-seasons"] [role="menuitem"]', 'Сезон 2');
    await player.click('[data-testid="menu-episodes"] [role="menuitemradio"]', 'Эпизод 2');
    await player.waitFor(`window.__player.getState().content.currentEpisodeId === 205`);
    await player.waitFor(filmPlaying(0.5), 30_000);
    await expectSoundSession(player, `engine-${name}-episodes`);
  });

  engineTest('WCAG 2.2 AA (axe-core): the poster and every page of every menu', async () => {
    const { session, player } = await hostPage('movie_id=2&episode_id=203&auto_play=0');
    await player.waitFor(`document.querySelector('[data-testid="poster"]') !== null`, 30_000);
    const expectAccessible = (state: string) => auditIn(session, player, state);
    await expectAccessible('poster');
    await player.click('button[aria-label="Настройки"]');
    await player.waitFor(
      `document.querySelector('[role="menu"][aria-label="Настройки"]') !== null`,
    );
    await expectAccessible('settings');
    await player.click('button[aria-label="Сезоны и эпизоды"]');
    await player.waitFor(`document.querySelector('[data-testid="menu-seasons"]') !== null`);
    await expectAccessible('seasons');
    // every other page of every menu, each opened as its button or item would open it
    for (const menu of [
      'quality',
      'playback-rate',
      'subs',
      'subs-style',
      ...Object.values(SUBTITLE_STYLE_PAGES),
      'audio',
      'share',
    ]) {
      await player.eval(
        `window.__player.dispatch({ type: 'ui/menuOpened', payload: { menu: '${menu}' } })`,
      );
      const panel = menu === 'audio' || menu === 'share' ? `menu-${menu}` : `settings-${menu}`;
      await player.waitFor(`document.querySelector('[data-testid="${panel}"]') !== null`);
      await expectAccessible(menu);
    }
  });

  engineTest('WCAG 2.2 AA (axe-core): the next-episode card counting down', async () => {
    const { session, player } = await hostPage('movie_id=2&episode_id=203&auto_play=1');
    await player.waitFor(filmPlaying(1), 30_000);
    // the credits (from 20 s of the demo's 24): the card counts down to the next episode
    await player.eval(
      `window.__player.dispatch({ type: 'playback/seekRequested', payload: { time: 19 } })`,
    );
    await player.waitFor(
      `document.querySelector('[data-testid="next-episode-card"] button') !== null`,
      30_000,
    );
    await auditIn(session, player, 'next-episode-countdown');
  });

  engineTest('WCAG 2.2 AA (axe-core): the phone layout and its sheet menus', async () => {
    const { session, player } = await hostPage('movie_id=2&episode_id=203&auto_play=0', PHONE);
    await player.waitFor(`document.querySelector('[data-testid="poster"]') !== null`, 30_000);
    await auditIn(session, player, 'phone-poster');
    const sheets = [
      ['main', 'settings-main', 'settings'],
      ['subs', 'settings-subs', 'subtitles'],
      ['seasons', 'menu-seasons', 'episodes'],
    ];
    for (const [menu, panel, state] of sheets) {
      await player.eval(
        `window.__player.dispatch({ type: 'ui/menuOpened', payload: { menu: '${menu}' } })`,
      );
      await player.waitFor(`document.querySelector('[data-testid="${panel}"]') !== null`);
      await auditIn(session, player, `phone-${state}`);
    }
  });

  engineTest('WCAG 2.2 AA (axe-core): the message screen', async () => {
    const session = await open();
    await session.goto(demoUrl('/index.html?movie_id=999'));
    await session.page.waitFor(`document.querySelector('[role="alert"]') !== null`, 30_000);
    await auditIn(session, session.page, 'message');
  });

  engineTest('the keyboard: K pauses, L seeks 10 s on, M mutes or unmutes', async () => {
    const session = await open();
    await session.goto(demoUrl('/index.html?movie_id=1&auto_play=1'));
    const player = session.page;
    await player.waitFor(filmPlaying(1), 30_000);
    await player.click('button[aria-label="Назад на 10 секунд"]'); // the keyboard is the player's
    await session.press('KeyK'); // during the seek back: WebKit would play on by itself
    await player.waitFor(`window.__player.getState().media.paused`);
    await player.waitFor(`window.__player.getState().media.currentTime < 1`); // the seek is done
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(
      await player.eval(
        `document.getElementById('video').paused && window.__player.getState().media.paused`,
      ),
    ).toBe(true);
    const from = await player.eval<number>(`document.getElementById('video').currentTime`);
    await session.press('KeyL');
    await player.waitFor(`document.getElementById('video').currentTime > ${from + 9}`);
    // (where the engine lets a film start by itself only without sound, WebKit's way, it is muted)
    const muted = await player.eval<boolean>(`document.getElementById('video').muted`);
    await session.press('KeyM');
    await player.waitFor(`document.getElementById('video').muted === ${!muted}`);
    await expectSoundSession(player, `engine-${name}-keyboard`);
  });

  engineTest('after a reload, the continue prompt: continue where the viewer stopped', async () => {
    const session = await open();
    await session.goto(demoUrl('/index.html?movie_id=1&auto_play=1'));
    const player = session.page;
    await player.waitFor(filmPlaying(6), 30_000);
    await player.eval(`window.__player.dispatch({ type: 'playback/pauseRequested' })`);
    await player.waitFor(`window.__player.getState().media.paused`);
    await session.reload();
    await player.waitFor(
      `document.querySelector('[data-testid="continue-prompt"]') !== null`,
      30_000,
    );
    expect(await player.eval(`document.getElementById('video').paused`)).toBe(true);
    await auditIn(session, player, 'continue-prompt');
    await player.click('[data-testid="continue-watching"]');
    await player.waitFor(filmPlaying(5), 30_000);
    await expectSoundSession(player, `engine-${name}-continue`);
  });

  engineTest('the host page steers it through the SDK and hears its events', async () => {
    const { session, player } = await hostPage('movie_id=1&auto_play=0');
    const host = session.page;
    await host.waitFor('window.demoPlayer !== undefined');
    await host.eval('window.demoPlayer.ready');
    await host.eval('window.demoPlayer.play()');
    await player.waitFor(filmPlaying(1), 30_000);
    await host.eval('window.demoPlayer.setVolume(0.4)');
    expect(await host.eval('window.demoPlayer.getVolume()')).toBe(0.4);
    await host.eval('window.demoPlayer.seek(8)');
    expect(await host.eval<number>('window.demoPlayer.getCurrentTime()')).toBeGreaterThanOrEqual(8);
    // right after the seek (WebKit plays on by itself for a moment, and the player pauses it again)
    await host.eval('window.demoPlayer.pause()');
    await host.waitFor(`document.querySelector('#messages li[data-event="seeked"]') !== null`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await host.eval('window.demoPlayer.getPaused()')).toBe(true); // and stays so
    // the events reach the page's list as they come (a seek's after its answer)
    for (const event of ['ready', 'play', 'volumeChange', 'seeked', 'pause'])
      await host.waitFor(`document.querySelector('#messages li[data-event="${event}"]') !== null`);
    await expectSoundSession(player, `engine-${name}-host`);
  });

  engineTest(
    'with storage blocked (a third-party frame) plays, takes a volume change, says nothing',
    async () => {
      const session = await open();
      await session.goto(demoUrl('/index.html?movie_id=1&auto_play=1&test_init=storage-blocked'));
      const player = session.page;
      await player.waitFor(filmPlaying(1), 30_000);
      expect(
        await player.eval(
          `(() => { try { localStorage; return 'open'; } catch { return 'blocked'; } })()`,
        ),
      ).toBe('blocked');
      await player.eval(
        `window.__player.dispatch({ type: 'playback/volumeRequested', payload: { volume: 0.3, muted: false } })`,
      );
      await player.waitFor(`window.__player.getState().media.volume === 0.3`);
      expect(await player.eval(`document.querySelector('[role="alert"]') === null`)).toBe(true);
      await expectSoundSession(player, `engine-${name}-storage-blocked`);
    },
  );

  engineTest(
    'without MediaSource, as an iPhone: the advert, then the film by what the engine has',
    async () => {
      const path = WITHOUT_MSE[name];
      const { session, player } = await hostPage(
        `movie_id=1&auto_play=1&ads=skippable&test_init=${path.init}`,
      );
      expect(await player.eval(`typeof window.MediaSource`)).toBe('undefined');
      if (path.engine === null) {
        // no way to play HLS at all: the viewer is told, nothing hangs
        // told at once, while the film loads behind the break: no advert before a film that cannot play
        await player.waitFor(`document.querySelector('[role="alert"]') !== null`, 30_000);
        expect(await player.eval<unknown>(`window.__player.getState().ads.history`)).toEqual([]);
        expect(await state(player, 'stream.lastError')).toMatchObject({
          fatal: true,
          details: 'noHlsPlayback',
        });
        await session.screenshot(`engine-${name}-no-mse`);
        await expectSoundSession(player, `engine-${name}-no-mse`);
        return;
      }
      // the pre-roll is a progressive MP4: it needs no MediaSource
      await player.waitFor(`window.__player.getState().ads.ad?.status === 'playing'`, 30_000);
      await player.waitFor(`${decodedFrames('ad-video')} > 5`);
      await player.click('[data-testid="ad-layer"] button:not([disabled])', 'Пропустить');
      await player.waitFor(filmPlaying(1), 30_000);
      expect(await state(player, 'stream.engine')).toBe(path.engine);
      expect(await player.eval<number>(decodedFrames('video'))).toBeGreaterThan(10);
      // the menus offer what this path can do, and nothing more
      await player.click('button[aria-label="Настройки"]');
      await player.click('[data-testid="settings-item-quality"]');
      const qualities = await player.eval<string[]>(
        `[...document.querySelectorAll('[data-testid="settings-quality"] [role="menuitemradio"]')].map((el) => el.textContent.trim())`,
      );
      const audioTracks = await state<unknown[]>(player, 'stream.audioTracks');
      if (path.engine === 'native') {
        // the element picks the quality and the stream's audio itself: Auto only, no track to offer
        // (the dubbing studios, each a stream of its own, are still there to switch to)
        expect(qualities).toHaveLength(1);
        expect(qualities[0]).toMatch(/^Auto/);
        expect(audioTracks).toEqual([]);
      } else {
        expect(qualities.slice(1)).toEqual(['1080p', '720p', '540p', '480p', '360p', '240p']);
        expect(audioTracks).toHaveLength(2);
      }
      await session.screenshot(`engine-${name}-no-mse`);
      await expectSoundSession(player, `engine-${name}-no-mse`);
    },
  );

  engineTest('a catalog fault ends in the message, as in Chromium', async () => {
    await injectFault('/catalog-api/contents/1', { type: 'status', status: 500 });
    const session = await open();
    await session.goto(demoUrl('/index.html?movie_id=1&auto_play=1'));
    const player = session.page;
    await player.waitFor(`document.querySelector('[role="alert"]') !== null`, 20_000);
    expect(await player.eval(`document.querySelector('[role="alert"] p').textContent`)).toMatch(
      /^К сожалению, произошла ошибка, попробуйте перезагрузите страницу\. Идентификатор ошибки: [0-9a-f]{8}$/,
    );
    await expectSoundSession(player, `engine-${name}-catalog-fault`);
  });

  engineTest('a VAST fault ends in the film, the advert reported 303', async () => {
    await injectFault('/vast/nonskippable.xml', { type: 'status', status: 500 });
    const { player } = await hostPage('movie_id=1&auto_play=1&ads=nonskippable');
    await player.waitFor(filmPlaying(1), 30_000);
    expect(await state(player, 'ads.history.at(-1)')).toMatchObject({
      status: 'error',
      errorCode: 303,
    });
    await expectSoundSession(player, `engine-${name}-vast-fault`);
  });

  engineTest('plays on through a 12 s network drop in a long film, by itself', async () => {
    const session = await open();
    await session.goto(`${dropServer.url}/index.html?movie_id=5&t=1800&auto_play=1`);
    const player = session.page;
    await player.waitFor('window.__player !== undefined');
    await player.waitFor(filmPlaying(1802), 30_000);
    const before = await player.eval<number>(`document.getElementById('video').currentTime`);
    const phases = new Set<string>();
    await dropServer.refuseConnections();
    for (const end = Date.now() + 12_000; Date.now() < end; await sleep(500))
      phases.add(await state<string>(player, 'streamHealth.phase'));
    await dropServer.acceptConnections();
    // the player knew the network was gone and waited for it; loading resumes by itself
    expect([...phases]).toContain('waitingForNetwork');
    await player.waitFor(`window.__player.getState().streamHealth.phase === 'playing'`, 30_000);
    await player.waitFor(filmPlaying(before + 14), 30_000);
    expect(await state(player, 'system.failure')).toBeNull();
    await expectSoundSession(player, `engine-${name}-network-drop`);
  });

  engineTest(
    'plays on through a 12 s outage of the film’s host alone, with no message',
    async () => {
      const session = await open();
      await session.goto(`${cdnServer.url}/index.html?movie_id=5&t=1800&auto_play=1`);
      const player = session.page;
      await player.waitFor('window.__player !== undefined');
      await player.waitFor(filmPlaying(1802), 30_000);
      const before = await player.eval<number>(`document.getElementById('video').currentTime`);
      const phases = new Set<string>();
      const failures = new Set<string>();
      await mediaHost.fail('reset');
      try {
        for (const end = Date.now() + 12_000; Date.now() < end; await sleep(500)) {
          phases.add(await state<string>(player, 'streamHealth.phase'));
          failures.add(await state<string>(player, 'stream.lastError?.details ?? ""'));
        }
      } finally {
        await mediaHost.heal();
      }
      // the film's loads failed, and the services answered: tried again, never the network's wait
      expect([...failures].filter(Boolean).length).toBeGreaterThan(0);
      expect([...phases]).not.toContain('waitingForNetwork');
      await player.waitFor(filmPlaying(before + 14), 60_000);
      expect(await state(player, 'system.failure')).toBeNull();
      await expectSoundSession(player, `engine-${name}-media-host-outage`);
    },
  );
});
