// The bearer token: read from the access_token cookie; a JWT's exp claim says when it expires.
import * as v from 'valibot';
import { TokenClaimsSchema, TokenCookieSchema } from '../shared/storedSchemas';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

/** A token cookie's value, or null when there is none or it is not one (then the viewer is a guest). */
export const usableToken = (value: string | null): string | null =>
  v.is(TokenCookieSchema, value) ? value : null;

/** Refresh a little before the expiry, so a request does not leave with a token about to die. */
export const EXPIRY_MARGIN_MS = 5_000;

function base64UrlDecode(part: string): string {
  const padded = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  return atob(padded);
}

/** Epoch milliseconds of a JWT's exp claim; null for a token that is not a JWT or has no exp. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  let claims: string;
  try {
    claims = base64UrlDecode(payload);
  } catch {
    return null; // not base64
  }
  const result = v.safeParse(TokenClaimsSchema, claims);
  return result.success ? result.output.exp * 1000 : null;
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
