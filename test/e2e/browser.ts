// Shared set-up of the browser tests: launch Chromium, open pages, collect errors, save screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type Frame, type Page, type Viewport } from 'puppeteer-core';
import type { Fault } from '../../demo/faults';
import { demoToken } from '../../demo/tokens';
import { CHROMIUM_PATH, chromiumArgs } from '../../tools/chromium';

export const ARTIFACTS = join(__dirname, '..', 'artifacts');

export function demoUrl(path: string): string {
  const base = process.env.DEMO_URL;
  if (!base)
    throw new Error('DEMO_URL is not set: run the browser tests through jest.e2e.config.cjs');
  return `${base}${path}`;
}

export async function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs(), headless: true });
}

/** One Chromium for the enclosing describe block: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not launched yet');
    return browser;
  };
}

/**
 * One Chromium for tests that run side by side (it.concurrent bodies may start before a beforeAll
 * has run): launched at the first call, closed after the file.
 */
export function sharedBrowserOfFile(): () => Promise<Browser> {
  let browser: Promise<Browser> | undefined;
  afterAll(async () => {
    await (await browser)?.close();
  });
  return () => (browser ??= launchBrowser());
}

/**
 * A page in a browser context of its own (storage and cookies start empty, as for a new viewer) that
 * remembers every uncaught error and console error of all its frames.
 */
export async function openPage(
  browser: Browser,
  viewport: Viewport = { width: 1280, height: 720 },
) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) =>
    errors.push(`pageerror: ${(error as Error).message ?? String(error)}`),
  );
  page.on('console', (msg) => {
    if (msg.type() === 'error')
      errors.push(`console.error: ${msg.text()} ${msg.location().url ?? ''}`);
  });
  return { page, errors };
}

/** Players opened by the running test: their flight logs are saved after it, pass or fail. */
export const openPlayers = new Set<Frame>();
/** Players whose logs become golden logs in test/replay/ (npm run golden). */
export const goldenNames = new Map<Frame, string>();

export function keepAsGolden(frame: Frame, name: string) {
  goldenNames.set(frame, name);
}

/**
 * The player's frame in the iframe `selector` matches, once its debug API is there. The iframe and
 * its frame are looked up again on every try: a frame taken before a cross-origin address commits
 * (or an iframe a host page makes again) is not the one the player runs in.
 */
export async function frameWithPlayer(
  page: Page,
  selector: string,
  timeoutMs = 30_000,
): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  let seen = 'no iframe';
  for (;;) {
    const handle = await page.$(selector);
    const frame = await handle?.contentFrame();
    if (frame && !frame.detached) {
      seen = `a frame at ${frame.url()}`;
      const ready = await frame.evaluate(() => window.__player !== undefined).catch(() => false);
      if (ready) return frame;
    }
    if (Date.now() > deadline)
      throw new Error(`No player in ${selector} within ${timeoutMs} ms (${seen})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The player's frame inside the demo host page, once its debug API is there. */
export async function playerFrame(page: Page): Promise<Frame> {
  const frame = await frameWithPlayer(page, 'iframe#player');
  openPlayers.add(frame);
  return frame;
}

/** The embed page opened directly, as a frame would load it; its player is tracked like playerFrame's. */
export async function openEmbed(page: Page, query: string): Promise<Frame> {
  await page.goto(demoUrl(`/index.html${query}`));
  const frame = page.mainFrame();
  await frame.waitForFunction(() => window.__player !== undefined);
  openPlayers.add(frame);
  return frame;
}

/**
 * Switches a fault on at the demo server for a path (see README: fault injection); with a scope, only
 * for the browser contexts that carry it (useFaultScope), so tests in parallel do not meet each other's.
 */
export async function injectFault(
  path: string,
  fault: Fault,
  times?: number,
  scope?: string,
  serverUrl?: string,
) {
  const url = serverUrl ? `${serverUrl}/__test/faults` : demoUrl('/__test/faults');
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path, fault, times, scope }),
  });
  if (res.status !== 201) throw new Error(`Fault not accepted: ${await res.text()}`);
}

/** A fault at a demo server of the test's own (its faults reach no other test). */
export const injectFaultAt = (
  serverUrl: string,
  rule: { path: string; fault: Fault; times?: number },
) => injectFault(rule.path, rule.fault, rule.times, undefined, serverUrl);

/** Every fault. No parameter: it is used as a Jest hook, which would take one for a done callback. */
export async function clearFaults() {
  await fetch(demoUrl('/__test/faults'), { method: 'DELETE' });
}

/** Every fault at a demo server of the test's own. */
export async function clearFaultsAt(serverUrl: string) {
  await fetch(`${serverUrl}/__test/faults`, { method: 'DELETE' });
}

/** The faults of one scope, and its hung requests. */
export async function clearFaultScope(scope: string) {
  await fetch(demoUrl(`/__test/faults?scope=${encodeURIComponent(scope)}`), { method: 'DELETE' });
}

/** Cookies of the demo's host, for a page's browser context. */
export async function setDemoCookies(page: Page, cookies: Record<string, string>) {
  const domain = new URL(demoUrl('/')).hostname;
  await page
    .browserContext()
    .setCookie(
      ...Object.entries(cookies).map(([name, value]) => ({ name, value, domain, path: '/' })),
    );
}

/** Puts a page's browser context under the faults of a scope. */
export const useFaultScope = (page: Page, scope: string) =>
  setDemoCookies(page, { fault_scope: scope });

/** An expired access token and its refresh token: the catalog requests wait for a refresh first. */
export const giveExpiredToken = (page: Page) =>
  setDemoCookies(page, { access_token: demoToken('viewer', -60), refresh_token: 'demo-refresh' });

/** The text of the player's message screen, once it shows. */
export async function messageText(frame: Frame, timeout = 20_000): Promise<string> {
  const alert = await frame.waitForSelector('[role="alert"]', { timeout });
  return (
    (await alert!.evaluate((el) => el.querySelector('p')?.textContent ?? el.textContent)) ?? ''
  );
}

/** Until the expression is truthy in the page or the frame (polled every 50 ms). */
export const waitFor = (target: Frame | Page, predicate: string, timeout = 20_000) =>
  target.waitForFunction(predicate, { timeout, polling: 50 });

export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Waits for the film to play again after its ad break (a break ended, the film past half a second). */
export const contentPlayingAfterBreak = (frame: Frame) =>
  frame.waitForFunction(
    () => {
      const video = document.getElementById('video') as HTMLVideoElement;
      return window.__player!.getState().ads.activeBreak === null && video.currentTime > 0.5;
    },
    { timeout: 30_000 },
  );

/** What the page's statistics function was given (SPEC.md section 7), in every frame of the page. */
export interface SentStatistic {
  event: string;
  payload: Record<string, unknown>;
}

/** Defines the statistics function a host's analytics script would, recording what it is given. */
export function recordStatistics(page: Page) {
  return page.evaluateOnNewDocument(() => {
    const sent: { event: string; payload: Record<string, unknown> }[] = [];
    Object.assign(window, {
      sentStatistics: sent,
      videoplayerStatistics: (event: string, payload: Record<string, unknown>) =>
        sent.push({ event, payload }),
    });
  });
}

export const sentStatistics = (frame: Frame) =>
  frame.evaluate('window.sentStatistics') as Promise<SentStatistic[]>;
