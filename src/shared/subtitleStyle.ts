// How the viewer wants subtitles to look: a few sizes, text colours and background opacities, and
// the cue CSS each gives. Pure; the choice is remembered across sessions.
import * as v from 'valibot';

export const SUBTITLE_SIZES = ['small', 'medium', 'large'] as const;
export const SUBTITLE_COLORS = ['white', 'yellow', 'green', 'cyan'] as const;
/** the cue background's opacity in percent (0: no background) */
export const SUBTITLE_BACKGROUNDS = [0, 50, 75, 100] as const;

export type SubtitleSize = (typeof SUBTITLE_SIZES)[number];
export type SubtitleColor = (typeof SUBTITLE_COLORS)[number];
export type SubtitleBackground = (typeof SUBTITLE_BACKGROUNDS)[number];

/** Close to the browsers' own cues (white on 80% black). */
const DEFAULTS = { size: 'medium', color: 'white', background: 75 } as const;

/** A style read from anywhere (storage, a message): each field checked, a bad one is the default. */
export const SubtitleStyleSchema = v.object({
  size: v.fallback(v.picklist(SUBTITLE_SIZES), DEFAULTS.size),
  color: v.fallback(v.picklist(SUBTITLE_COLORS), DEFAULTS.color),
  background: v.fallback(v.picklist(SUBTITLE_BACKGROUNDS), DEFAULTS.background),
});

export type SubtitleStyle = v.InferOutput<typeof SubtitleStyleSchema>;

export const DEFAULT_SUBTITLE_STYLE: SubtitleStyle = { ...DEFAULTS };

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

/** The style a value gives, field by field; one that is not an object gives the default style. */
export function subtitleStyleOf(value: unknown): SubtitleStyle {
  const result = v.safeParse(SubtitleStyleSchema, value);
  return result.success ? result.output : { ...DEFAULT_SUBTITLE_STYLE };
}
