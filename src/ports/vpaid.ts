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

/**
 * VPAID 2.0 creatives in a sandboxed frame (scripts and the creative's own pop-ups only, in an opaque
 * origin) laid over the player, under its controls. The frame's own script (vpaidBootstrap.ts) comes
 * with the first VPAID advert, not with the player's start; the creative's load limit covers it, and
 * when it cannot come the creative fails with AdError.
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
  // each load is a new creative: an unload or another load while its frame's script comes drops it
  let loads = 0;
  const unload = () => {
    loads += 1;
    frame?.remove();
    frame = null;
  };
  const createFrame = (code: string, scriptUrl: string, adParameters: string) => {
    const created = document.createElement('iframe');
    created.setAttribute('sandbox', 'allow-scripts allow-popups allow-popups-to-escape-sandbox');
    created.setAttribute('allow', 'autoplay');
    created.title = 'Реклама';
    created.className = 'vpaid-frame';
    created.srcdoc = code;
    created.onload = () => command('load', { url: scriptUrl, adParameters });
    player.insertBefore(created, before);
    return created;
  };
  const bootstrap = () => import('./vpaidBootstrap').then((module) => module.VPAID_BOOTSTRAP);
  return {
    load(scriptUrl, adParameters) {
      unload();
      const load = loads;
      const failed = () => {
        if (load === loads)
          emit({ type: 'AdError', message: 'The VPAID frame could not be loaded' });
      };
      bootstrap()
        .then((code) => {
          if (load === loads) frame = createFrame(code, scriptUrl, adParameters);
        })
        .catch(failed);
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
