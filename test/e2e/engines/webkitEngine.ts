// WebKit, the engine of Safari, as WebKitGTK's MiniBrowser: driven over WebDriver by WebKitWebDriver
// (Debian's webkit2gtk-driver), on an X server of its own (Xvfb), through selenium-webdriver (the
// W3C WebDriver client of the Selenium project: one package, no browser download, the WebDriver
// commands as they are). Each session is a new MiniBrowser with an ephemeral profile.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, By, Capabilities, Key, type WebDriver } from 'selenium-webdriver';
import { miniBrowserPath, WEBKIT_DRIVER_PATH, XVFB_PATH } from '../../../tools/engines';
import { ARTIFACTS } from '../browser';
import {
  answerWithin,
  EngineHang,
  markForClick,
  poll,
  type Doc,
  type Engine,
  type KeyName,
  type Session,
} from './driver';
import { screenPng, type Rect } from './xvfbScreen';

const KEYS: Record<KeyName, string> = {
  Space: Key.SPACE,
  ArrowRight: Key.ARROW_RIGHT,
  ArrowLeft: Key.ARROW_LEFT,
  KeyK: 'k',
  KeyL: 'l',
  KeyM: 'm',
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A display number no X server uses yet. */
function freeDisplay(): number {
  for (let n = 90; n < 200; n++) if (!existsSync(`/tmp/.X11-unix/X${n}`)) return n;
  throw new Error('No free X display between :90 and :199');
}

async function started(child: ChildProcess, ready: () => Promise<boolean>, what: string) {
  let failed: string | null = null;
  child.once('exit', (code) => (failed = `exited with ${code ?? -1}`));
  child.once('error', (error) => (failed = `could not start: ${error.message}`));
  await poll(
    async () => {
      if (failed !== null) throw new Error(`${what} ${failed}`);
      return ready();
    },
    what,
    15_000,
  );
}

/** A helper process in a group of its own, so that stopping it stops what it started. */
const spawnGroup = (command: string, args: string[], env?: NodeJS.ProcessEnv) =>
  spawn(command, args, { env, stdio: 'ignore', detached: true });

/**
 * Stops a process and every process it started (MiniBrowser and its web processes): asked, then
 * killed after 5 s, the group's other members too when the leader is already gone.
 */
async function stopGroup(child: ChildProcess | null) {
  if (!child?.pid) return;
  const group = -child.pid;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(group, name);
      return true;
    } catch {
      return false; // no process left in the group
    }
  };
  if (!signal('SIGTERM')) return;
  const leaderRunning = child.exitCode === null && child.signalCode === null;
  const gone = leaderRunning
    ? new Promise((resolve) => child.once('exit', resolve))
    : Promise.resolve();
  await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  signal('SIGKILL');
}

/**
 * A WebDriver command's answer, or EngineHang past a limit above the session's own timeouts (page
 * load, script: 20 s): WebKitGTK has left a new session, and a screenshot, unanswered for minutes.
 */
const COMMAND_LIMIT_MS = 30_000;
function answered<T>(what: string, command: Promise<T>): Promise<T> {
  return answerWithin(
    command,
    COMMAND_LIMIT_MS,
    () => new EngineHang(`WebKit did not answer ${what} in ${COMMAND_LIMIT_MS / 1000} s`),
  );
}

/** The script that evaluates an expression and hands back its (awaited) value or its error. */
const evaluation = (expression: string) => `
  const done = arguments[arguments.length - 1];
  Promise.resolve()
    .then(() => (${expression}))
    .then(
      (value) => done({ ok: true, value: value === undefined ? null : value }),
      (error) => done({ ok: false, error: String((error && error.stack) || error) }),
    );`;

/** Where the page's viewport is on the screen, once what changed last has been painted. */
const viewportAfterPaint = `new Promise((resolve) =>
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve({
    x: window.screenX,
    y: window.screenY + window.outerHeight - window.innerHeight, // below the browser's toolbar
    width: window.innerWidth,
    height: window.innerHeight,
  }), 100))))`;

