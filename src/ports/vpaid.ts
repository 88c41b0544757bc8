import type { VpaidEvent, VpaidPort } from './types';
import { isRecord } from '../shared/isRecord';

const NAMES = [
  'AdLoaded',
  'AdStarted',
  'AdImpression',
  'AdVideoStart',
  'AdVideoFirstQuartile',
  'AdVideoMidpoint',
  'AdVideoThirdQuartile',
  'AdVideoComplete',
  'AdPaused',
  'AdPlaying',
  'AdSkipped',
  'AdStopped',
  'AdUserClose',
  'AdVolumeChange',
  'AdClickThru',
  'AdRemainingTimeChange',
  'AdSkippableStateChange',
  'AdError',
] as const;
const KNOWN: ReadonlySet<string> = new Set(NAMES);
const isKnown = (type: string): type is (typeof NAMES)[number] => KNOWN.has(type);

const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : -2);

/** The creative is not trusted: only known events, with fields of the right kind, get through. */
function vpaidEvent(data: unknown): VpaidEvent | null {
  if (!isRecord(data) || data.vpaid !== 1 || !isRecord(data.event)) return null;
  const { event } = data;
  const type = String(event.type);
  if (!isKnown(type)) return null;
  switch (type) {
    case 'AdVolumeChange':
      return { type, volume: Math.min(1, Math.max(0, number(event.volume))) };
    case 'AdClickThru':
      return { type, url: typeof event.url === 'string' ? event.url.slice(0, 2048) : null };
    case 'AdRemainingTimeChange':
      return { type, remaining: number(event.remaining), duration: number(event.duration) };
    case 'AdSkippableStateChange':
      return { type, skippable: event.skippable === true };
    case 'AdError':
      return { type, message: String(event.message ?? 'VPAID error').slice(0, 500) };
    default:
      return { type };
  }
}

/** The frame's page, beside the player's own (public/vpaid.html, its script src/adFrames/vpaidFrame.ts). */
export const VPAID_PAGE = 'vpaid.html';

/**
 * VPAID 2.0 creatives in a sandboxed frame (scripts and the creative's own pop-ups only, in an opaque
 * origin) laid over the player, under its controls. The frame's page is a file of the player's, not
 * a srcdoc: a srcdoc frame would live under the player page's Content-Security-Policy, which lets no
 * ad server's script in. It comes with the first VPAID advert; when it cannot come, the creative's
 * load limit ends it.
 */
export function createVpaidPort(player: HTMLElement, before: HTMLElement | null): VpaidPort {
  const listeners = new Set<(event: VpaidEvent) => void>();
  const emit = (event: VpaidEvent) => listeners.forEach((listener) => listener(event));
  let frame: HTMLIFrameElement | null = null;
  const command = (cmd: string, extra: Record<string, unknown> = {}) =>
    frame?.contentWindow?.postMessage({ cmd, ...extra }, '*'); // an opaque origin has no name
  window.addEventListener('message', (message) => {
    if (!frame || message.source !== frame.contentWindow) return;
    const event = vpaidEvent(message.data);
    if (event) emit(event);
  });
  // each load is a new creative in a new frame
  const unload = () => {
    frame?.remove();
    frame = null;
  };
  const createFrame = (scriptUrl: string, adParameters: string) => {
    const created = document.createElement('iframe');
    created.setAttribute('sandbox', 'allow-scripts allow-popups allow-popups-to-escape-sandbox');
    created.setAttribute('allow', 'autoplay');
    created.title = 'Реклама';
    created.className = 'vpaid-frame';
    created.src = new URL(VPAID_PAGE, document.baseURI).href;
    created.onload = () => command('load', { url: scriptUrl, adParameters });
    player.insertBefore(created, before);
    return created;
  };
  return {
    load(scriptUrl, adParameters) {
      unload();
      frame = createFrame(scriptUrl, adParameters);
    },
    start: () => command('start'),
    pause: () => command('pause'),
    resume: () => command('resume'),
    skip: () => command('skip'),
    stop: () => command('stop'),
    setVolume: (volume) => command('volume', { volume }),
    unload,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
