// embed.js: the host page's side of the player. Creates the player's frame from a container element
// and its data attributes, and offers a promise-based API over the player's messages. No React, no
// player code: a host page loads a few kilobytes. Several players on one page are independent.
import { FRAGMENT_SETTINGS, PROTOCOL, STATISTICS_FUNCTION } from '../shared/protocol';

/** Data attributes that become the player's query (SPEC.md section 2). */
const QUERY_ATTRIBUTES = [
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
const FRAME_ATTRIBUTES = [
  'env_base_url',
  'env_ad_list_url',
  'fullscreen_mode',
  'sentry_project_label',
  'sentry_dsn',
  'ad_list_headers',
];
/** A command the player does not answer within this is rejected... */
const ANSWER_TIMEOUT_MS = 10_000;
/** ...and so is one made while the player has not loaded within this. */
const READY_TIMEOUT_MS = 30_000;

export interface EmbedOptions {
  /** the player's page; by default index.html beside this script */
  playerUrl?: string;
}

export interface ReadyInfo {
  /** the events the player sends and the commands it takes */
  events: string[];
  commands: string[];
}

export class PlayerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PlayerError';
  }
}

/** An event's data, and its name (for a handler of '*', which hears every event). */
type Handler = (data: unknown, event: string) => void;
interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src ?? null;

function defaultPlayerUrl(): string {
  return new URL('index.html', scriptUrl ?? location.href).href;
}

/** Reads data-movie_id or data-movie-id alike. */
function dataAttribute(element: HTMLElement, name: string): string | null {
  return (
    element.getAttribute(`data-${name}`) ?? element.getAttribute(`data-${name.replace(/_/g, '-')}`)
  );
}

export class KinoPlayer {
  readonly iframe: HTMLIFrameElement;
  private readyPromise!: Promise<ReadyInfo>;
  private settleReady: { resolve(info: ReadyInfo): void; reject(error: Error): void } | null = null;
  private loads = 0;
  private readonly origin: string;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly pending = new Map<number, Pending>();
  private nextRequest = 1;
  private stretchedStyle: string | null = null;
  private readonly onMessage = (event: MessageEvent) => this.receive(event);

  /** Embeds a player in each element with data-kino-player that has none yet. */
  static mountAll(root: ParentNode = document, options: EmbedOptions = {}): KinoPlayer[] {
    return Array.from(root.querySelectorAll<HTMLElement>('[data-kino-player]'))
      .filter((element) => !element.querySelector('iframe[data-kino-frame]'))
      .map((element) => new KinoPlayer(element, options));
  }

  constructor(container: HTMLElement, options: EmbedOptions = {}) {
    const url = new URL(options.playerUrl ?? defaultPlayerUrl(), location.href);
    this.origin = url.origin;
    for (const name of QUERY_ATTRIBUTES) {
      const value = dataAttribute(container, name);
      if (value !== null) url.searchParams.set(name, value);
    }
    // the page's own origin: the only one the player will hear and speak to
    url.searchParams.set('origin', location.origin);
    const frameData = new URLSearchParams();
    const iframe = document.createElement('iframe');
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
    iframe.allow = 'autoplay; fullscreen; picture-in-picture; clipboard-write';
    iframe.allowFullscreen = true;
    iframe.dataset.kinoFrame = '';
    iframe.style.cssText = 'display:block;width:100%;height:100%;border:0';
    this.iframe = iframe;

    this.expectReady();
    this.on('ready', (data) => this.settleReady?.resolve(data as ReadyInfo));
    this.on('error', (data) => {
      const { code } = (data ?? {}) as { code?: string };
      this.settleReady?.reject(
        new PlayerError(code ?? 'UNKNOWN', `The player cannot play: ${code}`),
      );
    });
    // SPEC.md section 7: the page's own statistics function gets the player's analytics events
    this.on('analytics', (data) => {
      const { event, payload } = data as { event: string; payload: Record<string, unknown> };
      const statistics = (window as unknown as Record<string, unknown>)[STATISTICS_FUNCTION];
      if (typeof statistics === 'function') {
        try {
          (statistics as (e: string, p: Record<string, unknown>) => void)(event, payload);
        } catch {
          // the page's statistics script failing is not the player's concern
        }
      }
    });
    this.on('fullscreenStretchedEnter', () => this.stretch(true));
    this.on('fullscreenStretchedExit', () => this.stretch(false));

    window.addEventListener('message', this.onMessage);
    iframe.addEventListener('load', () => {
      // a reload of the frame (the viewer's "reload" after an error) starts over
      if (this.loads++ > 0) this.expectReady();
      // the handshake: tells the player who its host is, and that the host listens
      this.post({ command: 'hello' });
    });
    container.append(iframe);
  }

  /**
   * Resolves when the player has loaded its content; rejects with its error code if it cannot. A
   * reload of the frame gives a new one.
   */
  get ready(): Promise<ReadyInfo> {
    return this.readyPromise;
  }

