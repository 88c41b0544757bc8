// The demo's Clear Key license server (W3C Encrypted Media Extensions, "Clear Key"): the protected film
// (tools/protectedFilm.ts) is encrypted with DEMO_KEY; a license request names the key ids the
// browser needs ({"kids": [...], "type": "temporary"}) and the answer holds those of them it knows.
// Test keys only: they are in this file for anyone to read.
import type { Request, Response } from 'express';

/** The protected film's key id and key (16 bytes each). */
export const DEMO_KEY_ID = Buffer.from('6b696e6f2d64656d6f2d6b6579000001', 'hex');
export const DEMO_KEY = Buffer.from('2f9c1a7e53b04d8e9a61c4d2e8f0b375', 'hex');
/** A key id the license server does not know: the film encrypted with it cannot be played. */
export const UNKNOWN_KEY_ID = Buffer.from('6b696e6f2d64656d6f2d6b65790000ff', 'hex');
export const UNKNOWN_KEY = Buffer.from('d41d8cd98f00b204e9800998ecf8427e', 'hex');

const KEYS = new Map([[DEMO_KEY_ID.toString('base64url'), DEMO_KEY]]);

/** The license for a request's body, or why there is none. */
export function clearKeyLicense(
  body: Buffer,
): { ok: true; license: object } | { ok: false; problem: string } {
  let kids: unknown;
  try {
    kids = (JSON.parse(body.toString('utf8')) as { kids?: unknown }).kids;
  } catch {
    return { ok: false, problem: 'a license request is JSON' };
  }
  if (!Array.isArray(kids) || !kids.every((kid) => typeof kid === 'string'))
    return { ok: false, problem: 'a license request names its key ids: {"kids": ["…"]}' };
  const keys = kids.flatMap((kid: string) => {
    const key = KEYS.get(kid.replace(/=+$/, ''));
    return key ? [{ kty: 'oct', kid, k: key.toString('base64url') }] : [];
  });
  return { ok: true, license: { keys, type: 'temporary' } };
}

/** POST /drm/clearkey: the request's body as the browser made it, the license as JSON. */
export function clearKeyLicenseRoute(req: Request, res: Response) {
  const answer = clearKeyLicense(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
  if (answer.ok) res.json(answer.license);
  else res.status(400).json({ error: answer.problem });
}
