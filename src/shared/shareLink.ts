// Shared links point at the site the viewer watches on (the page that embeds the player), not at
// the catalog's service, whose addresses are not pages anyone can open.
import { originOf, webAddress } from './address';

/**
 * The site's origin: the embedding page's when the browser tells it (`hostOrigin`; a sandboxed
 * host's "null" tells nothing), else that of the frame's own address.
 */
export const siteOrigin = (hostOrigin: string | null, ownAddress: string): string =>
  originOf(hostOrigin) ?? originOf(ownAddress) ?? '';

/**
 * A content address to share: an absolute one as it is, a path on the site's `origin`; null when
 * it is no web address (or a path with no site known).
 */
export const shareAddress = (contentUrl: string, origin: string): URL | null =>
  webAddress(contentUrl, origin || undefined);