/** A session of the driver; `onLost` when a command of it goes unanswered. */
function sessionOf(driver: WebDriver, screenFile: string, onLost: () => void): Session {
  // WebDriver has one current frame per session: each operation picks its document, one at a time
  let queue: Promise<unknown> = Promise.resolve();
  let clicks = 0;
  let lost: EngineHang | null = null; // the driver behind a command that was never answered
  const serial = <T>(what: string, run: () => Promise<T>): Promise<T> => {
    const command = async () => {
      if (lost) throw lost;
      try {
        return await answered(what, run());
      } catch (error) {
        if (error instanceof EngineHang) {
          lost = error;
          onLost();
        }
        throw error;
      }
    };
    const next = queue.then(command, command);
    queue = next.catch(() => undefined);
    return next;
  };
  const enter = async (frameSelector: string | null) => {
    await driver.switchTo().defaultContent();
    if (frameSelector)
      await driver.switchTo().frame(await driver.findElement(By.css(frameSelector)));
  };

  const docIn = (frameSelector: string | null): Doc => {
    const evaluate = <T>(expression: string) =>
      serial(`a script (${expression.trim().slice(0, 60)})`, async () => {
        await enter(frameSelector);
        const result = (await driver.executeAsyncScript(evaluation(expression))) as
          { ok: true; value: T } | { ok: false; error: string };
        if (!result.ok) throw new Error(result.error);
        return result.value;
      });
    return {
      eval: evaluate,
      waitFor: (expression, timeoutMs = 20_000) =>
        poll(() => evaluate(expression), expression, timeoutMs),
      async click(selector, text) {
        const mark = `c${++clicks}`;
        await poll(
          () => evaluate(markForClick(selector, text, mark)),
          `${selector} ${text ?? ''}`,
          20_000,
        );
        await serial(`a click on ${selector}`, async () => {
          await enter(frameSelector);
          await driver.findElement(By.css(`[data-click="${mark}"]`)).click();
        });
      },
    };
  };

  return {
    engine: 'webkit',
    goto: (url) => serial(`a load of ${url}`, () => driver.get(url)),
    reload: () => serial('a reload', () => driver.navigate().refresh()),
    page: docIn(null),
    async frame(selector) {
      await poll(
        () => docIn(null).eval(`document.querySelector(${JSON.stringify(selector)}) !== null`),
        selector,
        20_000,
      );
      return docIn(selector);
    },
    press: (key) =>
      serial(`the key ${key}`, async () => {
        await driver.switchTo().defaultContent();
        await driver.actions().sendKeys(KEYS[key]).perform();
      }),
    // the screen, not the engine's own screenshot (see xvfbScreen.ts); one window at a time is shown
    screenshot: async (name) => {
      const viewport = await docIn(null).eval<Rect>(viewportAfterPaint);
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(join(ARTIFACTS, `${name}.png`), screenPng(screenFile, viewport));
    },
    // a lost session's browser goes with its driver's process group, at the next session's start
    close: () => (lost ? Promise.resolve() : serial('the end of the session', () => driver.quit())),
  };
}

export async function webkitEngine(): Promise<Engine> {
  const miniBrowser = miniBrowserPath();
  if (!miniBrowser) throw new Error('MiniBrowser not found (apt-get install -y webkit2gtk-driver)');
  const display = freeDisplay();
  const framebufferDir = mkdtempSync(join(tmpdir(), 'webkit-screen-'));
  const xvfb = spawnGroup(XVFB_PATH, [
    `:${display}`,
    '-screen',
    '0',
    '1920x1080x24',
    '-nolisten',
    'tcp',
    '-fbdir', // the screen's pixels in a file, for screenshots
    framebufferDir,
  ]);
  let driverProcess: ChildProcess | null = null;
  const stop = async () => {
    await stopGroup(driverProcess);
    await stopGroup(xvfb);
    rmSync(framebufferDir, { recursive: true, force: true });
  };
  // a test process that ends without the suite's shutdown leaves neither behind
  const onExit = () => {
    for (const child of [driverProcess, xvfb])
      if (child?.pid) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
    rmSync(framebufferDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const capabilities = () => {
    const caps = new Capabilities();
    caps.set('browserName', 'MiniBrowser');
    caps.set('webkitgtk:browserOptions', { binary: miniBrowser, args: ['--automation'] });
    return caps;
  };
  let port = 0;
  const openDriver = () =>
    new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities()).build();
  /** WebKitWebDriver on a free port (its browsers are in its process group) */
  const startDriver = async () => {
    port = await freePort();
    driverProcess = spawnGroup(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], {
      ...process.env,
      DISPLAY: `:${display}`,
    });
    await started(
      driverProcess,
      async () => (await fetch(`http://127.0.0.1:${port}/status`).catch(() => null))?.ok === true,
      'WebKitWebDriver',
    );
  };
  // it holds one session at a time: after one it lost, only a new driver opens another
  let driverLost = false;
  const lose = () => (driverLost = true);

  let version: string;
  try {
    await started(xvfb, async () => existsSync(`/tmp/.X11-unix/X${display}`), `Xvfb :${display}`);
    await startDriver();
    const probe = await answered('a first session', openDriver());
    try {
      version = String((await probe.getCapabilities()).get('browserVersion') ?? 'unknown');
    } finally {
      await answered('the end of the first session', probe.quit());
    }
  } catch (error) {
    await stop();
    process.removeListener('exit', onExit);
    throw error;
  }

  return {
    name: 'webkit',
    version: `WebKitGTK ${version}`,
    async open({ width = 1280, height = 720 } = {}) {
      if (driverLost) {
        await stopGroup(driverProcess);
        await startDriver();
        driverLost = false;
      }
      let driver: WebDriver | null = null;
      try {
        driver = await answered('a new session', openDriver());
        // no operation waits longer than a test would: a page that never loads, a promise never settled
        await answered(
          'the timeouts',
          driver.manage().setTimeouts({ pageLoad: 20_000, script: 20_000 }),
        );
        await answered('the window size', driver.manage().window().setRect({ width, height }));
      } catch (error) {
        if (error instanceof EngineHang) lose();
        else if (driver) await answered('the end of the session', driver.quit()).catch(lose);
        throw error;
      }
      return sessionOf(driver, join(framebufferDir, 'Xvfb_screen0'), lose);
    },
    async shutdown() {
      await stop();
      process.removeListener('exit', onExit);
    },
  };
}
