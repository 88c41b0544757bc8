// The page object's first layer: the player's frame and its debug API (window.__player): the state,
// intents dispatched, and waits on actions and state, never sleeps.
import { writeFile } from 'node:fs/promises';
import type { Frame, Page } from 'puppeteer-core';
import type { PlayerAction, PlayerDebugApi, PlayerState } from './debugApi';
import { DEFAULT_TIMEOUT, type WaitOptions } from './wait';

/** The player in a frame, through its debug API. */
export class DebugKit {
  constructor(
    /** the frame the player runs in */
    readonly frame: Frame,
  ) {}

  get page(): Page {
    return this.frame.page();
  }

  /** the whole state now */
  state(): Promise<PlayerState> {
    return this.frame.evaluate(() => (window.__player as PlayerDebugApi).getState());
  }

  /** sends an intent as the viewer would, e.g. {type: 'playback/seekRequested', payload: {time: 30}} */
  async dispatch(action: PlayerAction): Promise<void> {
    await this.frame.evaluate((a) => (window.__player as PlayerDebugApi).dispatch(a), action);
  }

  /**
   * The next action of this type once the state has it. It sees only actions after the call: start
   * it before the step that causes the action, await it after.
   */
  waitForAction(
    type: string,
    { timeout = DEFAULT_TIMEOUT }: WaitOptions = {},
  ): Promise<PlayerAction> {
    return this.frame.evaluate(
      (t, ms) => (window.__player as PlayerDebugApi).waitForAction(t, ms),
      type,
      timeout,
    );
  }

  /**
   * Resolves once `predicate(state, arg)` is true in the player's frame. The predicate runs there: it
   * may use only its parameters (pass what it needs as `arg`, JSON), nothing of the script's scope.
   */
  async waitForState<A = undefined>(
    predicate: (state: PlayerState, arg: A) => boolean,
    arg?: A,
    { timeout = DEFAULT_TIMEOUT }: WaitOptions = {},
  ): Promise<PlayerState> {
    // one expression, which puppeteer turns into a function as it sets the wait up: a function made
    // in the page while it polls would be refused by the player's policy (no eval, docs/security.md)
    const argument = arg === undefined ? 'undefined' : JSON.stringify(arg);
    await this.frame.waitForFunction(
      `(${predicate.toString()})(window.__player.getState(), ${argument})`,
      { timeout, polling: 50 },
    );
    return this.state();
  }

  /** the flight log as JSON (personal data replaced); written to `file` when given */
  async exportLog(file?: string): Promise<string> {
    const log = await this.frame.evaluate(() => (window.__player as PlayerDebugApi).exportLog());
    if (file !== undefined) await writeFile(file, log);
    return log;
  }
}
