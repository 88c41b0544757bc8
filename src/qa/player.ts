// A page object for the player in a puppeteer page or frame: its controls by role and name, its
// adverts, and waits on its actions and state through the debug API (window.__player), never sleeps.
import { writeFile } from 'node:fs/promises';
import type { ElementHandle, Frame, KeyInput, Page } from 'puppeteer-core';
import type { PlayerAction, PlayerDebugApi, PlayerState } from './debugApi';
import { NAMES, byRole, byTestId, sliderPoint, type ControlRole } from './names';

export interface WaitOptions {
  /** milliseconds; 10 000 unless told */
  timeout?: number;
}

const DEFAULT_TIMEOUT = 10_000;

/** The ad a break is playing, as the state holds it. */
export type AdView = NonNullable<PlayerState['ads']['ad']>;

/** fullscreen, or the host page's fullscreen-stretched mode: the button then says `Выйти из…` */
const isFullscreen = (viewport: PlayerState['viewport']) =>
  viewport.fullscreen || viewport.stretched;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isPage = (target: Page | Frame): target is Page =>
  typeof (target as Page).mainFrame === 'function';

/**
 * The player of a page: in its frame `iframe#player` (a host page), or the page's own (the embed page
 * opened directly). Resolves once the player's debug API is there.
 */
export async function attachPlayer(
  target: Page | Frame,
  { timeout = 30_000 }: WaitOptions = {},
): Promise<PlayerKit> {
  const root = isPage(target) ? target.mainFrame() : target;
  await root.waitForFunction(
    () => window.__player !== undefined || document.querySelector('iframe#player') !== null,
    { timeout },
  );
  const own = await root.evaluate(() => window.__player !== undefined);
  let frame = root;
  if (!own) {
    const handle = await root.waitForSelector('iframe#player', { timeout });
    const inner = await handle?.contentFrame();
    if (!inner) throw new Error('iframe#player has no frame');
    frame = inner;
  }
  await frame.waitForFunction(() => window.__player !== undefined, { timeout });
  return new PlayerKit(frame);
}

export class PlayerKit {
  constructor(
    /** the frame the player runs in */
    readonly frame: Frame,
  ) {}

  get page(): Page {
    return this.frame.page();
  }

