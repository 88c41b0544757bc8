// Protected films in Chromium: the demo film encrypted with Common Encryption for Clear Key
// (tools/protectedFilm.ts), its key from the demo's license server (demo/clearKey.ts), through the
// master JSONs of demo/protectedFilms.ts. It plays after its pre-roll, decrypted; each way a protected
// film cannot be shown ends in its own message with an id, never a frozen frame.
import type { Frame } from 'puppeteer-core';
import { DEMO_KEY } from '../../demo/clearKey';
import { LICENSE_RETRY_WAITS_MS } from '../../src/stream/protection';
import {
  clearFaults,
  contentPlayingAfterBreak,
  demoUrl,
  injectFault,
  messageText,
  openEmbed,
  openPage,
  playerFrame,
  screenshot,
  useBrowser,
} from './browser';

const requests = async () =>
  ((await (await fetch(demoUrl('/__test/requests'))).json()) as { method: string; path: string }[])
    .filter((r) => r.path.startsWith('/drm/'))
    .map((r) => `${r.method} ${r.path}`);
const decodedFrames = (frame: Frame) =>
  frame.evaluate(
    () =>
      (document.getElementById('video') as HTMLVideoElement).getVideoPlaybackQuality()
        .totalVideoFrames,
  );
const withId = (text: string) => new RegExp(`^${text} Идентификатор ошибки: [0-9a-f]{8}$`);

describe('protected films in Chromium', () => {
  const browser = useBrowser();
  beforeEach(() => fetch(demoUrl('/__test/requests'), { method: 'DELETE' }));
  afterEach(clearFaults);

  it('plays the Clear Key film after its pre-roll, decrypted, with one license request and no key in the flight log', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=6&ads=nonskippable'));
    const frame = await playerFrame(page);
    await frame.waitForFunction(() => window.__player!.getState().ads.ad?.status === 'playing', {
      timeout: 30_000,
    });
    await contentPlayingAfterBreak(frame);
    await frame.waitForFunction(
      () => (document.getElementById('video') as HTMLVideoElement).currentTime > 3,
      { timeout: 30_000 },
    );
    // frames decoded from the encrypted segments: the key was had and used
    expect(await decodedFrames(frame)).toBeGreaterThan(30);
    expect(await frame.evaluate(() => document.querySelector('[role="alert"]'))).toBeNull();
    // Widevine, the source's first choice, is not in this Chromium: Clear Key, its second
    expect(await requests()).toEqual(['POST /drm/clearkey']);
    // its hls.js is the build with EME, asked for once
    const paths = (
      (await (await fetch(demoUrl('/__test/requests'))).json()) as { path: string }[]
    ).map((r) => r.path);
    expect(paths.filter((p) => /^\/hlsProtected\.\w+\.js$/.test(p))).toHaveLength(1);
    await screenshot(page, 'protected-film');
    const log = await frame.evaluate(() => window.__player!.exportLog());
    expect(log).toContain('"keySystem":"clearkey"');
    expect(log).toContain('"type":"stream/licenseReceived"'); // the exchange, by its size alone
    expect(log).not.toContain(DEMO_KEY.toString('base64url'));
    expect(log).not.toContain(DEMO_KEY.toString('base64'));
    expect(errors).toEqual([]);
  });

  it.each([
    [
      'none of its key systems in this browser',
      '?movie_id=7&auto_play=1',
      null,
      'Этот фильм защищён, и ваш браузер не может его воспроизвести. Откройте его в другом браузере.',
    ],
    [
      'a license refused (403)',
      '?movie_id=6&auto_play=1',
      { type: 'status', status: 403 } as const,
      'Нет разрешения на просмотр этого фильма. Попробуйте перезагрузить страницу.',
    ],
    [
      'a license server down (500)',
      '?movie_id=6&auto_play=1',
      { type: 'status', status: 500 } as const,
      'Не удалось получить разрешение на просмотр: сервер не отвечает. Попробуйте перезагрузить страницу позже.',
    ],
    [
      'a license answered with junk',
      '?movie_id=6&auto_play=1',
      { type: 'malformed' } as const,
      'Не удалось расшифровать фильм. Попробуйте перезагрузить страницу.',
    ],
    [
      'an encrypted film whose source declares no key system',
      '?movie_id=9&auto_play=1',
      null,
      'Этот фильм защищён, и ваш браузер не может его воспроизвести. Откройте его в другом браузере.',
    ],
    [
      'a key the license does not hold',
      '?movie_id=8&auto_play=1',
      null,
      'Не удалось расшифровать фильм. Попробуйте перезагрузить страницу.',
    ],
  ])('%s: its message with an id, the film not playing', async (name, query, fault, message) => {
    if (fault) await injectFault('/drm/clearkey', fault);
    const { page } = await openPage(browser());
    const frame = await openEmbed(page, query);
    expect(await messageText(frame, 30_000)).toMatch(withId(message));
    expect(
      await frame.evaluate(() => (document.getElementById('video') as HTMLVideoElement).paused),
    ).toBe(true);
    // refused: asked once; down: asked again after each of the waits; not at all without a key system
    const asked = (await requests()).length;
    if (fault && 'status' in fault)
      expect(asked).toBe(fault.status >= 500 ? 1 + LICENSE_RETRY_WAITS_MS.length : 1);
    if (/movie_id=[79]/.test(query)) expect(asked).toBe(0);
    await screenshot(page, `protected-${name.replace(/[^\w]+/g, '-')}`);
  });
});
