// VAST macro substitution in tracking, error and wrapper URLs (VAST 4.3 "Macros"). Pure: the caller
// passes the time and the random number, taken from its clock and rng ports.
import { VERIFICATION_NOT_EXECUTED_REASON, type VerificationNotExecutedReason } from './model';

/**
 * [APIFRAMEWORKS]: the frameworks the player runs, as AdCOM 1.0 numbers them: 2 VPAID 2.0, 8 SIMID
 * 1.0, 9 SIMID 1.1. SIMID 1.2, which the player speaks, has no number of its own and plays 1.x
 * creatives; 7 (OMID 1.0) belongs here once the player runs Open Measurement scripts.
 */
export const PLAYER_API_FRAMEWORKS: readonly number[] = [2, 8, 9];

/** [PLAYBACKMETHODS]: how the playback the ad is part of began (the IAB VAST macro list). */
export const PLAYBACK_METHOD = {
  PAGE_LOAD_SOUND_ON: 1,
  PAGE_LOAD_SOUND_OFF: 2,
  CLICK_SOUND_ON: 3,
  MOUSE_OVER_SOUND_ON: 4,
  VIEWPORT_SOUND_ON: 5,
  VIEWPORT_SOUND_OFF: 6,
  /** content playing back to back without the viewer doing anything: an autoplayed next episode */
  CONTINUOUS: 7,
} as const;

export type PlaybackMethod = (typeof PLAYBACK_METHOD)[keyof typeof PLAYBACK_METHOD];

export interface MacroValues {
  /** [ERRORCODE] */
  errorCode?: number;
  /** [CACHEBUSTING]: a random number in [0, 1) from the caller's rng (an integer is used as is) */
  cacheBusting?: number;
  /** [TIMESTAMP]: epoch milliseconds */
  timestampMs?: number;
  /** [ADPLAYHEAD]: seconds into the ad */
  adPlayheadSec?: number;
  /** [CONTENTPLAYHEAD] and its VAST 4.1 name [MEDIAPLAYHEAD]: seconds into the content */
  contentPlayheadSec?: number;
  /** [ASSETURI]: the media file being played */
  assetUri?: string;
  /** [ADSERVINGID]: the playing ad's AdServingId */
  adServingId?: string | null;
  /** [PLAYBACKMETHODS] */
  playbackMethod?: PlaybackMethod;
  /** [PLAYERSTATE]: becomes the list of those that hold, e.g. "muted,fullscreen", or "" */
  playerState?: { muted: boolean; fullscreen: boolean };
  /** [PLAYERSIZE]: the player's width and height in CSS pixels, e.g. "640,360" */
  playerSize?: { width: number; height: number };
  /**
   * [VERIFICATIONVENDORS]: the Verification vendor values the player accepts (a capability, meant
   * for VAST request URIs), not the vendors of the ad
   */
  verificationVendors?: readonly string[];
  /** [REASON]: why a vendor's verification did not run, in its verificationNotExecuted URLs */
  reason?: VerificationNotExecutedReason;
  /** VAST macros whose value is known but not shared by policy: they become -2 */
  withheld?: readonly string[];
}

// The IAB VAST 4.x macro list. A listed macro with no value becomes -1 ("unknown"); a name not in
// the list is left as it is, as VAST 4.3 asks ("do not replace all unknown macros with -1").
const VAST_MACROS = new Set([
  'ADCATEGORIES',
  'ADCOUNT',
  'ADPLAYHEAD',
  'ADSERVINGID',
  'ADTYPE',
  'APIFRAMEWORKS',
  'APPBUNDLE',
  'ASSETURI',
  'BLOCKEDADCATEGORIES',
  'BREAKMAXADLENGTH',
  'BREAKMAXADS',
  'BREAKMAXDURATION',
  'BREAKMINADLENGTH',
  'BREAKMINDURATION',
  'BREAKPOSITION',
  'CACHEBUSTING',
  'CLICKPOS',
  'CLICKTYPE',
  'CLIENTUA',
  'CONTENTID',
  'CONTENTPLAYHEAD',
  'CONTENTURI',
  'DEVICEIP',
  'DEVICEUA',
  'DOMAIN',
  'ERRORCODE',
  'EXTENSIONS',
  'GDPRCONSENT',
  'IFA',
  'IFATYPE',
  'INVENTORYSTATE',
  'LATLONG',
  'LIMITADTRACKING',
  'MEDIAMIME',
  'MEDIAPLAYHEAD',
  'OMIDPARTNER',
  'PAGEURL',
  'PLACEMENTTYPE',
  'PLAYBACKMETHODS',
  'PLAYERCAPABILITIES',
  'PLAYERSIZE',
  'PLAYERSTATE',
  'PODSEQUENCE',
  'REASON',
  'REGULATIONS',
  'SERVERSIDE',
  'SERVERUA',
  'TIMESTAMP',
  'TRANSACTIONID',
  'UNIVERSALADID',
  'VASTVERSIONS',
  'VERIFICATIONVENDORS',
]);

