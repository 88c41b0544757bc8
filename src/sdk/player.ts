// The host page's side of the player: one object per player frame, typed by the host protocol
// (src/shared/protocol.ts). It makes the frame from a container element or takes an existing one,
// hears the player's events (each handler on its own: one that throws does not stop the others) and
// sends commands as promises, each settled within a stated time. Nothing runs at import: no window,
// no document until a player is made.
import {
  PROTOCOL,
  STATISTICS_FUNCTION,
  type CommandAnswer,
  type CommandArgs,
  type CommandName,
  type PlayerEventName,
  type PlayerEvents,
  type ReadyInfo,
} from '../shared/protocol.js';
import { makeFrame } from './frame.js';
import {
  readAnalytics,
  readErrorCode,
  readIncoming,
  readReady,
  type Incoming,
  type KnownErrorCode,
} from './incoming.js';
import { originOf } from '../shared/address.js';

/** A command the player does not answer within this (ms) is rejected with TIMEOUT... */
export const ANSWER_TIMEOUT_MS = 10_000;
/** ...and one made while the player has not loaded within this (ms), with NOT_READY. */
export const READY_TIMEOUT_MS = 30_000;

/**
 * Why a command (or `ready`) failed:
 * - TIMEOUT: the player did not answer in time; NOT_READY: it did not load in time;
 *   DESTROYED: `destroy()` was called;
 * - AD_PLAYING, UNKNOWN_EPISODE, UNKNOWN_QUALITY, UNKNOWN_SUBTITLE_TRACK, UNKNOWN_AUDIO_TRACK,
 *   UNKNOWN_COMMAND, BAD_ARGUMENT, NOT_ALLOWED, NOT_SUPPORTED: the player refused the command
 *   (REFUSED when it gave no reason);
 * - the `error` event's codes (MOVIE_ID_MISSING, CONTENT_NOT_FOUND, ...): the player cannot play, so
 *   `ready` and the commands waiting for it are rejected.
 */
export type PlayerErrorCode = KnownErrorCode;

export class PlayerError extends Error {
  constructor(
    readonly code: PlayerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PlayerError';
  }
}

/** What a removed player's commands and ready reject with. */
export const destroyedError = () => new PlayerError('DESTROYED', 'The player was removed');

/** A handler of one event: its data, as the protocol gives it, and its name. */
export type EventHandler<K extends PlayerEventName> = (data: PlayerEvents[K], event: K) => void;
/** A handler of every event ('*'). */
export type AnyEventHandler = (data: PlayerEvents[PlayerEventName], event: PlayerEventName) => void;

export interface PlayerOptions {
  /** the player's page (its index.html); needed to make a frame, not to attach to one */
  playerUrl?: string;
  /** how long a command waits for its answer (ms); ANSWER_TIMEOUT_MS by default */
  answerTimeoutMs?: number;
  /** how long a command waits for the player to load (ms); READY_TIMEOUT_MS by default */
  readyTimeoutMs?: number;
  /** told when an event handler throws (the other handlers still run); console.error by default */
  onHandlerError?: (error: unknown, event: PlayerEventName) => void;
}

export interface MountOptions extends PlayerOptions {
  playerUrl: string;
  /** where to look for `data-kino-player` elements; the document by default */
  root?: ParentNode;
}

type Handler = (data: unknown, event: PlayerEventName) => void;
/** any of the handlers above, as the implementations of on, once and off take them */
type AnyHandler = (data: never, event: never) => void;
type Timer = ReturnType<typeof setTimeout>;
interface Pending {
  resolve(value: unknown): void;
  reject(error: PlayerError): void;
  timer: Timer;
}

/** The players this SDK made in containers, and whether the global script's auto-mount made them. */
const mounted = new WeakMap<Element, { player: KinoPlayer; auto: boolean }>();
/** Set while the global script's auto-mount makes its players. */
let autoMounting = false;

const isFrame = (element: Element): element is HTMLIFrameElement =>
  element.tagName.toLowerCase() === 'iframe';

