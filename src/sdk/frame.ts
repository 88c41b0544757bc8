// The player's frame, made from a container element and its data attributes (SPEC.md section 2):
// the query parameters go into the frame's address, the frame attributes onto the frame, and the
// presentation settings also into the address's fragment for a player on another origin.
import { parseAddress } from '../shared/address.js';
import { FRAGMENT_SETTINGS } from '../shared/protocol.js';

/** Data attributes that become the player's query (SPEC.md section 2). */
export const QUERY_ATTRIBUTES: readonly string[] = [
  'movie_id',
  'episode_id',
  'season',
  'episode',
  'episode_time',
  't',
  'auto_play',
  'disabled_share',
  'advert',
  'user_id',
  'disable_checking_available',
  'lang_order',
];

/** Data attributes that the player reads from its frame (SPEC.md section 2, and ours). */
export const FRAME_ATTRIBUTES: readonly string[] = [
  'env_base_url',
  'env_ad_list_url',
  'fullscreen_mode',
  'sentry_project_label',
  'sentry_dsn',
  'ad_list_headers',
];

/** Reads data-movie_id or data-movie-id alike. */
function dataAttribute(element: Element, name: string): string | null {
  return (
    element.getAttribute(`data-${name}`) ?? element.getAttribute(`data-${name.replace(/_/g, '-')}`)
  );
}

/** The frame for a container (not yet on the page), and the origin of the player in it. */
export function makeFrame(
  container: HTMLElement,
  playerUrl: string,
): { iframe: HTMLIFrameElement; origin: string } {
  const doc = container.ownerDocument;
  const pageUrl = doc.defaultView?.location ?? doc.location;
  const url = parseAddress(playerUrl, pageUrl?.href);
  if (!url) throw new TypeError(`The player's address "${playerUrl}" is not an address`);
  for (const name of QUERY_ATTRIBUTES) {
    const value = dataAttribute(container, name);
    if (value !== null) url.searchParams.set(name, value);
  }
  // the page's own origin: the only one the player will hear and speak to
  if (pageUrl) url.searchParams.set('origin', pageUrl.origin);
  const frameData = new URLSearchParams();
  const iframe = doc.createElement('iframe');
  for (const name of FRAME_ATTRIBUTES) {
    const value = dataAttribute(container, name);
    if (value === null) continue;
    iframe.setAttribute(`data-${name}`, value);
    // a player on another origin cannot read its frame's attributes: it takes the presentation
    // settings from the fragment (never service addresses: any page could set those there)
    if (FRAGMENT_SETTINGS.includes(name)) frameData.set(name, value);
  }
  if ([...frameData].length > 0) url.hash = frameData.toString();
  iframe.src = url.href;
  iframe.title = container.getAttribute('data-title') ?? 'Плеер';
  iframe.allow = 'autoplay; fullscreen; picture-in-picture; clipboard-write; screen-wake-lock';
  iframe.allowFullscreen = true;
  iframe.dataset.kinoFrame = '';
  iframe.style.cssText = 'display:block;width:100%;height:100%;border:0';
  return { iframe, origin: url.origin };
}
