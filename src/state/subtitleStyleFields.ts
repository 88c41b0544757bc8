// The subtitle style's fields as the viewer meets them in the 'Оформление' menu (each one's page:
// subtitleStylePages.ts): its name, its values and how each reads. Shared by the menu and the status
// region.
import { ru } from '../i18n/ru';
import {
  SUBTITLE_COLORS,
  SUBTITLE_EDGES,
  SUBTITLE_FONTS,
  SUBTITLE_OPACITIES,
  SUBTITLE_SIZES,
  SUBTITLE_TEXT_OPACITIES,
  type SubtitleStyle,
} from '../shared/subtitleStyle';
import type { SubtitleStyleField } from './subtitleStylePages';

const percent = (n: number) => `${n}%`;
const opacity = (n: number) => (n > 0 ? `${n}%` : ru.subtitleNone);
const color = (c: string) => ru.subtitleColors[c as keyof typeof ru.subtitleColors];

/** The fields in the menu's order: what the viewer reads first comes first. */
export const SUBTITLE_STYLE_FIELDS: {
  field: SubtitleStyleField;
  label: string;
  values: readonly (string | number)[];
  text: (value: string | number) => string;
}[] = [
  {
    field: 'font',
    label: ru.subtitleFont,
    values: SUBTITLE_FONTS,
    text: (f) => ru.subtitleFonts[f as keyof typeof ru.subtitleFonts],
  },
  { field: 'size', label: ru.subtitleSize, values: SUBTITLE_SIZES, text: (n) => percent(+n) },
  { field: 'color', label: ru.subtitleColor, values: SUBTITLE_COLORS, text: (c) => color(`${c}`) },
  {
    field: 'textOpacity',
    label: ru.subtitleTextOpacity,
    values: SUBTITLE_TEXT_OPACITIES,
    text: (n) => percent(+n),
  },
  {
    field: 'backgroundColor',
    label: ru.subtitleBackgroundColor,
    values: SUBTITLE_COLORS,
    text: (c) => color(`${c}`),
  },
  {
    field: 'background',
    label: ru.subtitleBackground,
    values: SUBTITLE_OPACITIES,
    text: (n) => opacity(+n),
  },
  {
    field: 'windowColor',
    label: ru.subtitleWindowColor,
    values: SUBTITLE_COLORS,
    text: (c) => color(`${c}`),
  },
  {
    field: 'windowOpacity',
    label: ru.subtitleWindow,
    values: SUBTITLE_OPACITIES,
    text: (n) => opacity(+n),
  },
  {
    field: 'edge',
    label: ru.subtitleEdge,
    values: SUBTITLE_EDGES,
    text: (e) => ru.subtitleEdges[e as keyof typeof ru.subtitleEdges],
  },
];

/** How a field's value reads: 'Размер: 150%'. */
export function describeStyleField(field: SubtitleStyleField, style: SubtitleStyle) {
  const f = SUBTITLE_STYLE_FIELDS.find((x) => x.field === field);
  return f ? { label: f.label, value: f.text(style[field]) } : null;
}