export class KinoPlayer {
  /** the player's frame */
  readonly iframe: HTMLIFrameElement;
  private readonly origin: string;
  /** made by this object (removed by destroy), or the page's own (left in place) */
  private readonly ownsFrame: boolean;
  private readonly container: HTMLElement | null;
  private readonly window: Window;
  private readonly options: PlayerOptions;
  private readyPromise!: Promise<ReadyInfo>;
  private settleReady: { resolve(info: ReadyInfo): void; reject(error: PlayerError): void } | null =
    null;
  private readonly handlers = new Map<string, Map<Handler, { once: boolean }>>();
  private readonly pending = new Map<number, Pending>();
  private readonly timers = new Set<Timer>();
  // Unlike another client's on the same frame (answers reach every listener of the host window)
  private nextRequest = 1 + Math.floor(Math.random() * 2 ** 40);
  /** a loadContent under way: later commands wait for the new content's player */
  private switching: Promise<void> | null = null;
  private stretchedStyle: string | null = null;
  private destroyed = false;
  private readonly onMessage = (event: MessageEvent) => this.receive(event);
  private readonly onLoad = () => this.loaded();

  /** Takes a player frame already on the page (its own address gives the player's origin). */
  constructor(frame: HTMLIFrameElement, options?: PlayerOptions);
  /** Makes the player's frame in a container, from its data attributes. */
  constructor(container: HTMLElement, options: PlayerOptions & { playerUrl: string });
  constructor(target: HTMLElement, options: PlayerOptions = {}) {
    this.options = options;
    const view = target.ownerDocument.defaultView;
    if (!view) throw new TypeError('The element is not in a window');
    this.window = view;
    if (isFrame(target)) {
      if (!target.src) throw new TypeError('The player frame has no address (src)');
      this.iframe = target;
      const origin = originOf(target.src, view.location.href);
      if (!origin) throw new TypeError(`The player frame's address "${target.src}" is not http(s)`);
      this.origin = origin;
      this.ownsFrame = false;
      this.container = null;
    } else {
      if (!options.playerUrl) throw new TypeError('playerUrl is needed to make the player frame');
      // the global script's auto-mount gives way to a player the page makes itself
      const earlier = mounted.get(target);
      if (earlier?.auto) earlier.player.destroy();
      const { iframe, origin } = makeFrame(target, options.playerUrl);
      this.iframe = iframe;
      this.origin = origin;
      this.ownsFrame = true;
      this.container = target;
      mounted.set(target, { player: this, auto: autoMounting });
    }
    this.expectReady();
    view.addEventListener('message', this.onMessage);
    this.iframe.addEventListener('load', this.onLoad);
    if (this.container) this.container.append(this.iframe);
    // a frame of the page's own may have loaded already: ask it at once (an unloaded one drops this)
    else this.hello();
  }

  /**
   * Resolves when the player has loaded its content; rejects with a PlayerError when it cannot (its
   * `error` code) or is destroyed. A reload of the frame gives a new one.
   */
  get ready(): Promise<ReadyInfo> {
    return this.readyPromise;
  }

  play = () => this.command('play');
  pause = () => this.command('pause');
  /** seconds, >= 0 (AD_PLAYING during an advert) */
  seek = (time: number) => this.command('seek', { time });
  /** 0..1 */
  setVolume = (volume: number) => this.command('setVolume', { volume });
  mute = () => this.command('mute');
  unmute = () => this.command('unmute');
  /** UNKNOWN_EPISODE when the series has no such episode; AD_PLAYING during an advert */
  selectEpisode = (episodeId: number) => this.command('selectEpisode', { episodeId });
  /** autoplay for the rest of the session: the next episodes start by themselves, or not at all */
  setAutoplay = (autoplay: boolean) => this.command('setAutoplay', { autoplay });
  /** 0.25..4, 1 normal (BAD_ARGUMENT outside; AD_PLAYING during an advert); `rateChange` follows */
  setPlaybackRate = (rate: number) => this.command('setPlaybackRate', { rate });
  /** 'auto', or a height of getQualities() (UNKNOWN_QUALITY otherwise); `qualityChange` follows */
  setQuality = (quality: 'auto' | number) => this.command('setQuality', { quality });
  /** an id of getSubtitleTracks(), or 'off' (UNKNOWN_SUBTITLE_TRACK otherwise) */
  setSubtitleTrack = (id: number | 'off') => this.command('setSubtitleTrack', { id });
  /** an id of getAudioTracks() (UNKNOWN_AUDIO_TRACK otherwise) */
  setAudioTrack = (id: number) => this.command('setAudioTrack', { id });
  /**
   * Fullscreen: the stretched mode where the player has it (no gesture needed), else the browser's,
   * which browsers allow only within a viewer's gesture: NOT_ALLOWED when refused, NOT_SUPPORTED
   * when there is none. Resolves with the mode entered.
   */
  requestFullscreen = () => this.command('requestFullscreen');
  exitFullscreen = () => this.command('exitFullscreen');
  /** as requestFullscreen: NOT_ALLOWED, NOT_SUPPORTED; AD_PLAYING during an advert */
  requestPictureInPicture = () => this.command('requestPictureInPicture');
  /**
   * Other content in the same frame: the frame loads the player again for it. Resolves once the
   * player has taken the request; `ready` is then the new content's (or rejects with its `error`
   * code), and the commands after this one wait for it. AD_PLAYING during an advert.
   */
  loadContent = async (content: {
    movieId: number;
    episodeId?: number;
  }): Promise<CommandAnswer<'loadContent'>> => {
    const { movieId, episodeId } = content;
    const args = { movieId, ...(episodeId === undefined ? {} : { episodeId }) };
    const sent = this.loadContentAnyway(args);
    const switched = sent.then(
      () => {
        if (!this.destroyed && !this.settleReady) this.expectReady(); // the old content's is over
      },
      () => undefined,
    );
    this.switching = switched;
    void switched.then(() => {
      if (this.switching === switched) this.switching = null;
    });
    return sent;
  };

