import type { MediaTrack } from '../shared/media';
import type { SubtitleChoice } from '../shared/storedSchemas';

/** The subtitles the viewer last chose: a track by its language (and name), or off (as stored). */
export type { SubtitleChoice };

const primary = (lang: string) => lang.toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * The track to turn on for a remembered choice: the same language (the same name first, then the
 * first of that language; 'en-US' is English), by name when the choice had no language; -1 for off;
 * null when this episode has nothing that fits (the subtitles stay as they are).
 */
export function chooseSubtitleTrack(
  tracks: readonly MediaTrack[],
  choice: SubtitleChoice | null,
): number | null {
  if (choice === null) return null;
  if (choice === 'off') return -1;
  const lang = primary(choice.lang);
  const sameLang = lang ? tracks.filter((t) => primary(t.lang) === lang) : [];
  const found =
    sameLang.find((t) => t.name === choice.name) ??
    sameLang[0] ??
    (lang ? undefined : tracks.find((t) => t.name === choice.name));
  return found ? found.id : null;
}
