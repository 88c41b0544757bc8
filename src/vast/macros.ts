// VAST macro substitution in tracking, error and wrapper URLs (VAST 4.3 "Macros"). Pure: the caller
// passes the time and the random number, taken from its clock and rng ports.

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
// The range a Date can hold; outside it toISOString throws.
const MAX_EPOCH_MS = 8.64e15;

function valueOf(name: string, values: MacroValues): string | null {
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
    default:
      return null;
  }
}

/**
 * Replaces [MACRO]s in a URL; values are percent-encoded (RFC 3986, VAST 4.3 "Macro Value URI
 * Encoding"). A VAST macro without a value becomes -1 (a break duration -2), a withheld one -2;
 * other brackets stay.
 */
export function expandMacros(url: string, values: MacroValues): string {
  return url.replace(MACRO, (whole, name: string) => {
    if (!VAST_MACROS.has(name)) return whole;
    if (values.withheld?.includes(name)) return WITHHELD;
    const value = valueOf(name, values);
    if (value !== null) return encodeURIComponent(value);
    return DURATION_MACROS.has(name) ? UNKNOWN_DURATION : UNKNOWN;
  });
}