  getCurrentTime = () => this.command('getCurrentTime');
  getDuration = () => this.command('getDuration');
  getPaused = () => this.command('getPaused');
  getVolume = () => this.command('getVolume');
  getMuted = () => this.command('getMuted');
  getEpisode = () => this.command('getEpisode');
  getEpisodes = () => this.command('getEpisodes');
  getQuality = () => this.command('getQuality');
  getFullscreen = () => this.command('getFullscreen');
  getEnded = () => this.command('getEnded');
  /** the film's ranges the browser holds: [start, end] pairs in seconds */
  getBuffered = () => this.command('getBuffered');
  getPlaybackRate = () => this.command('getPlaybackRate');
  /** the stream's quality levels, highest first; setQuality takes their heights */
  getQualities = () => this.command('getQualities');
  getSubtitleTracks = () => this.command('getSubtitleTracks');
  /** null: subtitles off */
  getSubtitleTrack = () => this.command('getSubtitleTrack');
  getAudioTracks = () => this.command('getAudioTracks');
  getAudioTrack = () => this.command('getAudioTrack');
  /** qualities, subtitles and audio tracks at once */
  getTracks = () => this.command('getTracks');
  getPictureInPicture = () => this.command('getPictureInPicture');
  /** an advert of a break is on screen */
  isAdPlaying = () => this.command('isAdPlaying');
  /** the episode's quality of experience so far: start times, stalls, frames, bitrate, ad fill */
  getQoe = () => this.command('getQoe');
  /** the session's flight log (JSON), for a bug report */
  getFlightLog = () => this.command('exportLog');

  /**
   * Listens to a player event ('play', 'timeupdate', 'episodeChanged', ..., or '*' for all), with its
   * data typed by the protocol; returns the function that removes the handler.
   */
  on(event: '*', handler: AnyEventHandler): () => void;
  on<K extends PlayerEventName>(event: K, handler: EventHandler<K>): () => void;
  on(event: string, handler: AnyHandler): () => void {
    return this.listen(event, handler as Handler, false);
  }

  /** As `on`, for the next such event only. */
  once(event: '*', handler: AnyEventHandler): () => void;
  once<K extends PlayerEventName>(event: K, handler: EventHandler<K>): () => void;
  once(event: string, handler: AnyHandler): () => void {
    return this.listen(event, handler as Handler, true);
  }

  off(event: '*', handler: AnyEventHandler): void;
  off<K extends PlayerEventName>(event: K, handler: EventHandler<K>): void;
  off(event: string, handler: AnyHandler): void {
    this.handlers.get(event)?.delete(handler as Handler);
  }

