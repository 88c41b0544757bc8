// How the viewer wants subtitles to look, to the FCC's list of caption settings (47 CFR 79.103(c)):
// font, size, text colour and opacity, background colour and opacity, window colour and opacity,
// and the characters' edges; and the CSS each gives. Pure; the choice is remembered across sessions.
import * as v from 'valibot';

export const SUBTITLE_FONTS = [
  'sans',
  'serif',
  'monoSans',
  'monoSerif',
  'casual',
  'cursive',
  'smallCaps',
] as const;
/** percent of the browser's own cue size, which follows the picture's height */
export const SUBTITLE_SIZES = [50, 75, 100, 150, 200, 300] as const;
export const SUBTITLE_COLORS = [
  'white',
  'yellow',
  'green',
  'cyan',
  'blue',
  'magenta',
  'red',
  'black',
] as const;
/** percent; 0 (no background, no window) is offered where a box may be left out */
export const SUBTITLE_OPACITIES = [0, 25, 50, 75, 100] as const;
export const SUBTITLE_TEXT_OPACITIES = [25, 50, 75, 100] as const;
export const SUBTITLE_EDGES = ['none', 'raised', 'depressed', 'uniform', 'dropShadow'] as const;

export type SubtitleFont = (typeof SUBTITLE_FONTS)[number];
export type SubtitleSize = (typeof SUBTITLE_SIZES)[number];
export type SubtitleColor = (typeof SUBTITLE_COLORS)[number];
export type SubtitleOpacity = (typeof SUBTITLE_OPACITIES)[number];
export type SubtitleEdge = (typeof SUBTITLE_EDGES)[number];

/** Close to the browsers' own cues: white sans-serif on 75 % black, no window. */
const DEFAULTS = {
  font: 'sans',
  size: 100,
  color: 'white',
  textOpacity: 100,
  backgroundColor: 'black',
  background: 75,
  windowColor: 'black',
  windowOpacity: 0,
  edge: 'none',
} as const;

/** The sizes by name that earlier versions remembered. */
const OLD_SIZES = { small: 75, medium: 100, large: 150 } as const satisfies Record<
  string,
  SubtitleSize
>;

/** A style read from anywhere (storage, a message, a log): each field checked, a bad one is the default. */
export const SubtitleStyleSchema = v.object({
  font: v.fallback(v.picklist(SUBTITLE_FONTS), DEFAULTS.font),
  size: v.fallback(
    v.union([
      v.picklist(SUBTITLE_SIZES),
      v.pipe(
        v.picklist(['small', 'medium', 'large'] as const),
        v.transform((name) => OLD_SIZES[name]),
      ),
    ]),
    DEFAULTS.size,
  ),
  color: v.fallback(v.picklist(SUBTITLE_COLORS), DEFAULTS.color),
  textOpacity: v.fallback(v.picklist(SUBTITLE_TEXT_OPACITIES), DEFAULTS.textOpacity),
  backgroundColor: v.fallback(v.picklist(SUBTITLE_COLORS), DEFAULTS.backgroundColor),
  /** the background's opacity (the name kept from when it was the only background setting) */
  background: v.fallback(v.picklist(SUBTITLE_OPACITIES), DEFAULTS.background),
  windowColor: v.fallback(v.picklist(SUBTITLE_COLORS), DEFAULTS.windowColor),
  windowOpacity: v.fallback(v.picklist(SUBTITLE_OPACITIES), DEFAULTS.windowOpacity),
  edge: v.fallback(v.picklist(SUBTITLE_EDGES), DEFAULTS.edge),
});

export type SubtitleStyle = v.InferOutput<typeof SubtitleStyleSchema>;

export const DEFAULT_SUBTITLE_STYLE: SubtitleStyle = { ...DEFAULTS };

/** Each font as a family list that every system can meet with at least its generic family. */
const FONT_FAMILY: Record<SubtitleFont, string> = {
  sans: 'Arial, Helvetica, "Liberation Sans", sans-serif',
  serif: 'Georgia, "Times New Roman", "Liberation Serif", serif',
  monoSans: '"Lucida Console", Menlo, "DejaVu Sans Mono", monospace',
  monoSerif: '"Courier New", Courier, "Liberation Mono", monospace',
  casual: '"Comic Sans MS", "Comic Neue", "Segoe Print", cursive',
  cursive: '"Brush Script MT", "Segoe Script", "URW Chancery L", cursive',
  smallCaps: 'Arial, Helvetica, "Liberation Sans", sans-serif',
};

const RGB: Record<SubtitleColor, string> = {
  white: '255, 255, 255',
  yellow: '255, 235, 0',
  green: '63, 224, 90',
  cyan: '63, 224, 255',
  blue: '64, 96, 255',
  magenta: '255, 64, 255',
  red: '255, 48, 48',
  black: '0, 0, 0',
};

const rgba = (color: SubtitleColor, percent: number) => `rgba(${RGB[color]}, ${percent / 100})`;

/** The characters' edges, drawn with shadows in em so they grow with the text. */
const EDGE_SHADOW: Record<SubtitleEdge, string> = {
  none: 'none',
  raised: '0.04em 0.04em 0 #222, 0.08em 0.08em 0 #222, -0.03em -0.03em 0 #ccc',
  depressed: '-0.04em -0.04em 0 #222, 0.04em 0.04em 0 #ccc',
  uniform:
    '0.05em 0 0 #000, -0.05em 0 0 #000, 0 0.05em 0 #000, 0 -0.05em 0 #000, 0.04em 0.04em 0 #000, -0.04em -0.04em 0 #000, 0.04em -0.04em 0 #000, -0.04em 0.04em 0 #000',
  dropShadow: '0.08em 0.08em 0.12em rgba(0, 0, 0, 0.9)',
};

/** The declarations that style the text and its background (a `::cue` rule, or the preview's text). */
export function cueDeclarations(style: SubtitleStyle): string {
  return [
    `font-family: ${FONT_FAMILY[style.font]}`,
    `font-variant: ${style.font === 'smallCaps' ? 'small-caps' : 'normal'}`,
    `font-size: ${style.size}%`,
    `color: ${rgba(style.color, style.textOpacity)}`,
    `background-color: ${rgba(style.backgroundColor, style.background)}`,
    `text-shadow: ${EDGE_SHADOW[style.edge]}`,
  ].join('; ');
}

/** The declarations of the window: the box that holds a cue's lines. */
export function windowDeclarations(style: SubtitleStyle): string {
  return `background-color: ${rgba(style.windowColor, style.windowOpacity)}`;
}

/** The style a value gives, field by field; one that is not an object gives the default style. */
export function subtitleStyleOf(value: unknown): SubtitleStyle {
  const result = v.safeParse(SubtitleStyleSchema, value);
  return result.success ? result.output : { ...DEFAULT_SUBTITLE_STYLE };
}
