// What a script finds the player's controls by: their roles and Russian names (docs/qa.md).

/** The accessible names of the player's controls, as the viewer reads them. */
export const NAMES = {
  play: 'Смотреть',
  pause: 'Пауза',
  seekBack: 'Назад на 10 секунд',
  seekForward: 'Вперёд на 10 секунд',
  mute: 'Выключить звук',
  unmute: 'Включить звук',
  volume: 'Громкость',
  progress: 'Перемотка',
  settings: 'Настройки',
  quality: 'Качество',
  rate: 'Скорость',
  subtitles: 'Субтитры',
  seasonsAndEpisodes: 'Сезоны и эпизоды',
  nextEpisode: 'Следующий эпизод',
  audioTrack: 'Озвучка',
  share: 'Поделиться',
  fullscreen: 'Во весь экран',
  exitFullscreen: 'Выйти из полноэкранного режима',
  exitStretched: 'Свернуть плеер',
  pictureInPicture: 'Картинка в картинке',
  skip: 'Пропустить',
  advertiserSite: 'Перейти на сайт рекламодателя',
  continueWatching: 'Продолжить просмотр',
  startOver: 'Начать сначала',
  back: 'Назад',
  close: 'Закрыть',
  reload: 'Перезагрузить страницу',
  buffering: 'Загрузка видео',
} as const;

export type ControlRole =
  | 'button'
  | 'slider'
  | 'menu'
  | 'menuitem'
  | 'menuitemradio'
  | 'menuitemcheckbox'
  | 'link'
  | 'dialog'
  | 'status'
  | 'alert';

/**
 * A puppeteer selector for the element of this role whose accessible name is exactly `name`
 * (`Пропустить` does not match the counting `Пропустить 5`).
 */
export function byRole(role: ControlRole, name: string): string {
  return `::-p-aria([name=${JSON.stringify(name)}][role=${JSON.stringify(role)}])`;
}

/** A CSS selector for a `data-testid`. */
export function byTestId(testId: string): string {
  return `[data-testid=${JSON.stringify(testId)}]`;
}

/** Where on a horizontal slider of `min..max` a click sets `value`: x in the box, clamped to it. */
export function sliderPoint(
  box: { x: number; y: number; width: number; height: number },
  value: number,
  min: number,
  max: number,
): { x: number; y: number } {
  const span = max - min;
  const fraction = span > 0 ? Math.min(1, Math.max(0, (value - min) / span)) : 0;
  // stay a pixel inside the ends, where a click still lands on the track
  const x = box.x + Math.min(box.width - 1, Math.max(1, box.width * fraction));
  return { x, y: box.y + box.height / 2 };
}
