import { webAddress } from '../shared/address';
// Which host page the bridge talks to. Messages are accepted only from the parent window and from the
// allowed origins: those configured (the `origin` parameter), otherwise the embedding page's origin
// as the browser tells it, otherwise the origin of the first message the parent window sends (the
// handshake). Messages go to that origin only; before anything is known, only the player.js ready
// (the frame's address and the lists of events and methods) goes out, to any origin, since that
// protocol's clients wait for it before they say anything.

export interface HostLink {
  /** origins accepted from the parent window; null until known */
  allowed: string[] | null;
  /** where the player's messages go; null until known */
  target: string | null;
}

export function initialLink(configured: string[] | null, embedder: string | null): HostLink {
  const allowed = configured ?? (embedder ? [embedder] : null);
  const target =
    embedder && allowed?.includes(embedder)
      ? embedder
      : allowed?.length === 1
        ? (allowed[0] ?? null)
        : null;
  return { allowed, target };
}

/**
 * What a message from the parent window with this origin does to the link: accepted as it is,
 * accepted and fixing the link (the first message while nothing was known, or the first from one of
 * several allowed origins), or rejected.
 */
export function linkFor(link: HostLink, origin: string): HostLink | 'reject' {
  if (link.allowed === null) return { allowed: [origin], target: origin };
  if (!link.allowed.includes(origin)) return 'reject';
  return link.target === null ? { ...link, target: origin } : link;
}

/** The `origin` parameter: a comma-separated list of origins (scheme://host[:port]); others dropped. */
export function parseOrigins(value: string | null): string[] | null {
  if (!value) return null;
  const origins = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => webAddress(s)?.origin === s);
  return origins.length > 0 ? origins : null;
}
