// Chromium (over CDP) and Firefox (over WebDriver BiDi) through puppeteer-core: each session is a
// browser context of its own (fresh storage and cookies).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type Frame, type Page } from 'puppeteer-core';
import { CHROMIUM_PATH, chromiumArgs } from '../../../tools/chromium';
import { FIREFOX_PATH } from '../../../tools/engines';
import { ARTIFACTS } from '../browser';
import {
  markForClick,
  type Doc,
  type Engine,
  type EngineName,
  type KeyName,
  type Session,
} from './driver';

function docOf(target: Page | Frame): Doc {
  let clicks = 0;
  return {
    eval: <T>(expression: string) => target.evaluate(expression) as Promise<T>,
    async waitFor(expression, timeoutMs = 20_000) {
      try {
        await target.waitForFunction(expression, { timeout: timeoutMs, polling: 100 });
      } catch (error) {
        throw new Error(`Timed out after ${timeoutMs} ms waiting for ${expression}`, {
          cause: error,
        });
      }
    },
    async click(selector, text) {
      const mark = `c${++clicks}`;
      await target.waitForFunction(markForClick(selector, text, mark), {
        timeout: 20_000,
        polling: 100,
      });
      await (await target.$(`[data-click="${mark}"]`))!.click();
    },
  };
}

function sessionOf(engine: EngineName, page: Page): Session {
  return {
    engine,
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    page: docOf(page),
    async frame(selector) {
      const element = await page.waitForSelector(selector, { timeout: 20_000 });
      const frame = await element!.contentFrame();
      if (!frame) throw new Error(`${selector} is no frame`);
      return docOf(frame);
    },
    press: (key: KeyName) => page.keyboard.press(key),
    async screenshot(name) {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
    },
    close: () => page.browserContext().close(),
  };
}

async function launch(name: 'chromium' | 'firefox'): Promise<Browser> {
  if (name === 'chromium')
    return puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      args: chromiumArgs(),
      headless: true,
    });
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      // films and adverts start without a gesture, as the Chromium flag allows
      'media.autoplay.default': 0,
      'media.autoplay.blocking_policy': 0,
    },
  });
}

export async function puppeteerEngine(name: 'chromium' | 'firefox'): Promise<Engine> {
  const browser = await launch(name);
  const version = await browser.version();
  return {
    name,
    version,
    async open({ width = 1280, height = 720 } = {}) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height });
      return sessionOf(name, page);
    },
    shutdown: () => browser.close(),
  };
}