  private expectReady() {
    this.readyPromise = new Promise<ReadyInfo>((resolve, reject) => {
      this.settleReady = { resolve, reject };
    });
    this.readyPromise.catch(() => undefined); // a host that never awaits it sees no unhandled rejection
  }

  play = () => this.command('play');
  pause = () => this.command('pause');
  seek = (time: number) => this.command('seek', { time });
  /** 0..1 */
  setVolume = (volume: number) => this.command('setVolume', { volume });
  mute = () => this.command('mute');
  unmute = () => this.command('unmute');
  selectEpisode = (episodeId: number) => this.command('selectEpisode', { episodeId });
  /** autoplay for the rest of the session: the next episodes start by themselves, or not at all */
  setAutoplay = (autoplay: boolean) => this.command('setAutoplay', { autoplay });

  getCurrentTime = () => this.command('getCurrentTime') as Promise<number>;
  getDuration = () => this.command('getDuration') as Promise<number>;
  getPaused = () => this.command('getPaused') as Promise<boolean>;
  getVolume = () => this.command('getVolume') as Promise<number>;
  getMuted = () => this.command('getMuted') as Promise<boolean>;
  getEpisode = () => this.command('getEpisode');
  getEpisodes = () => this.command('getEpisodes') as Promise<unknown[]>;
  getQuality = () =>
    this.command('getQuality') as Promise<{ level: number; height: number | null; auto: boolean }>;
  getFullscreen = () => this.command('getFullscreen') as Promise<boolean>;
  /** the player's flight log (JSON), for a bug report */
  getFlightLog = () => this.command('exportLog') as Promise<string>;

  /**
   * Listens to a player event ('play', 'timeupdate', 'episodeChanged', ..., or '*' for all);
   * returns the unsubscribe.
   */
  on(event: string, handler: Handler): () => void {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return () => this.off(event, handler);
  }

  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
  }

  /** Removes the frame and every listener; pending commands are rejected. */
  destroy() {
    window.removeEventListener('message', this.onMessage);
    this.settleReady?.reject(new PlayerError('DESTROYED', 'The player was removed'));
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new PlayerError('DESTROYED', 'The player was removed'));
    }
    this.pending.clear();
    this.handlers.clear();
    this.iframe.remove();
  }

  private post(message: Record<string, unknown>) {
    this.iframe.contentWindow?.postMessage({ protocol: PROTOCOL, ...message }, this.origin);
  }

  private async command(name: string, args?: Record<string, unknown>): Promise<unknown> {
    await this.whenReady(); // the player hears commands once it has loaded
    const requestId = this.nextRequest++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new PlayerError('TIMEOUT', `No answer to ${name}`));
      }, ANSWER_TIMEOUT_MS);
      this.pending.set(requestId, { resolve, reject, timer });
      this.post({ command: name, requestId, ...(args ? { args } : {}) });
    });
  }

  /** ready, or a NOT_READY error after READY_TIMEOUT_MS: a command never waits forever */
  private whenReady(): Promise<ReadyInfo> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new PlayerError('NOT_READY', 'The player did not load')),
        READY_TIMEOUT_MS,
      );
    });
    return Promise.race([this.ready, late]).finally(() => clearTimeout(timer));
  }

  private receive(event: MessageEvent) {
    if (event.source !== this.iframe.contentWindow || event.origin !== this.origin) return;
    const message = event.data as {
      protocol?: unknown;
      event?: unknown;
      requestId?: unknown;
      data?: unknown;
      error?: { code?: string; message?: string };
    } | null;
    if (message?.protocol !== PROTOCOL || typeof message.event !== 'string') return;
    const pending =
      message.event === 'response' || message.event === 'flightLog'
        ? this.pending.get(message.requestId as number)
        : undefined;
    if (pending) {
      this.pending.delete(message.requestId as number);
      clearTimeout(pending.timer);
      if (message.error)
        pending.reject(
          new PlayerError(message.error.code ?? 'UNKNOWN', message.error.message ?? ''),
        );
      else pending.resolve(message.data);
      return;
    }
    if (message.event === 'response') return; // to a command of another client on this page, or the handshake
    for (const name of [message.event, '*'])
      for (const handler of this.handlers.get(name) ?? []) handler(message.data, message.event);
  }

  /** The fullscreen-stretched mode: the frame covers the page's viewport, and back. */
  private stretch(on: boolean) {
    const style = this.iframe.style;
    if (on && this.stretchedStyle === null) {
      this.stretchedStyle = style.cssText;
      style.cssText =
        'display:block;position:fixed;inset:0;width:100vw;height:100dvh;border:0;z-index:2147483647;background:#000';
    } else if (!on && this.stretchedStyle !== null) {
      style.cssText = this.stretchedStyle;
      this.stretchedStyle = null;
    }
  }
}

declare global {
  interface Window {
    KinoPlayer?: typeof KinoPlayer;
  }
}

window.KinoPlayer = KinoPlayer;
