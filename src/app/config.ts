// The player's configuration, parsed once from the embed URL and the frame's data attributes
// (SPEC.md section 2). Pure, so the flight log can carry it and a replay can rebuild it.
import { parseOrigins } from '../bridge/origins';
import { webAddress } from '../shared/address';
import { siteOrigin } from '../shared/shareLink';
import { isRecord } from '../shared/isRecord';
import type { PlayerConfig } from '../shared/config';

export interface ConfigSources {
  /** location.search of the embed page */
  search: string;
  /** location.origin of the embed page: the demo default for the service base URL */
  origin: string;
  /** location.href of the embed page: what a relative address in a setting is resolved against */
  href?: string;
  /** data attributes of the embedding frame, when it is readable */
  dataset?: Record<string, string | undefined>;
  /**
   * The deployment's global settings (README, "Deploying"): what the specification calls global,
   * under the frame attributes' names; a frame attribute wins over them
   */
  deployment?: DeploymentSettings;
  /** origin of the embedding page, when the player is in a frame */
  hostOrigin?: string | null;
  /** the player's window has a parent (even when the browser does not tell its origin) */
  framed?: boolean;
}

const INTEGER = /^\d+$/;
const TIME_CODE = /^[\d.]+$/;

export function parseInteger(value: string | null | undefined): number | null {
  const n = value != null && INTEGER.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) ? n : null; // past 2^53 an id is no longer the one written
}

/** SPEC.md section 5: digits and dots only, read as an integer; anything else is absent. */
export function parseTimeCode(value: string | null | undefined): number | null {
  if (value == null || !TIME_CODE.test(value)) return null;
  const seconds = parseInt(value, 10);
  return Number.isSafeInteger(seconds) ? seconds : null;
}

/** A JSON object of string values; anything else gives no headers rather than a broken request. */
export function parseHeaders(value: string | undefined): Record<string, string> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && /^[A-Za-z0-9-]+$/.test(entry[0]),
      ),
    );
  } catch {
    return {};
  }
}

function parseFlag(value: string | null): boolean {
  return value != null && value !== '0' && value.toLowerCase() !== 'false';
}

/** The global settings a deployment may give: defaults for every player it serves. */
export interface DeploymentSettings {
  lang_order?: string;
  env_base_url?: string;
  env_ad_list_url?: string;
  sentry_dsn?: string;
}
const DEPLOYMENT_KEYS = ['lang_order', 'env_base_url', 'env_ad_list_url', 'sentry_dsn'] as const;

/** The deployment settings' JSON text: its known keys with string values; anything else is none. */
export function parseDeploymentSettings(text: string | null | undefined): DeploymentSettings {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text || '{}');
  } catch {
    return {};
  }
  if (!isRecord(parsed)) return {};
  const out: DeploymentSettings = {};
  for (const key of DEPLOYMENT_KEYS) {
    const value = parsed[key];
    // an address is checked with the frame's own ones, by parseConfig
    if (typeof value === 'string' && value.trim()) out[key] = value.trim();
  }
  return out;
}

/**
 * How an address the customer wrote starts: a scheme, a path from the root, protocol-relative or
 * relative with ./ or ../. A bare host name ('api.example.com') would resolve as a path of the
 * frame's own and fail as a missing catalog: it is told as a setting that is no address instead.
 */
const WRITTEN_ADDRESS = /^([a-z][a-z\d+.-]*:|\/|\.\.?\/)/i;

/**
 * A service address as customers write it: absolute, a path ('/api') or protocol-relative
 * ('//api.example'), resolved against the frame's own address. Anything that is not an http(s)
 * address is a problem told at boot, and the default stands in so that nothing builds on it.
 */
function serviceAddress(
  name: string,
  value: string | undefined,
  fallback: string,
  base: string,
  problems: string[],
): URL | string {
  if (value === undefined || value.trim() === '') return fallback;
  const url = WRITTEN_ADDRESS.test(value.trim()) ? webAddress(value, base) : null;
  if (url) return url;
  problems.push(`${name} "${value}" is not an http(s) address`);
  return fallback;
}

/** A base address, as the endpoints join paths to it: without its final slash. */
const asBase = (address: URL | string) => String(address).replace(/\/$/, '');

const listOf = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The configuration, frozen. A movie id from the hosting page (the frame's data-movie_id attribute)
 * takes precedence over the query's movie_id.
 */
export function parseConfig({
  search,
  origin,
  href = `${origin}/`,
  dataset = {},
  deployment = {},
  hostOrigin = null,
  framed = hostOrigin !== null,
}: ConfigSources): PlayerConfig {
  const q = new URLSearchParams(search);
  const season = parseInteger(q.get('season'));
  const langOrder = q.get('lang_order') || deployment.lang_order;
  const problems: string[] = [];
  const envBaseUrl = asBase(
    serviceAddress(
      'env_base_url',
      dataset.env_base_url ?? deployment.env_base_url,
      origin,
      href,
      problems,
    ),
  );
  // the ad list is a document: its address as written, a final slash included
  const envAdListUrl = String(
    serviceAddress(
      'env_ad_list_url',
      dataset.env_ad_list_url ?? deployment.env_ad_list_url,
      `${origin}/ad-list.json`,
      href,
      problems,
    ),
  );
  return Object.freeze({
    movieId: parseInteger(dataset.movie_id) ?? parseInteger(q.get('movie_id')),
    episodeId: parseInteger(q.get('episode_id')),
    season,
    episode: parseInteger(q.get('episode')) ?? (season != null ? 1 : null),
    episodeTime: q.get('episode_time'),
    startTime: parseTimeCode(q.get('t')),
    autoPlay: parseFlag(q.get('auto_play')),
    disabledShare: parseFlag(q.get('disabled_share')),
    advert: q.has('advert'),
    userId: q.get('user_id'),
    disableCheckingAvailable: parseFlag(q.get('disable_checking_available')),
    langOrder: langOrder ? listOf(langOrder) : null,
    envBaseUrl,
    envAdListUrl,
    settingProblem: problems.length > 0 ? problems.join('; ') : null,
    adListHeaders: parseHeaders(dataset.ad_list_headers),
    fullscreenMode: dataset.fullscreen_mode ?? null,
    sentryProjectLabel: dataset.sentry_project_label ?? null,
    sentryDsn: dataset.sentry_dsn ?? deployment.sentry_dsn ?? null,
    // a sandboxed host tells its origin as "null"
    siteOrigin: siteOrigin(hostOrigin, href),
    hostDomain: (webAddress(hostOrigin) ?? webAddress(origin))?.hostname ?? '',
    embedded: framed,
    allowedOrigins: parseOrigins(q.get('origin')),
  });
}
