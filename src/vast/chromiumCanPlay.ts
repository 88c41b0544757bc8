// A static table of what Chromium's <video> plays, for tools that have no browser to ask
// (the VAST inspector CLI). The player itself asks its media element.

type Codec = 'avc' | 'hevc' | 'av1' | 'vp8' | 'vp9' | 'aac' | 'mp3' | 'opus' | 'vorbis' | 'flac';
type Family = Codec | 'unsupported';

// RFC 6381 codec ids and the informal names ad servers put in MediaFile@codec ("H.264").
const FAMILIES: [RegExp, Family][] = [
  [/^(avc[13](\..*)?|h\.?264|avc)$/, 'avc'],
  [/^(hvc1|hev1)(\..*)?$|^(h\.?265|hevc)$/, 'hevc'],
  [/^(av01(\..*)?|av1)$/, 'av1'],
  [/^(vp0?8(\..*)?)$/, 'vp8'],
  [/^(vp0?9(\..*)?)$/, 'vp9'],
  [/^(mp4a\.40(\..*)?|mp4a|aac)$/, 'aac'],
  [/^(mp4a\.(69|6b)|mp3)$/, 'mp3'],
  [/^opus$/, 'opus'],
  [/^vorbis$/, 'vorbis'],
  [/^flac$/, 'flac'],
  // Known codecs Chromium does not decode.
  [
    /^(mp4v(\..*)?|theora|ac-3|ec-3|dts[a-z-]*|mp4a\..*|alac|dvh1(\..*)?|dvhe(\..*)?)$/,
    'unsupported',
  ],
];

const MP4: readonly Codec[] = ['avc', 'av1', 'vp9', 'aac', 'mp3', 'opus', 'flac'];
const WEBM: readonly Codec[] = ['vp8', 'vp9', 'av1', 'opus', 'vorbis'];

const CONTAINERS: Record<string, readonly Codec[]> = {
  'video/mp4': MP4,
  'audio/mp4': MP4,
  'video/webm': WEBM,
  'audio/webm': WEBM,
  'audio/mpeg': ['mp3'],
  'audio/aac': ['aac'],
  'audio/ogg': ['opus', 'vorbis', 'flac'],
};

const VPAID_TYPES = new Set([
  'application/javascript',
  'text/javascript',
  'application/x-javascript',
]);

function familyOf(codec: string): Family | null {
  for (const [pattern, family] of FAMILIES) if (pattern.test(codec)) return family;
  return null;
}

/**
 * Chromium's answer for a MediaFile. HEVC, 3GPP, FLV, Flash and QuickTime are refused;
 * application/javascript only as VPAID. A codec attribute that names no codec at all ("0") is
 * ignored and the container decides, as a player that ignores the attribute would.
 */
export function chromiumCanPlay(
  type: string,
  codec: string | null,
  apiFramework: string | null = null,
): boolean {
  const mime = type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (VPAID_TYPES.has(mime)) return apiFramework?.trim().toUpperCase() === 'VPAID';
  const allowed: readonly Family[] | undefined = CONTAINERS[mime];
  if (!allowed) return false;
  if (!codec) return true;
  for (const raw of codec.split(',')) {
    const family = familyOf(raw.trim().replace(/^"|"$/g, '').toLowerCase());
    if (family !== null && !allowed.includes(family)) return false;
  }
  return true;
}
