import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FlightLog } from '../../src/recorder/format';
import type { Frame } from 'puppeteer-core';
import {
  clearFaultScope,
  demoUrl,
  injectFault,
  keepAsGolden,
  messageText,
  openPage,
  playerFrame,
  screenshot,
  useBrowser,
  useFaultScope,
} from './browser';
import { MAX_RESTARTS } from '../../src/state/system';

/** The flight log an error report carries: gzipped, as the sink keeps it (base64). */
const logOf = (payload: string) =>
  JSON.parse(gunzipSync(Buffer.from(payload, 'base64')).toString('utf8')) as FlightLog;

/** The replay command, as a developer runs it on a file. */
function replay(file: string): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx'),
      ['tools/replay/cli.ts', file],
      { cwd: join(__dirname, '..', '..') },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stdout: stdout + stderr }),
    );
  });
}

/** Error reporting's bundle (Sentry and its wiring). */
const REPORTING_BUNDLE = /\/sentryClient\.[0-9a-f]{8}\.js$/;
/** Its file in the build the demo serves. */
function reportingBundlePath(): string {
  const name = readdirSync(join(__dirname, '..', '..', 'dist')).find((file) =>
    REPORTING_BUNDLE.test(`/${file}`),
  );
  if (!name) throw new Error('The build has no error reporting bundle (sentryClient.<hash>.js)');
  return `/${name}`;
}

/**
 * Throws an error in a task of the frame's own, as a script of the page would: a script from the
 * page's origin (the demo's /__test/throw.js), so that the browser does not mute it to "Script
 * error." (as it does for the test's evaluated code) and the player's policy lets it run (it
 * refuses inline scripts).
 */
const throwInPage = (frame: Frame, message: string) =>
  frame.evaluate(
    (path) =>
      new Promise<void>((resolve, reject) => {
        const src = new URL(path, location.href).href; // the frame's own origin, the demo server
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => {
          script.remove();
          resolve();
        };
        script.onerror = () => reject(new Error(`${src} did not load`));
        document.head.append(script);
      }),
    `/__test/throw.js?message=${encodeURIComponent(message)}`,
  );

describe('the flight recorder in the browser', () => {
  const browser = useBrowser();

  it('answers a log request from the embedding page on another origin, and only from it', async () => {
    const { page, errors } = await openPage(browser());
    // The host page on "localhost", the player on "127.0.0.1": two origins, as on a real site.
    const playerOrigin = demoUrl('');
    const hostUrl = demoUrl('/host.html?movie_id=2&episode_id=203').replace(
      '127.0.0.1',
      'localhost',
    );
    await page.goto(`${hostUrl}&player_origin=${encodeURIComponent(playerOrigin)}`);
    const frame = await playerFrame(page);
    keepAsGolden(frame, 'series-cross-origin');
    await frame.waitForFunction(() => window.__player!.getState().media.started, {
      timeout: 20_000,
    });

    // A message that does not come from the parent window is ignored.
    await frame.evaluate(() =>
      window.postMessage({ protocol: 'kino-player', command: 'exportLog', requestId: 'self' }, '*'),
    );

    // Every flightLog message the host window gets is counted, until the answer to a request sent
    // after the log's (messages from one frame arrive in order): the self-addressed one got none.
    const reply = await page.evaluate(
      (origin) =>
        new Promise<{ requestId: unknown; data: string; origin: string; replies: number }>(
          (resolve) => {
            const frameWindow = (document.getElementById('player') as HTMLIFrameElement)
              .contentWindow!;
            const replies: { requestId: unknown; data: string; origin: string }[] = [];
            window.addEventListener('message', (event) => {
              if (event.source !== frameWindow) return;
              if (event.data?.event === 'flightLog') {
                replies.push({ ...event.data, origin: event.origin });
                frameWindow.postMessage(
                  { protocol: 'kino-player', command: 'getPaused', requestId: 'qa-2' },
                  origin,
                );
              }
              if (event.data?.requestId === 'qa-2')
                resolve({ ...replies[0]!, replies: replies.length });
            });
            frameWindow.postMessage(
              { protocol: 'kino-player', command: 'exportLog', requestId: 'qa-1' },
              origin,
            );
          },
        ),
      playerOrigin,
    );
    expect(reply.requestId).toBe('qa-1');
    expect(reply.origin).toBe(playerOrigin);
    expect(reply.replies).toBe(1); // the self-addressed request got no answer
    const log = JSON.parse(reply.data) as FlightLog;
    expect(log.header).toMatchObject({ format: 'kino-player/flight-log', version: 1, dropped: 0 });
    expect(log.entries.some((e) => e.kind === 'put' && e.action.type === 'media/playing')).toBe(
      true,
    );

    expect(errors).toEqual([]);
  });

  it('downloads the log on Ctrl+Shift+L', async () => {
    const downloads = mkdtempSync(join(tmpdir(), 'player-downloads-'));
    const { page, errors } = await openPage(browser());
    const cdp = await browser().target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: downloads,
      browserContextId: page.browserContext().id,
    });
    await page.goto(demoUrl('/host.html?movie_id=1'));
    const frame = await playerFrame(page);
    await frame.waitForFunction(() => window.__player!.getState().media.started, {
      timeout: 20_000,
    });
    // focus the player's frame, as a viewer's click does (the interface comes just after the first frame)
    await (await frame.waitForSelector('[data-testid="time"]'))!.click();
    await page.keyboard.down('Control');
    await page.keyboard.down('Shift');
    await page.keyboard.press('KeyL');
    await page.keyboard.up('Shift');
    await page.keyboard.up('Control');
    let files: string[] = [];
    for (let i = 0; i < 50 && files.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      files = readdirSync(downloads).filter((f) => /^flight-log-.*\.json$/.test(f));
    }
    expect(files).toHaveLength(1);
    const log = JSON.parse(readFileSync(join(downloads, files[0]!), 'utf8')) as FlightLog;
    expect(log.header).toMatchObject({ format: 'kino-player/flight-log', config: { movieId: 1 } });
    expect(errors).toEqual([]);
  });

  it('records a failed boot so that it replays too', async () => {
    const { page } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=999'));
    const frame = await playerFrame(page);
    keepAsGolden(frame, 'boot-not-found');
    await frame.waitForSelector('[role="alert"]');
    expect(await frame.$eval('[role="alert"]', (el) => el.textContent)).toBe('Контент не доступен');
  });
});

