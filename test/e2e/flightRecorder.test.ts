import type { Browser } from 'puppeteer-core';
import type { FlightLog } from '../../src/recorder/format';
import { demoUrl, launchBrowser, openPage, playerFrame } from './browser';
import { expectReplayable } from './flightLog';

describe('the flight recorder in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('answers a log request from the embedding page on another origin, and only from it', async () => {
    const { page, errors } = await openPage(browser);
    // The host page on "localhost", the player on "127.0.0.1": two origins, as on a real site.
    const playerOrigin = demoUrl('');
    const hostUrl = demoUrl('/host.html?movie_id=2').replace('127.0.0.1', 'localhost');
    await page.goto(`${hostUrl}&player_origin=${encodeURIComponent(playerOrigin)}`);
    const frame = await playerFrame(page);
    await frame.waitForFunction(() => window.__player!.getState().media.started, {
      timeout: 20_000,
    });

    // A message that does not come from the parent window is ignored.
    await frame.evaluate(() =>
      window.postMessage({ protocol: 'kino-player', command: 'exportLog', requestId: 'self' }, '*'),
    );

    const reply = await page.evaluate(
      (origin) =>
        new Promise<{ requestId: unknown; data: string; origin: string }>((resolve) => {
          window.addEventListener('message', (event) => {
            if (event.data?.event === 'flightLog') resolve({ ...event.data, origin: event.origin });
          });
          const frameWindow = (document.getElementById('player') as HTMLIFrameElement)
            .contentWindow!;
          frameWindow.postMessage(
            { protocol: 'kino-player', command: 'exportLog', requestId: 'qa-1' },
            origin,
          );
        }),
      playerOrigin,
    );
    expect(reply.requestId).toBe('qa-1');
    expect(reply.origin).toBe(playerOrigin);
    const log = JSON.parse(reply.data) as FlightLog;
    expect(log.header).toMatchObject({ format: 'kino-player/flight-log', version: 1, dropped: 0 });
    expect(log.entries.some((e) => e.kind === 'put' && e.action.type === 'media/playing')).toBe(
      true,
    );
    const flightLogReplies = await page.$$eval(
      '#messages li[data-event="flightLog"]',
      (items) => items.length,
    );
    expect(flightLogReplies).toBe(1); // the self-addressed request got no answer

    expect(errors).toEqual([]);
    await expectReplayable(frame, 'series-cross-origin');
  });

  it('records a failed boot so that it replays too', async () => {
    const { page } = await openPage(browser);
    await page.goto(demoUrl('/host.html?movie_id=999'));
    const frame = await playerFrame(page);
    await frame.waitForSelector('[role="alert"]');
    expect(await frame.$eval('[role="alert"]', (el) => el.textContent)).toBe('Контент не доступен');
    await expectReplayable(frame, 'boot-not-found');
  });
});