  // The debug API.

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
    await this.frame.waitForFunction(
      (source, a) =>
        (new Function(`return (${source})`)() as (s: unknown, x: unknown) => boolean)(
          (window.__player as PlayerDebugApi).getState(),
          a,
        ),
      { timeout, polling: 50 },
      predicate.toString(),
      arg as unknown,
    );
    return this.state();
  }

  /** the flight log as JSON (personal data replaced); written to `file` when given */
  async exportLog(file?: string): Promise<string> {
    const log = await this.frame.evaluate(() => (window.__player as PlayerDebugApi).exportLog());
    if (file !== undefined) await writeFile(file, log);
    return log;
  }

  // Controls, by role and name.

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

  /** clicks `Смотреть` (unless the film plays already) and waits until the film plays */
  async play(options: WaitOptions = {}): Promise<void> {
    // the film may start by itself meanwhile (auto_play): then there is no `Смотреть` to click
    const ready = await this.frame.waitForFunction(
      (name) =>
        (window.__player as PlayerDebugApi).getState().ads.activeBreak !== null
          ? false // the advert's own button is named so too: the film's comes after the break
          : !(window.__player as PlayerDebugApi).getState().media.paused
            ? 'playing'
            : document.querySelector(`button[aria-label="${name}"]`)
              ? 'paused'
              : false,
      { timeout: options.timeout ?? DEFAULT_TIMEOUT, polling: 50 },
      NAMES.play,
    );
    if ((await ready.jsonValue()) === 'playing') return;
    await this.click('button', NAMES.play, options);
    await this.waitForState((s) => !s.media.paused, undefined, options);
  }

  /** clicks `Пауза` (unless the film is paused already) and waits until the film is paused */
  async pause(options: WaitOptions = {}): Promise<void> {
    if ((await this.state()).media.paused) return;
    await this.click('button', NAMES.pause, options);
    await this.waitForState((s) => s.media.paused, undefined, options);
  }

  /** clicks the progress slider `Перемотка` at `seconds` and waits until the film is there (±1.5 s) */
  async seek(seconds: number, options: WaitOptions = {}): Promise<void> {
    await this.revealControls();
    const slider = await this.control('slider', NAMES.progress, options);
    const { duration } = (await this.state()).media;
    const box = await slider.boundingBox();
    if (!box || !(duration > 0)) throw new Error('The progress slider has no size or no duration');
    const point = sliderPoint(box, seconds, 0, duration);
    await this.page.mouse.click(point.x, point.y);
    await this.waitForState(
      (s, target) => Math.abs(s.media.currentTime - target) < 1.5,
      Math.min(seconds, duration),
      options,
    );
  }

  /** `Назад на 10 секунд` (negative) or `Вперёд на 10 секунд` */
  async seekBy(direction: -10 | 10, options: WaitOptions = {}): Promise<void> {
    await this.click('button', direction < 0 ? NAMES.seekBack : NAMES.seekForward, options);
  }

  /** clicks the slider `Громкость` at `volume` (0..1) and waits until the state has it (±0.1) */
  async setVolume(volume: number, options: WaitOptions = {}): Promise<void> {
    await this.revealControls();
    const slider = await this.control('slider', NAMES.volume, options);
    const box = await slider.boundingBox();
    if (!box) throw new Error('The volume slider has no size');
    const point = sliderPoint(box, volume, 0, 1);
    await this.page.mouse.click(point.x, point.y);
    await this.waitForState((s, v) => Math.abs(s.media.volume - v) <= 0.1, volume, options);
  }

  /** `Выключить звук` (unless muted already) */
  async mute(options: WaitOptions = {}): Promise<void> {
    if ((await this.state()).media.muted) return;
    await this.click('button', NAMES.mute, options);
    await this.waitForState((s) => s.media.muted, undefined, options);
  }

  /** `Включить звук` (unless the sound is on already) */
  async unmute(options: WaitOptions = {}): Promise<void> {
    if (!(await this.state()).media.muted) return;
    await this.click('button', NAMES.unmute, options);
    await this.waitForState((s) => !s.media.muted, undefined, options);
  }

  /** opens the menu `Настройки` */
  async openSettings(options: WaitOptions = {}): Promise<void> {
    await this.click('button', NAMES.settings, options);
    await this.control('menu', NAMES.settings, options);
  }

  private async chooseInSettings(
    page: 'quality' | 'playback-rate',
    label: string,
    options: WaitOptions,
  ) {
    await this.openSettings(options);
    await (await this.testId(`settings-item-${page}`, options)).click();
    await this.click('menuitemradio', label, options);
  }

  /** Настройки → Качество → `label` (e.g. `360p`, `Auto (480p)`) */
  chooseQuality(label: string, options: WaitOptions = {}): Promise<void> {
    return this.chooseInSettings('quality', label, options);
  }

  /** Настройки → Скорость → `label` (e.g. `1.5x`, `Обычная`) */
  chooseRate(label: string, options: WaitOptions = {}): Promise<void> {
    return this.chooseInSettings('playback-rate', label, options);
  }

  /**
   * the subtitles page (the button `Субтитры`, or on phones Настройки → Субтитры) → `label` (`Выкл.`
   * for none); waits first for the film's subtitles, which the player learns only from its stream
   */
  async chooseSubtitles(label: string, options: WaitOptions = {}): Promise<void> {
    const { viewport } = await this.waitForState(
      (s) => s.stream.subtitleTracks.length > 0,
      undefined,
      options,
    ).catch((error: unknown) => {
      throw new Error(`No subtitles in this content (none came with its stream): ${String(error)}`);
    });
    if (viewport.wide) {
      await this.click('button', NAMES.subtitles, options);
    } else {
      await this.openSettings(options);
      await (await this.testId('settings-item-subs', options)).click();
    }
    await this.click('menuitemradio', label, options);
  }

  /** opens `Сезоны и эпизоды` (unless it is open): its seasons, or a single season's episodes */
  async openEpisodes(options: WaitOptions = {}): Promise<void> {
    const { menu } = (await this.state()).ui;
    // the button toggles: a second click would close the menu
    if (menu !== 'seasons' && menu !== 'episodes')
      await this.click('button', NAMES.seasonsAndEpisodes, options);
    await this.frame.waitForSelector(`${byTestId('menu-seasons')}, ${byTestId('menu-episodes')}`, {
      timeout: options.timeout ?? DEFAULT_TIMEOUT,
    });
  }

  /**
   * Сезоны и эпизоды → the season (1-based, in the menu's order) → its episode (1-based); resolves
   * with the episode selected (the payload of `content/episodeSelected`), at once when it is the
   * one playing (then the menu just closes).
   */
  async chooseEpisode(season: number, episode: number, options: WaitOptions = {}) {
    const timeout = options.timeout ?? DEFAULT_TIMEOUT;
    await this.openEpisodes(options);
    const { ui, content } = await this.state();
    // the menu's seasons are in their catalog order; the state names the open one by that order
    const orders = [...new Set(content.episodes.map((e) => e.season.order))].sort((a, b) => a - b);
    const order = orders[season - 1];
    if (order === undefined)
      throw new Error(`No season ${season}: the series has ${orders.length} in its menu`);
    // a single season's menu is its episodes, with no seasons page
    const showing = ui.menu === 'episodes' && (orders.length === 1 || ui.menuSeason === order);
    if (!showing) {
      // another season's episodes: back to the seasons first
      if (ui.menu === 'episodes') await this.click('button', NAMES.back, options);
      const seasonItem = await this.frame.waitForSelector(
        `${byTestId('menu-seasons')} [role="menuitem"]:nth-of-type(${season})`,
        { timeout },
      );
      await seasonItem?.click();
    }
    const item = await this.frame.waitForSelector(
      `${byTestId('menu-episodes')} [role="menuitemradio"]:nth-of-type(${episode})`,
      { timeout },
    );
    if (!item) throw new Error(`No episode ${episode} in season ${season}`);
    if (await item.evaluate((el) => el.getAttribute('aria-checked') === 'true')) {
      // the player does not select the episode it plays again
      await item.click();
      return { episodeId: (await this.state()).content.currentEpisodeId as number };
    }
    const selected = this.waitForAction('content/episodeSelected', options);
    await item.click();
    return (await selected).payload as { episodeId: number };
  }

  /** `Следующий эпизод` */
  async nextEpisode(options: WaitOptions = {}) {
    const selected = this.waitForAction('content/episodeSelected', options);
    await this.click('button', NAMES.nextEpisode, options);
    return (await selected).payload as { episodeId: number };
  }

  /** `Во весь экран` (unless the player is so already), and waits until it fills the screen */
  async enterFullscreen(options: WaitOptions = {}): Promise<void> {
    if (isFullscreen((await this.state()).viewport)) return;
    await this.click('button', NAMES.fullscreen, options);
    await this.waitForState(
      (s) => s.viewport.fullscreen || s.viewport.stretched,
      undefined,
      options,
    );
  }

  /**
   * `Выйти из полноэкранного режима` (unless the player is not fullscreen), and waits until it is
   * back in its place
   */
  async exitFullscreen(options: WaitOptions = {}): Promise<void> {
    if (!isFullscreen((await this.state()).viewport)) return;
    await this.click('button', NAMES.exitFullscreen, options);
    await this.waitForState(
      (s) => !s.viewport.fullscreen && !s.viewport.stretched,
      undefined,
      options,
    );
  }

  /** the continue prompt's `Продолжить просмотр` */
  continueWatching(options: WaitOptions = {}): Promise<void> {
    return this.click('button', NAMES.continueWatching, options);
  }

  /** the continue prompt's `Начать сначала` */
  startOver(options: WaitOptions = {}): Promise<void> {
    return this.click('button', NAMES.startOver, options);
  }

  // Adverts.

  /** waits until an ad plays; resolves with it */
  async waitForAd({ timeout = 20_000 }: WaitOptions = {}): Promise<AdView> {
    const state = await this.waitForState((s) => s.ads.ad?.status === 'playing', undefined, {
      timeout,
    });
    if (!state.ads.ad) throw new Error('The ad ended before it was read');
    return state.ads.ad;
  }

  /**
   * Субтитры → Оформление → the field (`Размер`, `Цвет текста`, … as the page names them) → `value`
   * (`150%`, `Жёлтый`); resolves once the style holds it, back on `Оформление`.
   */
  async chooseSubtitleStyle(field: string, value: string, options: WaitOptions = {}) {
    const open = await this.state();
    if (open.ui.menu !== 'subs-style') {
      if (open.viewport.wide) await this.click('button', NAMES.subtitles, options);
      else {
        await this.openSettings(options);
        await (await this.testId('settings-item-subs', options)).click();
      }
      await (await this.testId('settings-item-subs-style', options)).click();
    }
    const item = await this.frame.waitForSelector(
      `[role="menu"][aria-label="${NAMES.subtitleStyle}"] [aria-label^="${field}: "]`,
      { timeout: options.timeout ?? DEFAULT_TIMEOUT },
    );
    if (!item) throw new Error(`No field ${field} on ${NAMES.subtitleStyle}`);
    await item.click();
    await this.click('menuitemradio', value, options);
    await this.waitForState((s) => s.ui.menu === 'subs-style', undefined, options);
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

  /**
   * Waits until the ad's skip button is enabled (`Пропустить N` has become `Пропустить`), clicks
   * it, and resolves with the payload of `ads/adEnded` (its status `skipped`).
   */
  async skipAdWhenAllowed({ timeout = 30_000 }: WaitOptions = {}) {
    const skip = await this.control('button', NAMES.skip, { timeout });
    const ended = this.waitForAction('ads/adEnded', { timeout });
    await skip.click();
    return (await ended).payload as { status: string };
  }
}
