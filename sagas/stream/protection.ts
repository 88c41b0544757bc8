// A protected source's key systems as the media port takes them (src/stream/protection.ts): addresses
// resolved as the source's own link is, and the viewer's bearer token only for a license server
// that asks for it (withToken), refreshed first when it has expired.
import type { MasterSource } from '../../src/api/types';
import { withOrigin } from '../../src/stream/links';
import type { Protection } from '../../src/stream/protection';
import { currentToken } from '../lib/api';

export function* protectionOf(source: MasterSource, base: string) {
  const drm = source.drm ?? [];
  if (drm.length === 0) return undefined;
  const token = drm.some((k) => k.withToken) ? (yield* currentToken()).token : null;
  const protection: Protection = drm.map((k) => ({
    keySystem: k.keySystem,
    licenseUrl: withOrigin(k.licenseUrl, base),
    ...(k.certificateUrl ? { certificateUrl: withOrigin(k.certificateUrl, base) } : {}),
    ...(k.licenseHeaders ? { licenseHeaders: k.licenseHeaders } : {}),
    ...(k.withToken ? { licenseToken: token } : {}),
  }));
  return protection;
}