const UNKNOWN = '-1';
const WITHHELD = '-2';
/** SPEC.md section 9: a duration the player does not know is -2, not VAST's -1. */
const UNKNOWN_DURATION = '-2';
const DURATION_MACROS = new Set([
  'BREAKMAXDURATION',
  'BREAKMINDURATION',
  'BREAKMAXADLENGTH',
  'BREAKMINADLENGTH',
]);
const MACRO = /\[([A-Z0-9_]+)\]/g;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** HH:MM:SS.mmm, the playhead format of VAST macros. */
export function formatPlayhead(seconds: number): string {
  const totalMs = Math.round(seconds * 1000);
  const ms = totalMs % 1000;
  const totalSec = (totalMs - ms) / 1000;
  const s = totalSec % 60;
  const m = ((totalSec - s) / 60) % 60;
  const h = Math.floor(totalSec / 3600);
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}.${pad(ms, 3)}`;
}

/** Eight digits, from the caller's random number. */
function formatCacheBusting(value: number): string {
  const n = value >= 0 && value < 1 ? Math.floor(value * 1e8) : Math.trunc(Math.abs(value)) % 1e8;
  return pad(n, 8);
}

const isNumber = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n);
/** A code from a list of codes as text; anything else counts as unknown. */
const codeOf = (codes: Record<string, number>, n: number | undefined) =>
  n !== undefined && Object.values(codes).includes(n) ? String(n) : null;
// The range a Date can hold; outside it toISOString throws.
const MAX_EPOCH_MS = 8.64e15;

/** Width and height as whole CSS pixels, or null when either is not a size. */
function formatSize(size: MacroValues['playerSize']): string[] | null {
  if (!size || !isNumber(size.width) || !isNumber(size.height)) return null;
  if (size.width < 0 || size.height < 0) return null;
  return [String(Math.round(size.width)), String(Math.round(size.height))];
}

function formatPlayerState({ muted, fullscreen }: NonNullable<MacroValues['playerState']>) {
  return [...(muted ? ['muted'] : []), ...(fullscreen ? ['fullscreen'] : [])];
}

/** A macro's value: one string, or a list (VAST's Array<T>, each value encoded on its own). */
function valueOf(name: string, values: MacroValues): string | readonly string[] | null {
  switch (name) {
    case 'ERRORCODE':
      return isNumber(values.errorCode) ? String(Math.trunc(values.errorCode)) : null;
    case 'CACHEBUSTING':
      return isNumber(values.cacheBusting) ? formatCacheBusting(values.cacheBusting) : null;
    case 'TIMESTAMP':
      // toISOString of a given instant is deterministic; only reading the clock is not.
      return isNumber(values.timestampMs) && Math.abs(values.timestampMs) <= MAX_EPOCH_MS
        ? new Date(values.timestampMs).toISOString()
        : null;
    case 'ADPLAYHEAD':
      return isNumber(values.adPlayheadSec) && values.adPlayheadSec >= 0
        ? formatPlayhead(values.adPlayheadSec)
        : null;
    case 'CONTENTPLAYHEAD':
    case 'MEDIAPLAYHEAD':
      return isNumber(values.contentPlayheadSec) && values.contentPlayheadSec >= 0
        ? formatPlayhead(values.contentPlayheadSec)
        : null;
    case 'ASSETURI':
      return values.assetUri ?? null;
    case 'ADSERVINGID':
      return values.adServingId || null;
    case 'APIFRAMEWORKS':
      return PLAYER_API_FRAMEWORKS.map(String);
    case 'PLAYBACKMETHODS':
      return codeOf(PLAYBACK_METHOD, values.playbackMethod);
    case 'PLAYERSTATE':
      return values.playerState ? formatPlayerState(values.playerState) : null;
    case 'PLAYERSIZE':
      return formatSize(values.playerSize);
    case 'VERIFICATIONVENDORS':
      return values.verificationVendors ?? null;
    case 'REASON':
      return codeOf(VERIFICATION_NOT_EXECUTED_REASON, values.reason);
    default:
      return null;
  }
}

/**
 * Replaces [MACRO]s in a URL; values are percent-encoded (RFC 3986, VAST 4.3 "Macro Value URI
 * Encoding"), each value of a list on its own, the commas between them as they are. A VAST macro
 * without a value becomes -1 (a break duration -2), a withheld one -2; other brackets stay.
 */
export function expandMacros(url: string, values: MacroValues): string {
  return url.replace(MACRO, (whole, name: string) => {
    if (!VAST_MACROS.has(name)) return whole;
    if (values.withheld?.includes(name)) return WITHHELD;
    const value = valueOf(name, values);
    if (typeof value === 'string') return encodeURIComponent(value);
    if (value !== null) return value.map((each) => encodeURIComponent(each)).join(',');
    return DURATION_MACROS.has(name) ? UNKNOWN_DURATION : UNKNOWN;
  });
}
