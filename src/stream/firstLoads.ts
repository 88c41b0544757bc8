// What hls.js will load first, read from the playlists' text by the page's first script, so that
// those loads are on their way while the player's code and hls.js still download (docs/startup.md).
// A guess: hls.js makes its own choices, and a load it does not ask for is only dropped.

/** An audio rendition of the first level's group: its playlist, none when its audio is in the level's. */
export interface AudioRendition {
  name: string;
  lang: string;
  playlist: string | null;
}

/** The level playlist hls.js loads first, with its group's audio renditions in the manifest's order. */
export interface FirstLevel {
  playlist: string;
  audio: AudioRendition[];
}

/** The segments hls.js appends first from a level: its initialisation segment and the one at the start. */
export interface FirstSegments {
  init: string | null;
  segment: string;
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** An attribute of a tag's list (`NAME=value` or `NAME="value"`), or null. */
function attribute(line: string, name: string): string | null {
  const found = new RegExp(`(?:[:,])${name}=("([^"]*)"|[^,]*)`).exec(line);
  if (!found) return null;
  return found[2] ?? found[1] ?? null;
}

function absolute(uri: string, base: string): string | null {
  try {
    return new URL(uri, base).href;
  } catch {
    return null;
  }
}

/** True for a level playlist (segments), false for a multivariant one (levels). */
export const isMediaPlaylist = (text: string) => /^#EXTINF:/m.test(text);

/**
 * The level hls.js starts on with the player's settings (`startLevel: 0`, src/stream/abrController.ts):
 * the lowest bandwidth among the levels with video (hls.js leaves audio-only levels out when there are
 * others). Null for a playlist that uses variables (EXT-X-DEFINE) or names no level.
 */
export function firstLevelOf(manifest: string, base: string): FirstLevel | null {
  if (/^#EXT-X-DEFINE/m.test(manifest)) return null;
  const audioGroups = new Map<string, AudioRendition[]>();
  const levels: { uri: string; bandwidth: number; video: boolean; audio: string | null }[] = [];
  const all = lines(manifest);
  all.forEach((line, i) => {
    if (line.startsWith('#EXT-X-MEDIA:') && attribute(line, 'TYPE') === 'AUDIO') {
      const group = attribute(line, 'GROUP-ID') ?? '';
      const uri = attribute(line, 'URI');
      const rendition = {
        name: attribute(line, 'NAME') ?? '',
        lang: attribute(line, 'LANGUAGE') ?? '',
        playlist: uri ? absolute(uri, base) : null,
      };
      audioGroups.set(group, [...(audioGroups.get(group) ?? []), rendition]);
    }
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const uri = all[i + 1];
      const bandwidth = Number(attribute(line, 'BANDWIDTH'));
      if (!uri || uri.startsWith('#') || !Number.isFinite(bandwidth)) return;
      const codecs = attribute(line, 'CODECS');
      const video =
        attribute(line, 'RESOLUTION') !== null ||
        (codecs !== null && /avc|hvc|hev|av01|vp0?9/.test(codecs));
      levels.push({ uri, bandwidth, video, audio: attribute(line, 'AUDIO') });
    }
  });
  const candidates = levels.some((l) => l.video) ? levels.filter((l) => l.video) : levels;
  const first = [...candidates].sort((a, b) => a.bandwidth - b.bandwidth)[0];
  const playlist = first && absolute(first.uri, base);
  if (!first || !playlist) return null;
  return { playlist, audio: (first.audio && audioGroups.get(first.audio)) || [] };
}

/**
 * The segment of a film on demand that holds `position` (s), and the initialisation segment in force
 * there. Null where the early start cannot fetch what hls.js would: a live playlist (hls.js starts
 * near its end), encrypted segments (the key first), byte ranges and variables.
 */
export function segmentsAt(playlist: string, base: string, position: number): FirstSegments | null {
  if (!/^#EXT-X-ENDLIST/m.test(playlist)) return null;
  if (/^#EXT-X-(DEFINE|BYTERANGE)/m.test(playlist)) return null;
  let init: string | null = null;
  let start = 0;
  let duration: number | null = null;
  for (const line of lines(playlist)) {
    if (line.startsWith('#EXT-X-KEY:') && attribute(line, 'METHOD') !== 'NONE') return null;
    if (line.startsWith('#EXT-X-MAP:')) {
      if (attribute(line, 'BYTERANGE') !== null) return null;
      const uri = attribute(line, 'URI');
      init = uri ? absolute(uri, base) : null;
      if (!init) return null;
    } else if (line.startsWith('#EXTINF:')) {
      duration = Number.parseFloat(line.slice('#EXTINF:'.length));
      if (!Number.isFinite(duration)) return null;
    } else if (!line.startsWith('#') && duration !== null) {
      if (position < start + duration) {
        const segment = absolute(line, base);
        return segment ? { init, segment } : null;
      }
      start += duration;
      duration = null;
    }
  }
  return null;
}
