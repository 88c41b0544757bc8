// The bearer token: read from the access_token cookie; a JWT's exp claim says when it expires.
// Checked by hand, not with the schemas of storedSchemas.ts: the page's first script reads the token
// (earlyStart.ts), and a schema library there would cost the first frame a round trip (its script
// would no longer fit inline).
import { isRecord } from '../shared/isRecord';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

/** What a token can be: visible ASCII, as an Authorization header carries it, of a sane length. */
const TOKEN = /^[\x21-\x7e]{1,8192}$/;

/** A token cookie's value, or null when there is none or it is not one (then the viewer is a guest). */
export const usableToken = (value: string | null): string | null =>
  value !== null && TOKEN.test(value) ? value : null;

/** Refresh a little before the expiry, so a request does not leave with a token about to die. */
export const EXPIRY_MARGIN_MS = 5_000;

function base64UrlDecode(part: string): string {
  const padded = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  return atob(padded);
}

/**
 * A JWT's exp claim as it stands (seconds since the epoch); null for a token that is not a JWT or
 * has no finite exp. The one reader of it: the flight log's placeholders keep what this reads.
 */
export function jwtExpSeconds(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(base64UrlDecode(payload));
  } catch {
    return null; // not base64, or not JSON
  }
  // the claims are the token issuer's: a list, null or a string exp is no expiry
  const exp = isRecord(claims) ? claims.exp : undefined;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/** Epoch milliseconds of a JWT's exp claim; null for a token that is not a JWT or has no exp. */
export function tokenExpiry(token: string): number | null {
  const exp = jwtExpSeconds(token);
  return exp === null ? null : exp * 1000;
}

/** A token without a readable expiry is used until the server answers 401. */
export function isExpired(token: string, nowMs: number): boolean {
  const expiry = tokenExpiry(token);
  return expiry !== null && expiry - EXPIRY_MARGIN_MS <= nowMs;
}

/**
 * The token of an Authorization header: after `Bearer `, or the header alone (some servers answer
 * the bare token); none when it is empty, the prefix alone, or has spaces inside.
 */
export const bearerOf = (header: string | undefined): string | null => {
  const match = /^(?:Bearer\s+)?(\S+)$/i.exec(header?.trim() ?? '');
  const token = match?.[1] ?? null;
  return token === null || /^Bearer$/i.test(token) ? null : token;
};
