// The subtitle style's pages of the 'Оформление' menu, by field: what the interface's state names,
// without the words the menu reads (subtitleStyleFields.ts), which the film's start does not need.
import type { SubtitleStyle } from '../shared/subtitleStyle';

export type SubtitleStyleField = keyof SubtitleStyle;

/** Each field's page, named as its test id reads (`settings-item-subs-size`). */
export const SUBTITLE_STYLE_PAGES = {
  font: 'subs-font',
  size: 'subs-size',
  color: 'subs-color',
  textOpacity: 'subs-text-opacity',
  backgroundColor: 'subs-background-color',
  background: 'subs-background',
  windowColor: 'subs-window-color',
  windowOpacity: 'subs-window',
  edge: 'subs-edge',
} as const satisfies Record<SubtitleStyleField, string>;

export type SubtitleStyleFieldPage = (typeof SUBTITLE_STYLE_PAGES)[SubtitleStyleField];
