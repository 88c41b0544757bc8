// One way to drive a browser for the cross-engine tests, whichever engine is under it: Chromium and
// Firefox through puppeteer (CDP, WebDriver BiDi), WebKit through WebDriver (WebKitWebDriver). The
// tests speak in page expressions (strings), real clicks and keys, as a viewer or a host page acts.

export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** One document: the top page or a frame in it. */
export interface Doc {
  /** the value of a JavaScript expression in the document (awaited when a promise; JSON data) */
  eval<T = unknown>(expression: string): Promise<T>;
  /** until the expression is truthy in the document; fails after timeoutMs with the expression */
  waitFor(expression: string, timeoutMs?: number): Promise<void>;
  /**
   * A viewer's click (a trusted one, the pointer over its middle) on the first visible element the
   * selector finds, or the first whose text starts with `text`; waited for.
   */
  click(selector: string, text?: string): Promise<void>;
}

/** A browser session with a profile of its own, as a new viewer has. */
export interface Session {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  readonly page: Doc;
  /** the document of the page's frame that the selector finds (waited for) */
  frame(selector: string): Promise<Doc>;
  /** a key as the keyboard sends it to the focused element ('Space', 'ArrowRight', 'KeyM', ...) */
  press(key: KeyName): Promise<void>;
  /** a screenshot of the viewport, to test/artifacts/<name>.png */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** The keys the tests press: the player's shortcuts. */
export type KeyName = 'Space' | 'ArrowRight' | 'ArrowLeft' | 'KeyK' | 'KeyL' | 'KeyM';

/** An engine the suite runs in: opens sessions, and is shut down after its tests. */
export interface Engine {
  readonly name: EngineName;
  /** the browser's name and version, for the report */
  readonly version: string;
  open(options?: { width?: number; height?: number }): Promise<Session>;
  shutdown(): Promise<void>;
}

/**
 * The engine stopped answering its driver (a command past every timeout it was given): the
 * engine's fault, not the page's. The session is lost; the test may run again in a new one.
 */
export class EngineHang extends Error {
  override name = 'EngineHang';
}

/** The answer, or the limit's error once it has not come in `limitMs`. */
export function answerWithin<T>(
  answer: Promise<T>,
  limitMs: number,
  late: () => Error,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), limitMs);
  });
  return Promise.race([answer, limit]).finally(() => clearTimeout(timer));
}

/** Polls an expression until truthy (WebDriver has no waitForFunction of its own). */
export async function poll(
  read: () => Promise<unknown>,
  describe: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await read()) return;
    } catch (error) {
      if (error instanceof EngineHang) throw error; // no later read will be answered
      last = error; // the document may be between loads
    }
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${describe}${last ? ` (${String(last)})` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * An expression marking the element to click with a data attribute (the engines' clicks take CSS
 * selectors only): the first visible one of the selector, or the first whose text starts with
 * `text`; true once one is marked.
 */
export const markForClick = (selector: string, text: string | undefined, mark: string) => `(() => {
  for (const el of document.querySelectorAll(${JSON.stringify(selector)})) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (${JSON.stringify(text ?? null)} !== null && !el.textContent.trim().startsWith(${JSON.stringify(text ?? '')})) continue;
    el.setAttribute('data-click', ${JSON.stringify(mark)});
    return true;
  }
  return false;
})()`;
