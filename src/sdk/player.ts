// The host page's side of the player: one object per player frame, typed by the host protocol
// (src/shared/protocol.ts). It makes the frame from a container element or takes an existing one,
// hears the player's events (each handler on its own: one that throws does not stop the others) and
// sends commands as promises, each settled within a stated time. Nothing runs at import: no window,
// no document until a player is made.
// Its requests are in requests.ts, the page's event handlers in eventHandlers.ts, its analytics' way
// to the page's statistics in statistics.ts; the ways a page gets a player (createPlayer,
// attachPlayer, mountAll) in mount.ts.
import {
  type CommandAnswer,
  type CommandArgs,
  type CommandName,
  type PlayerEventName,
  type ReadyInfo,
} from '../shared/protocol.js';
import { destroyedError, PlayerError } from './errors.js';
import {
  EventHandlers,
  type AnyEventHandler,
  type EventHandler,
  type Handler,
} from './eventHandlers.js';
import { makeFrame } from './frame.js';
import { readErrorCode, readIncoming, readReady } from './incoming.js';
import { READY_TIMEOUT_MS, type PlayerOptions } from './options.js';
import { Requests, type Timer } from './requests.js';
import { toStatistics } from './statistics.js';
import { originOf } from '../shared/address.js';

/** any of the event handlers, as the implementations of on, once and off take them */
type AnyHandler = (data: never, event: never) => void;

/** @internal The players the SDK made in containers, and whether the auto-mount made them. */
export const mounted = new WeakMap<Element, { player: KinoPlayer; auto: boolean }>();
/** Set while the global script's auto-mount makes its players. */
let autoMounting = false;

/** @internal A player made in a container, marked as the global script's auto-mount's when `auto`. */
export function makeMounted(
  container: HTMLElement,
  options: PlayerOptions & { playerUrl: string },
  auto: boolean,
): KinoPlayer {
  autoMounting = auto;
  try {
    return new KinoPlayer(container, options);
  } finally {
    autoMounting = false;
  }
}

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
  private readonly handlers: EventHandlers;
  private readonly requests: Requests;
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
    this.handlers = new EventHandlers(options);
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
    this.requests = new Requests(this.iframe, this.origin, options);
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
    return this.handlers.listen(event, handler as Handler, false);
  }

  /** As `on`, for the next such event only. */
  once(event: '*', handler: AnyEventHandler): () => void;
  once<K extends PlayerEventName>(event: K, handler: EventHandler<K>): () => void;
  once(event: string, handler: AnyHandler): () => void {
    return this.handlers.listen(event, handler as Handler, true);
  }

  off(event: '*', handler: AnyEventHandler): void;
  off<K extends PlayerEventName>(event: K, handler: EventHandler<K>): void;
  off(event: string, handler: AnyHandler): void {
    this.handlers.off(event, handler as Handler);
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
    this.requests.close();
    this.handlers.close();
    if (this.container && mounted.get(this.container)?.player === this)
      mounted.delete(this.container);
    if (this.ownsFrame) this.iframe.remove();
    else this.stretch(false);
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
      // only the content's own refusal (its error event, read by readErrorCode) lets it through
      if (
        !(error instanceof PlayerError) ||
        error.code === 'DESTROYED' ||
        error.code === 'NOT_READY'
      )
        throw error;
    }
    return this.request('loadContent', args);
  }

  /** Sends one command and waits for its answer, answerTimeoutMs at most. */
  private request<K extends CommandName>(name: K, args: CommandArgs<K>): Promise<CommandAnswer<K>> {
    if (this.destroyed) return Promise.reject(destroyedError());
    return this.requests.send(name, args);
  }

  /** ready, or a NOT_READY error after readyTimeoutMs: a command never waits forever */
  private async whenReady(): Promise<ReadyInfo> {
    if (this.destroyed) throw destroyedError();
    let timer: Timer | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = this.requests.later(this.options.readyTimeoutMs ?? READY_TIMEOUT_MS, () =>
        reject(new PlayerError('NOT_READY', 'The player did not load')),
      );
    });
    try {
      return await Promise.race([this.ready, late]);
    } finally {
      this.requests.clear(timer);
    }
  }

  private receive(event: MessageEvent) {
    if (event.source !== this.iframe.contentWindow || event.origin !== this.origin) return;
    const message = readIncoming(event.data);
    if (!message) return;
    if (message.kind === 'answer') {
      this.requests.answer(message);
      return; // an answer to another client on this page, or none
    }
    this.heard(message.name, message.data);
    this.handlers.emit(message.name, message.data);
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
      case 'analytics':
        toStatistics(this.window, data);
        return;
      case 'fullscreenStretchedEnter':
      case 'fullscreenStretchedExit':
        this.stretch(name === 'fullscreenStretchedEnter');
        return;
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
