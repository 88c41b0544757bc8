// What a script finds the player's controls by: their roles and Russian names (docs/qa.md).
import { ru } from '../i18n/ru';

/** The accessible names of the player's controls, as the viewer reads them: the interface's own texts. */
export const NAMES = {
  play: ru.play,
  pause: ru.pause,
  seekBack: ru.seekBack,
  seekForward: ru.seekForward,
  mute: ru.mute,
  unmute: ru.unmute,
  volume: ru.volume,
  progress: ru.progress,
  settings: ru.settings,
  quality: ru.quality,
  rate: ru.speed,
  subtitles: ru.subtitles,
  subtitleStyle: ru.subtitleStyle,
  seasonsAndEpisodes: ru.seasonsAndEpisodes,
  nextEpisode: ru.nextEpisode,
  audioTrack: ru.audioTrack,
  share: ru.share,
  fullscreen: ru.fullscreen,
  exitFullscreen: ru.exitFullscreen,
  exitStretched: ru.exitStretched,
  pictureInPicture: ru.pictureInPicture,
  skip: ru.skip,
  advertiserSite: ru.advertiserSite,
  continueWatching: ru.continueWatching,
  startOver: ru.startOver,
  back: ru.back,
  close: ru.close,
  reload: ru.reload,
  buffering: ru.buffering,
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
  | 'img'
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
