import type { MediaTrack } from '../shared/media';

/** The global language order when the embed gives no lang_order. */
export const DEFAULT_LANG_ORDER = ['ru'];

const isAc3 = (t: MediaTrack) => /\bac-?3\b/i.test(t.name);

/** How early a track's language or label comes in the language order; Infinity when it is not there. */
function preference(track: MediaTrack, langOrder: readonly string[]): number {
  const index = langOrder.findIndex((wanted) => {
    const w = wanted.toLowerCase();
    return track.lang.toLowerCase() === w || track.name.toLowerCase() === w;
  });
  return index < 0 ? Infinity : index;
}

/**
 * SPEC.md section 5: preferred languages first (in the order given), then the rest as the stream
 * lists them; AC3-labelled tracks are dropped unless the order asks for them by their own label.
 * The viewer's favourite labels (SPEC.md section 3), when given, come before the language order;
 * they do not bring AC3 back.
 */
export function orderAudioTracks(
  tracks: readonly MediaTrack[],
  langOrder: readonly string[],
  favourites: readonly string[] = [],
): MediaTrack[] {
  const rank = (t: MediaTrack) => {
    const favourite = favourites.indexOf(t.name);
    return favourite >= 0 ? favourite : favourites.length + preference(t, langOrder);
  };
  return tracks
    .filter((t) => !isAc3(t) || langOrder.some((w) => t.name.toLowerCase() === w.toLowerCase()))
    .map((t, i) => ({ t, i, p: rank(t) }))
    .sort((a, b) => a.p - b.p || a.i - b.i)
    .map(({ t }) => t);
}

/** The track to play: the label remembered for this content, else the first in order. */
export function chooseAudioTrack(
  ordered: readonly MediaTrack[],
  rememberedLabel: string | null,
): MediaTrack | null {
  return ordered.find((t) => t.name === rememberedLabel) ?? ordered[0] ?? null;
}

export const audioMemoryKey = (contentId: number) => `player-audio-track:${contentId}`;

/** How many favourite audio labels are kept. */
export const FAVOURITES_KEPT = 5;
