// The SIMID 1.2 port in the browser: the creative's page in a sandboxed frame over the advert's
// video, and the SIMID message protocol (SIMID 1.2 section 8) by postMessage with it.
import type { SimidEvent, SimidPlayerMessage, SimidPort } from './types';
import { isRecord } from '../shared/isRecord';

/**
 * Messages a second the player reads from the creative; past it the rest of that second is dropped
 * unread (SIMID 1.2 error 1205, a creative overloading the channel): it would keep the main thread
 * busy and push the session out of the flight log.
 */
export const SIMID_MESSAGES_PER_SECOND = 50;
/** A message longer than this, as JSON, is not read (a SIMID message is a few hundred characters). */
export const SIMID_MAX_MESSAGE_CHARS = 20_000;
const MAX_TEXT = 500;
const MAX_URL = 2_048;
const MAX_TRACKING_URLS = 20;

/** The creative's requests whose arguments the player does not read. */
const ARGLESS_REQUESTS = [
  'SIMID:Creative:getMediaState',
  'SIMID:Creative:requestPause',
  'SIMID:Creative:requestPlay',
  'SIMID:Creative:requestSkip',
  'SIMID:Creative:requestStop',
  'SIMID:Creative:requestFullscreen',
  'SIMID:Creative:requestExitFullscreen',
  'SIMID:Creative:requestResize',
  'SIMID:Creative:requestChangeAdDuration',
  'SIMID:Creative:expandNonlinear',
  'SIMID:Creative:collapseNonlinear',
] as const;
const ARGLESS: ReadonlySet<string> = new Set(ARGLESS_REQUESTS);
const isArgless = (type: string): type is (typeof ARGLESS_REQUESTS)[number] => ARGLESS.has(type);

type Raw = Record<string, unknown>;
const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown, max = MAX_TEXT) => (typeof v === 'string' ? v.slice(0, max) : null);
/** an address as given, or none: one cut short would lead elsewhere */
const address = (v: unknown) => (typeof v === 'string' && v.length <= MAX_URL ? v : null);

/** The message as an object: SIMID sends JSON text (section 8.3.2); an object is taken as well. */
export function simidMessageData(data: unknown): Raw | null {
  try {
    if (typeof data === 'string') {
      if (data.length > SIMID_MAX_MESSAGE_CHARS) return null;
      const parsed: unknown = JSON.parse(data);
      return isRecord(parsed) ? parsed : null;
    }
    if (!isRecord(data)) return null;
    const json = JSON.stringify(data);
    if (json.length > SIMID_MAX_MESSAGE_CHARS) return null;
    const copy: unknown = JSON.parse(json); // plain data only, nothing of the sender's objects
    return isRecord(copy) ? copy : null;
  } catch {
    return null;
  }
}

/** The arguments of a resolve or reject: the player's message it answers, and its value. */
function answer(args: Raw, sent: ReadonlyMap<number, SimidPlayerMessage>) {
  const to = count(args.messageId);
  if (to === null) return null;
  return { to, answers: sent.get(to) ?? null, value: args.value };
}

/**
 * One message of the creative, as the player reads it: only the types SIMID 1.2 gives a creative,
 * with arguments of the right kinds (the creative is not trusted); null for anything else. The
 * envelope's sessionId and timestamp are the adapter's business, and are left out.
 */
export function simidEvent(
  message: Raw,
  sent: ReadonlyMap<number, SimidPlayerMessage> = new Map(),
): SimidEvent | null {
  const messageId = count(message.messageId);
  const type = typeof message.type === 'string' ? message.type : '';
  if (messageId === null) return null;
  const args = isRecord(message.args) ? message.args : {};
  switch (type) {
    case 'createSession':
      return { type, messageId };
    case 'resolve': {
      const a = answer(args, sent);
      if (!a) return null;
      const value = a.value === undefined ? null : a.value;
      return { type, messageId, args: { messageId: a.to, value }, answers: a.answers };
    }
    case 'reject': {
      const a = answer(args, sent);
      if (!a) return null;
      const why = isRecord(a.value) ? a.value : {};
      const value = {
        errorCode: count(why.errorCode),
        message: text(why.message) ?? text(why.reason),
      };
      return { type, messageId, args: { messageId: a.to, value }, answers: a.answers };
    }
    case 'SIMID:Creative:clickThru':
      return {
        type,
        messageId,
        args: {
          x: finite(args.x),
          y: finite(args.y),
          playerHandles: args.playerHandles === true,
          url: address(args.url),
        },
      };
    case 'SIMID:Creative:fatalError':
      return {
        type,
        messageId,
        args: { errorCode: count(args.errorCode), errorMessage: text(args.errorMessage) },
      };
    case 'SIMID:Creative:log':
      return { type, messageId, args: { message: text(args.message) ?? '' } };
    case 'SIMID:Creative:reportTracking': {
      const urls = Array.isArray(args.trackingUrls) ? args.trackingUrls : [];
      const trackingUrls = urls
        .filter((u): u is string => typeof u === 'string' && u.length <= MAX_URL)
        .slice(0, MAX_TRACKING_URLS);
      return { type, messageId, args: { trackingUrls } };
    }
    case 'SIMID:Creative:requestChangeVolume': {
      const volume = finite(args.volume);
      if (volume === null) return null;
      const muted = args.muted === true;
      return { type, messageId, args: { volume: Math.min(1, Math.max(0, volume)), muted } };
    }
    case 'SIMID:Creative:requestNavigation':
      return { type, messageId, args: { uri: address(args.uri) } };
    default:
      return isArgless(type) ? { type, messageId } : null;
  }
}

