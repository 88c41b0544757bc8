// Demo bearer tokens: unsigned JWTs whose exp claim the player reads to know when to refresh.

export const TOKEN_LIFETIME_S = 3600;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token for `subject` that expires `lifetimeS` seconds from now (negative: already expired). */
export function demoToken(subject: string, lifetimeS: number, nowMs = Date.now()): string {
  const exp = Math.floor(nowMs / 1000) + lifetimeS;
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: subject, exp })}.demo`;
}