  /**
   * Removes the frame (when this object made it), its listeners and timers; `ready` and the pending
   * commands are rejected with DESTROYED, and so is every command after.
   */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.window.removeEventListener('message', this.onMessage);
    this.iframe.removeEventListener('load', this.onLoad);
    this.settleReady?.reject(destroyedError());
    this.settleReady = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const request of pending) request.reject(destroyedError());
    this.handlers.clear();
    if (this.container && mounted.get(this.container)?.player === this)
      mounted.delete(this.container);
    if (this.ownsFrame) this.iframe.remove();
    else this.stretch(false);
  }

  private listen(event: string, handler: Handler, once: boolean): () => void {
    if (this.destroyed) return () => undefined;
    const handlers = this.handlers.get(event) ?? new Map<Handler, { once: boolean }>();
    this.handlers.set(event, handlers);
    const entry = { once };
    handlers.set(handler, entry);
    return () => {
      if (handlers.get(handler) === entry) handlers.delete(handler);
    };
  }

  private expectReady() {
    const ready = new Promise<ReadyInfo>((resolve, reject) => {
      this.settleReady = {
        resolve: (info) => {
          this.settleReady = null;
          resolve(info);
        },
        reject: (error) => {
          this.settleReady = null;
          reject(error);
        },
      };
    });
    ready.catch(() => undefined); // a host that never awaits it sees no unhandled rejection
    this.readyPromise = ready;
  }

  private loaded() {
    // a reload of the frame (the viewer's "reload" after an error) starts over
    if (!this.settleReady) this.expectReady();
    this.hello();
  }

  /** The handshake: tells the player who its host is and that it listens; answers once loaded. */
  private hello() {
    this.request('hello', undefined).then(
      (info) => info && this.settleReady?.resolve(info),
      () => undefined, // not loaded yet: its ready event will tell
    );
  }

  private post(message: Record<string, unknown>) {
    this.iframe.contentWindow?.postMessage({ protocol: PROTOCOL, ...message }, this.origin);
  }

  private later(ms: number, run: () => void): Timer {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private clear(timer: Timer | undefined) {
    if (timer === undefined) return;
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  /** A command once the player has loaded; within readyTimeoutMs + answerTimeoutMs in all. */
  private async command<K extends CommandName>(
    name: K,
    ...args: CommandArgs<K> extends undefined ? [] : [CommandArgs<K>]
  ): Promise<CommandAnswer<K>> {
    while (this.switching) await this.switching;
    await this.whenReady();
    return this.request(name, args[0] as CommandArgs<K>);
  }

  /**
   * loadContent is sent even when the player could not play this content (its `error`: another
   * content may well play), but not to a player removed or never loaded.
   */
  private async loadContentAnyway(args: CommandArgs<'loadContent'>) {
    try {
      await this.whenReady();
    } catch (error) {
      const code = (error as Partial<PlayerError>).code;
      if (code === 'DESTROYED' || code === 'NOT_READY' || !(error instanceof PlayerError))
        throw error;
    }
    return this.request('loadContent', args);
  }

  /** Sends one command and waits for its answer, answerTimeoutMs at most. */
  private request<K extends CommandName>(name: K, args: CommandArgs<K>): Promise<CommandAnswer<K>> {
    if (this.destroyed) return Promise.reject(destroyedError());
    const requestId = this.nextRequest++;
    return new Promise<CommandAnswer<K>>((resolve, reject) => {
      const timer = this.later(this.options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS, () => {
        this.pending.delete(requestId);
        reject(new PlayerError('TIMEOUT', `No answer to ${name}`));
      });
      this.pending.set(requestId, {
        resolve: resolve as (value: unknown) => void,
        reject,
        timer,
      });
      this.post({ command: name, requestId, ...(args === undefined ? {} : { args }) });
    });
  }

  /** ready, or a NOT_READY error after readyTimeoutMs: a command never waits forever */
  private async whenReady(): Promise<ReadyInfo> {
    if (this.destroyed) throw destroyedError();
    let timer: Timer | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = this.later(this.options.readyTimeoutMs ?? READY_TIMEOUT_MS, () =>
        reject(new PlayerError('NOT_READY', 'The player did not load')),
      );
    });
    try {
      return await Promise.race([this.ready, late]);
    } finally {
      this.clear(timer);
    }
  }

  private receive(event: MessageEvent) {
    if (event.source !== this.iframe.contentWindow || event.origin !== this.origin) return;
    const message = readIncoming(event.data);
    if (!message) return;
    if (message.kind === 'answer') {
      this.answer(message);
      return; // an answer to another client on this page, or none
    }
    this.heard(message.name, message.data);
    this.emit(message.name, message.data);
  }

  private answer({ requestId, data, error }: Extract<Incoming, { kind: 'answer' }>) {
    const pending = requestId === null ? undefined : this.pending.get(requestId);
    if (!pending || requestId === null) return;
    this.pending.delete(requestId);
    this.clear(pending.timer);
    if (error) pending.reject(new PlayerError(error.code, error.message));
    else pending.resolve(data);
  }

  /** What the SDK itself does with some events, before the page's handlers hear them. */
  private heard(name: PlayerEventName, data: unknown) {
    switch (name) {
      case 'ready':
        this.settleReady?.resolve(readReady(data));
        return;
      case 'error': {
        const code = readErrorCode(data);
        this.settleReady?.reject(
          new PlayerError(code ?? 'REFUSED', `The player cannot play: ${code ?? 'unknown'}`),
        );
        return;
      }
      case 'analytics': {
        // SPEC.md section 7: the page's own statistics function gets the player's analytics events
        const analytics = readAnalytics(data);
        const statistics: unknown = Reflect.get(this.window, STATISTICS_FUNCTION);
        if (!analytics || typeof statistics !== 'function') return;
        try {
          Reflect.apply(statistics, undefined, [analytics.event, analytics.payload]);
        } catch {
          // the page's statistics script failing is not the player's concern
        }
        return;
      }
      case 'fullscreenStretchedEnter':
      case 'fullscreenStretchedExit':
        this.stretch(name === 'fullscreenStretchedEnter');
        return;
    }
  }

  /** Each handler on its own: one that throws is reported, and the others still hear the event. */
  private emit(name: PlayerEventName, data: unknown) {
    for (const key of [name, '*']) {
      const handlers = this.handlers.get(key);
      if (!handlers) continue;
      for (const [handler, { once }] of [...handlers]) {
        if (this.destroyed) return; // a handler destroyed the player
        if (!handlers.has(handler)) continue; // removed by a handler before it
        if (once) handlers.delete(handler);
        try {
          handler(data, name);
        } catch (error) {
          this.handlerFailed(error, name);
        }
      }
    }
  }

  private handlerFailed(error: unknown, event: PlayerEventName) {
    try {
      if (this.options.onHandlerError) this.options.onHandlerError(error, event);
      else console.error(`kino-player: a handler of "${event}" threw`, error);
    } catch {
      // the report itself failing stops nothing either
    }
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

/** Makes the player's frame in a container, from its data attributes. */
export function createPlayer(
  container: HTMLElement,
  options: PlayerOptions & { playerUrl: string },
): KinoPlayer {
  return new KinoPlayer(container, options);
}

/** Takes a player frame already on the page. */
export function attachPlayer(frame: HTMLIFrameElement, options?: PlayerOptions): KinoPlayer {
  return new KinoPlayer(frame, options);
}

/**
 * The player of each `data-kino-player` element under `root`: the one this SDK made there already,
 * or a new one (an element with a player frame of another copy of the SDK is left alone).
 */
export function mountAll(options: MountOptions): KinoPlayer[] {
  return mountEach(options, false);
}

/** @internal mountAll, the players it makes marked as the global script's auto-mount */
export function mountEach({ root, ...options }: MountOptions, auto: boolean): KinoPlayer[] {
  const scope = root ?? document;
  const players: KinoPlayer[] = [];
  for (const element of Array.from(scope.querySelectorAll<HTMLElement>('[data-kino-player]'))) {
    const known = mounted.get(element);
    if (known) players.push(known.player);
    else if (!element.querySelector('iframe[data-kino-frame]')) {
      autoMounting = auto;
      try {
        players.push(new KinoPlayer(element, options));
      } finally {
        autoMounting = false;
      }
    }
  }
  return players;
}

/** The SDK player's methods that send a command (each a promise settled in a stated time). */
export type KinoPlayerCommand = {
  [K in keyof KinoPlayer]: KinoPlayer[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof KinoPlayer];

/** The names of those methods, every one (for a wrapper forwarding them, as the React entry's ref). */
export const PLAYER_COMMANDS = [
  'play',
  'pause',
  'seek',
  'setVolume',
  'mute',
  'unmute',
  'selectEpisode',
  'setAutoplay',
  'setPlaybackRate',
  'setQuality',
  'setSubtitleTrack',
  'setAudioTrack',
  'requestFullscreen',
  'exitFullscreen',
  'requestPictureInPicture',
  'loadContent',
  'getCurrentTime',
  'getDuration',
  'getPaused',
  'getVolume',
  'getMuted',
  'getEpisode',
  'getEpisodes',
  'getQuality',
  'getFullscreen',
  'getEnded',
  'getBuffered',
  'getPlaybackRate',
  'getQualities',
  'getSubtitleTracks',
  'getSubtitleTrack',
  'getAudioTracks',
  'getAudioTrack',
  'getTracks',
  'getPictureInPicture',
  'isAdPlaying',
  'getFlightLog',
  'getQoe',
] as const satisfies readonly KinoPlayerCommand[];
// a command method missing from the list does not compile
type Unlisted = Exclude<KinoPlayerCommand, (typeof PLAYER_COMMANDS)[number]>;
const everyCommand: [Unlisted] extends [never] ? true : Unlisted = true;
void everyCommand;
