// The page object's menus: Настройки (quality, speed, subtitles and their style) and Сезоны и эпизоды.
import { ControlKit } from './controlKit';
import { NAMES, byTestId } from './names';
import { DEFAULT_TIMEOUT, type WaitOptions } from './wait';

/** The player's menus, opened and chosen in as a viewer does. */
export class MenuKit extends ControlKit {
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
}
