// The page object's controls: found by role and accessible name (or data-testid), clicked as a viewer
// does, the keyboard, and the status region a screen reader hears.
import type { ElementHandle, KeyInput } from 'puppeteer-core';
import { DebugKit } from './debugKit';
import { byRole, byTestId, type ControlRole } from './names';
import { DEFAULT_TIMEOUT, type WaitOptions } from './wait';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The player's controls, by role and name. */
export class ControlKit extends DebugKit {
  /** waits for the control of this role and accessible name */
  async control(
    role: ControlRole,
    name: string,
    { timeout = DEFAULT_TIMEOUT }: WaitOptions = {},
  ): Promise<ElementHandle<Element>> {
    const handle = await this.frame.waitForSelector(byRole(role, name), { timeout });
    if (!handle) throw new Error(`No ${role} named ${name}`);
    return handle;
  }

  /** waits for the element with this data-testid */
  async testId(testId: string, { timeout = DEFAULT_TIMEOUT }: WaitOptions = {}) {
    const handle = await this.frame.waitForSelector(byTestId(testId), { timeout });
    if (!handle) throw new Error(`No element with data-testid ${testId}`);
    return handle;
  }

  /** shows the control bar (it hides while the mouse rests during playback) */
  async revealControls(): Promise<void> {
    const box = await (await this.testId('surface')).boundingBox();
    if (!box) return;
    const mouse = this.page.mouse;
    await mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 5);
    await this.frame.waitForSelector('[data-testid="control-bar"]:not([data-hidden="true"])', {
      timeout: DEFAULT_TIMEOUT,
    });
  }

  /** clicks the control of this role and name once it is there (on the control bar: shown first) */
  async click(role: ControlRole, name: string, options: WaitOptions = {}): Promise<void> {
    const handle = await this.control(role, name, options);
    const onBar = await handle.evaluate((el) => el.closest('[data-testid="control-bar"]') !== null);
    if (onBar) await this.revealControls();
    await handle.click();
  }

  // The keyboard and the status region.

  /**
   * presses one of the player's keys (`k`, `m`, `f`, `0`–`9`, `Home`, `End`, `<`, `>`, the arrows)
   * as a keyboard viewer does: into the player, which takes the focus first if it has none
   */
  async pressKey(key: KeyInput): Promise<void> {
    const focused = await this.frame.evaluate(
      () => document.hasFocus() && document.activeElement !== document.body,
    );
    if (!focused) await this.frame.focus('[data-testid="player"]');
    await this.page.keyboard.press(key);
  }

  /** what the status region says now (what a screen reader was last told); '' before anything */
  status(): Promise<string> {
    return this.frame.$eval('[data-testid="status"]', (el) => el.textContent ?? '');
  }

  /** waits until the status region says these words (the same, or matching) */
  async waitForStatus(words: string | RegExp, { timeout = DEFAULT_TIMEOUT }: WaitOptions = {}) {
    const pattern = typeof words === 'string' ? `^${escapeRegExp(words)}$` : words.source;
    await this.frame
      .waitForFunction(
        (source: string) =>
          new RegExp(source).test(
            document.querySelector('[data-testid="status"]')?.textContent ?? '',
          ),
        { timeout },
        pattern,
      )
      .catch(async (error: unknown) => {
        throw new Error(
          `The status region says "${await this.status()}", not ${String(words)}: ${String(error)}`,
        );
      });
  }
}