/**
 * The browser adapter: one creative at a time, in a frame sandboxed with scripts only (no
 * allow-same-origin: an opaque origin, cross-origin to the player whatever its address; no pop-ups:
 * the player opens landing pages) laid over the advert's video, under the player's controls. The
 * frame starts hidden, and runs so. Only messages from its window, in the session its createSession
 * opened, are read.
 */
export function createSimidPort(player: HTMLElement, before: HTMLElement | null): SimidPort {
  const listeners = new Set<(event: SimidEvent) => void>();
  const emit = (event: SimidEvent) => listeners.forEach((listener) => listener(event));
  let frame: HTMLIFrameElement | null = null;
  let sessionId: string | null = null;
  let nextId = 0;
  const sent = new Map<number, SimidPlayerMessage>();
  let resizes: ResizeObserver | null = null;
  let size = { width: 0, height: 0 };
  let second = 0;
  let read = 0;

  const post = (type: string, args: unknown) => {
    const target = frame?.contentWindow;
    if (!target || sessionId === null) return -1;
    const messageId = nextId++;
    const message = { sessionId, messageId, timestamp: Date.now(), type, args };
    target.postMessage(JSON.stringify(message), '*'); // an opaque origin has no name
    return messageId;
  };

  window.addEventListener('message', (message) => {
    if (!frame || message.source !== frame.contentWindow) return;
    const now = Math.floor(performance.now() / 1000);
    if (now !== second) [second, read] = [now, 0];
    if (++read > SIMID_MESSAGES_PER_SECOND) return;
    const data = simidMessageData(message.data);
    const id = typeof data?.sessionId === 'string' ? data.sessionId.slice(0, 200) : '';
    if (!data || !id) return;
    // SIMID 1.2 section 8.4: the creative opens one session, and every later message is in it
    if (sessionId === null && data.type === 'createSession') sessionId = id;
    else if (id !== sessionId || data.type === 'createSession') return;
    const event = simidEvent(data, sent);
    if (event) emit(event);
  });

  const unload = () => {
    resizes?.disconnect();
    resizes = null;
    frame?.remove();
    frame = null;
    sessionId = null;
    nextId = 0;
    sent.clear();
  };

  return {
    load(url) {
      unload();
      const created = document.createElement('iframe');
      created.setAttribute('sandbox', 'allow-scripts');
      created.title = 'Интерактивная реклама';
      created.className = 'simid-frame';
      created.style.visibility = 'hidden';
      created.src = url;
      frame = created;
      player.insertBefore(created, before);
      size = { width: player.clientWidth, height: player.clientHeight };
      if (typeof ResizeObserver === 'function') {
        resizes = new ResizeObserver(() => {
          const now = { width: player.clientWidth, height: player.clientHeight };
          if (now.width === size.width && now.height === size.height) return;
          size = now;
          emit({ type: 'frameResized', ...now });
        });
        resizes.observe(player);
      }
    },
    send(type, args = {}) {
      const messageId = post(type, args);
      if (messageId >= 0) sent.set(messageId, type);
      return messageId;
    },
    resolve(messageId, value) {
      post('resolve', value === undefined ? { messageId } : { messageId, value });
    },
    reject(messageId, errorCode, message) {
      post('reject', { messageId, value: { errorCode, message } });
    },
    show(visible) {
      if (frame) frame.style.visibility = visible ? '' : 'hidden';
    },
    open(url) {
      window.open(url, '_blank', 'noopener');
    },
    unload,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
