// How the viewer wants subtitles to look: a few sizes, text colours and background opacities, and
// the cue CSS each gives. Pure; the choice is remembered across sessions.

export const SUBTITLE_SIZES = ['small', 'medium', 'large'] as const;
export const SUBTITLE_COLORS = ['white', 'yellow', 'green', 'cyan'] as const;
/** the cue background's opacity in percent (0: no background) */
export const SUBTITLE_BACKGROUNDS = [0, 50, 75, 100] as const;

export type SubtitleSize = (typeof SUBTITLE_SIZES)[number];
export type SubtitleColor = (typeof SUBTITLE_COLORS)[number];
export type SubtitleBackground = (typeof SUBTITLE_BACKGROUNDS)[number];

export interface SubtitleStyle {
  size: SubtitleSize;
  color: SubtitleColor;
  background: SubtitleBackground;
}

/** Close to the browsers' own cues (white on 80% black). */
export const DEFAULT_SUBTITLE_STYLE: SubtitleStyle = {
  size: 'medium',
  color: 'white',
  background: 75,
};

/** Relative to the browser's own cue size, which follows the picture's height. */
const FONT_SCALE: Record<SubtitleSize, string> = { small: '75%', medium: '100%', large: '150%' };
const TEXT_COLOR: Record<SubtitleColor, string> = {
  white: '#ffffff',
  yellow: '#ffeb00',
  green: '#3fe05a',
  cyan: '#3fe0ff',
};

/** The declarations of a `::cue` rule for the style. */
export function cueDeclarations({ size, color, background }: SubtitleStyle): string {
  return [
    `font-size: ${FONT_SCALE[size]}`,
    `color: ${TEXT_COLOR[color]}`,
    `background-color: rgba(0, 0, 0, ${background / 100})`,
  ].join('; ');
}

const oneOf = <T>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** A style read from anywhere (storage, a message): each field checked, a bad one is the default. */
export function subtitleStyleOf(value: unknown): SubtitleStyle {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return {
    size: oneOf(SUBTITLE_SIZES, v.size, DEFAULT_SUBTITLE_STYLE.size),
    color: oneOf(SUBTITLE_COLORS, v.color, DEFAULT_SUBTITLE_STYLE.color),
    background: oneOf(SUBTITLE_BACKGROUNDS, v.background, DEFAULT_SUBTITLE_STYLE.background),
  };
}
