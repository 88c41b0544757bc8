// A page object for the player in a puppeteer page or frame: its controls by role and name, its
// adverts, and waits on its actions and state through the debug API (window.__player), never sleeps.
// The layers of PlayerKit: its debug API (debugKit.ts), its controls (controlKit.ts), its menus
// (menuKit.ts); here, what a viewer does with the film and its adverts.
import type { Frame, Page } from 'puppeteer-core';
import type { PlayerDebugApi, PlayerState } from './debugApi';
import { MenuKit } from './menuKit';
import { NAMES, sliderPoint } from './names';
import { DEFAULT_TIMEOUT, type WaitOptions } from './wait';

export type { WaitOptions } from './wait';

/** The ad a break is playing, as the state holds it. */
export type AdView = NonNullable<PlayerState['ads']['ad']>;

/** fullscreen, or the host page's fullscreen-stretched mode: the button then says `Выйти из…` */
const isFullscreen = (viewport: PlayerState['viewport']) =>
  viewport.fullscreen || viewport.stretched;

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

/** The player of a page, as a viewer uses it: its film, its adverts, and every layer below. */
export class PlayerKit extends MenuKit {
  /**
   * clicks `Смотреть` (unless the film plays already) and waits until the film plays with its
   * interface there (on a slow link the interface comes once the film can spare it the link)
   */
  async play(options: WaitOptions = {}): Promise<void> {
    await this.startPlaying(options);
    await this.frame.waitForSelector('[data-testid="control-bar"]', {
      timeout: options.timeout ?? DEFAULT_TIMEOUT,
    });
  }

  private async startPlaying(options: WaitOptions): Promise<void> {
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