describe('an actor crash', () => {
  const browser = useBrowser();

  it('reaches the error-report sink with the whole session log, which replays with its actors; the film keeps playing', async () => {
    await fetch(demoUrl('/__test/envelopes'), { method: 'DELETE' });
    const { page, errors } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=1'));
    const frame = await playerFrame(page);
    keepAsGolden(frame, 'stream-crash-drill');
    await frame.waitForFunction(() => document.querySelector('video')!.currentTime > 1, {
      timeout: 20_000,
    });

    await frame.evaluate(() => window.__player!.crashDrill('stream'));
    const crash = await frame.evaluate(() => window.__player!.getState().system.crashes);
    expect(crash).toEqual([
      { actor: 'stream', message: 'Error: Crash drill in actor "stream"', restarts: 0 },
    ]);

    type Envelope = {
      project: string;
      items: { header: { type?: string; filename?: string }; payload: unknown }[];
    };
    let envelope: Envelope | undefined;
    for (let i = 0; i < 100 && !envelope; i++) {
      const all = (await (await fetch(demoUrl('/__test/envelopes'))).json()) as Envelope[];
      envelope = all.find((e) => e.items.some((item) => item.header.type === 'event'));
      if (!envelope) await new Promise((r) => setTimeout(r, 100));
    }
    expect(envelope).toBeDefined();
    const event = envelope!.items.find((i) => i.header.type === 'event')!.payload as {
      tags: Record<string, string>;
      exception: { values: { type: string; value: string }[] };
    };
    expect(event.tags).toMatchObject({ actor: 'stream', project_label: 'demo-host' });
    expect(event.exception.values[0]).toMatchObject({
      type: 'ActorCrash',
      value: 'Error: Crash drill in actor "stream"',
    });
    // the whole session, gzipped, from the build named as the report's release
    const attachment = envelope!.items.find((i) => i.header.filename === 'flight-log.json.gz')!;
    const attached = logOf(attachment.payload as string);
    expect(attached.header).toMatchObject({ format: 'kino-player/flight-log', dropped: 0 });
    expect(attached.entries[0]!.seq).toBe(0);
    expect((event as { release?: string }).release).toBe(attached.header.build);
    expect(attached.header.build).toMatch(/^\d+\.\d+\.\d+\+\w+(-changed)?$/);
    expect(
      attached.entries.some((e) => e.kind === 'put' && e.action.type === 'system/actorCrashed'),
    ).toBe(true);

    // The sink's envelopes replay with the actors in one command; a tampered copy is named by actor.
    const file = join(mkdtempSync(join(tmpdir(), 'report-')), 'envelopes.json');
    writeFileSync(file, JSON.stringify([envelope]));
    const replayed = await replay(file);
    // replayed with zero divergence; the crash it drilled is the session's one finding (exit 3)
    expect(replayed.code).toBe(3);
    expect(replayed.stdout).toMatch(/^\s+[\d.]+ s {2}actor-crash: Actor "stream" crashed/m);
    expect(replayed.stdout).toContain('From error report 1: ActorCrash: Error: Crash drill');
    expect(replayed.stdout).toMatch(
      new RegExp(`OK: ${attached.entries.length} entries, .*real time\\)$`, 'm'),
    );
    const bandwidth = attached.entries.find(
      (e) => e.kind === 'put' && e.action.type === 'stream/bandwidthEstimated',
    )!;
    if (bandwidth.kind === 'put') bandwidth.action.payload = { bitsPerSecond: 1 };
    attachment.payload = gzipSync(JSON.stringify(attached)).toString('base64');
    writeFileSync(file, JSON.stringify([envelope]));
    const tampered = await replay(file);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain(`DIVERGENCE at entry #${bandwidth.seq}`);
    expect(tampered.stdout).toContain('actor "stream"');

    // The restarted stream actor still carries out the viewer's intents, and the film plays on.
    const before = await frame.evaluate(() => document.querySelector('video')!.currentTime);
    await frame.waitForFunction(
      (t) => document.querySelector('video')!.currentTime > t + 1,
      {},
      before,
    );
    await frame.click('[data-testid="control-bar"] button');
    await frame.waitForFunction(() => window.__player!.getState().media.paused);
    expect(errors).toEqual([]);
  });

  it('an essential actor past its restarts ends the session with the message, its id and the host’s error', async () => {
    const { page } = await openPage(browser());
    await page.goto(demoUrl('/host.html?movie_id=1'));
    const frame = await playerFrame(page);
    await frame.waitForFunction(() => document.querySelector('video')!.currentTime > 1, {
      timeout: 20_000,
    });
    for (let i = 0; i <= MAX_RESTARTS; i++)
      await frame.evaluate(() => window.__player!.crashDrill('stream'));
    const text = await messageText(frame, 10_000);
    const { failure, stopped } = await frame.evaluate(() => window.__player!.getState().system);
    expect(stopped).toEqual([{ actor: 'stream', essential: true }]);
    expect(failure).toMatchObject({ reason: 'actor-stopped' });
    expect(text).toContain(failure!.errorId!);
    expect(await frame.$('[role="alert"] button')).not.toBeNull(); // the reload
    await screenshot(page, 'actor-stopped');
    // the host page heard it, with its code and the id the viewer sees
    await page.waitForFunction(
      (id) =>
        [...document.querySelectorAll('#messages li[data-event="error"]')].some(
          (li) => li.textContent!.includes('PLAYER_FAULT') && li.textContent!.includes(id),
        ),
      { timeout: 5_000 },
      failure!.errorId!,
    );
  });

  it('page errors reach the sink with the session log, those before error reporting has loaded too; it loads only after the first frame', async () => {
    await fetch(demoUrl('/__test/envelopes'), { method: 'DELETE' });
    const { page } = await openPage(browser());
    // error reporting comes late enough for a page error to come before it
    const scope = 'page-error-report';
    await useFaultScope(page, scope);
    await injectFault(reportingBundlePath(), { type: 'slow', delayMs: 3_000 }, 1, scope);
    await page.goto(demoUrl('/host.html?movie_id=1'));
    const frame = await playerFrame(page);
    keepAsGolden(frame, 'page-error-report');
    await frame.waitForFunction(() => document.querySelector('video')!.currentTime > 1, {
      timeout: 20_000,
    });
    const reportingLoaded = (pattern: string) =>
      performance.getEntriesByType('resource').some((r) => new RegExp(pattern).test(r.name));
    expect(await frame.evaluate(reportingLoaded, REPORTING_BUNDLE.source)).toBe(false);
    await throwInPage(frame, 'Page fault before reporting');

    // the error reporting bundle was asked for after the first frame
    await frame.waitForFunction(reportingLoaded, { timeout: 10_000 }, REPORTING_BUNDLE.source);
    const timing = await frame.evaluate(async (pattern) => {
      const reporting = performance
        .getEntriesByType('resource')
        .find((r) => new RegExp(pattern).test(r.name));
      const log = JSON.parse(await window.__player!.exportLog()) as {
        entries: { kind: string; t: number; action?: { type: string } }[];
      };
      const playing = log.entries.find(
        (e) => e.kind === 'put' && e.action?.type === 'media/playing',
      );
      return { loadedAt: reporting?.startTime ?? null, playingAt: playing?.t ?? null };
    }, REPORTING_BUNDLE.source);
    expect(timing.loadedAt).not.toBeNull();
    expect(timing.loadedAt!).toBeGreaterThan(timing.playingAt!);
    await throwInPage(frame, 'Page fault after reporting');

    type Envelope = { items: { header: { type?: string; filename?: string }; payload: unknown }[] };
    const reportOf = (all: Envelope[], message: string) =>
      all.find((e) =>
        e.items.some(
          (item) => item.header.type === 'event' && JSON.stringify(item.payload).includes(message),
        ),
      );
    const messages = ['Page fault before reporting', 'Page fault after reporting'];
    let reports: (Envelope | undefined)[] = messages.map(() => undefined);
    for (let i = 0; i < 150 && !reports.every(Boolean); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100));
      const all = (await (await fetch(demoUrl('/__test/envelopes'))).json()) as Envelope[];
      reports = messages.map((message) => reportOf(all, message));
    }
    expect(
      reports.map((report, i) => (report ? messages[i] : `no report of ${messages[i]}`)),
    ).toEqual(messages);
    for (const report of reports) {
      const attachment = report!.items.find((i) => i.header.filename === 'flight-log.json.gz');
      expect(logOf(attachment!.payload as string).header.format).toBe('kino-player/flight-log');
    }
    // the film plays on
    const before = await frame.evaluate(() => document.querySelector('video')!.currentTime);
    await frame.waitForFunction(
      (t) => document.querySelector('video')!.currentTime > t + 0.5,
      {},
      before,
    );
    await clearFaultScope(scope);
  });
});
