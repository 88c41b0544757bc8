import { FRAGMENT_SETTINGS } from '../shared/protocol';

/**
 * The embedding frame's data attributes (env_base_url, ...): read from the frame when it is readable
 * from inside (same origin); for a player on another origin, only the presentation settings the host
 * SDK repeats in the address's fragment.
 */
export function readFrameDataset(): Record<string, string | undefined> {
  try {
    const frame = window.frameElement; // the host's element: only its attributes are read
    if (!frame) return fromFragment();
    const out: Record<string, string | undefined> = {};
    for (const attr of Array.from(frame.attributes)) {
      if (attr.name.startsWith('data-')) out[attr.name.slice(5).replace(/-/g, '_')] = attr.value;
    }
    return out;
  } catch {
    return fromFragment(); // cross-origin parent
  }
}

/** Only inside a frame: a link to the player's own page cannot set its services. */
function fromFragment(): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  if (window.parent === window) return out;
  for (const [key, value] of new URLSearchParams(location.hash.slice(1))) {
    if (FRAGMENT_SETTINGS.includes(key)) out[key] = value;
  }
  return out;
}
