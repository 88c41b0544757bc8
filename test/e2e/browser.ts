// Shared set-up of the browser tests: launch Chromium, open pages, collect errors, save screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type Frame, type Page } from 'puppeteer-core';
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

/** A page that remembers every uncaught error and console error of all its frames. */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 720 }) {
  const page = await browser.newPage();
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

/** The player's frame inside the demo host page, once its debug API is there. */
export async function playerFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe#player');
  const frame = await handle!.contentFrame();
  await frame.waitForFunction(() => window.__player !== undefined);
  openPlayers.add(frame);
  return frame;
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}
