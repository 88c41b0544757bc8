// Ports: every effect on the outside world goes through one of these, so a session can be
// recorded and replayed. Arguments, results and events are plain serializable data.
import type { DeviceInfo } from '../device/device';
import type {
  DisplayCapabilities,
  ExternalSubtitle,
  MediaEvent,
  MediaSample,
  PlaybackQuality,
  PlaybackTargetKind,
  PlayOutcome,
  StreamEngine,
} from '../shared/media';
import type { MediaSessionAction, MediaSessionEvent, WakeLockOutcome } from '../shared/systemMedia';
import type { AdMediaPort, SimidPort, VpaidPort } from './adTypes';
import type { Protection } from '../stream/protection';

export type { MediaSessionAction, MediaSessionEvent, WakeLockOutcome };
export type * from './adTypes';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  /** 'text' for documents that are not JSON (VAST); JSON bodies are parsed by default */
  responseType?: 'json' | 'text';
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  data: T;
}

/** Resolves with any HTTP status; rejects only when no response came (network error, timeout). */
export interface HttpPort {
  request(req: HttpRequest): Promise<HttpResponse>;
}

export interface MediaSource {
  url: string;
  startAt: number;
  /** a height the viewer chose before: played instead of the automatic choice when the stream has it */
  preferredHeight: number | null;
  /** the bandwidth estimate of the last session (bits/s), for the first automatic choice */
  bandwidthEstimate: number | null;
  /** the highest height automatic quality may choose (Save-Data); null for no cap */
  autoMaxHeight?: number | null;
  /** subtitle files from a master JSON; empty to use the stream's own subtitle renditions */
  subtitles: ExternalSubtitle[];
  /** a protected source's key systems, in the order to try them (absent or empty: a clear one) */
  protection?: Protection;
}

/** The content <video> element and the streaming engine that feeds it. */
export interface MediaPort {
  load(source: MediaSource): Promise<{ engine: StreamEngine }>;
  play(): Promise<PlayOutcome>;
  /** the element's decoded and dropped frames so far (getVideoPlaybackQuality) */
  playbackQuality(): PlaybackQuality;
  pause(): void;
  seek(time: number): void;
  sample(): MediaSample;
  /** -1 for automatic; the viewer's pick, so it lifts the Save-Data cap of automatic quality */
  setLevel(level: number): void;
  setAudioTrack(id: number): void;
  /** -1 turns subtitles off */
  setSubtitleTrack(id: number): void;
  setRate(rate: number): void;
  setVolume(volume: number, muted: boolean): void;
  /** the element's volume now: a setVolume shows at once, its volumechange event a moment later */
  volume(): { volume: number; muted: boolean };
  /** the ranges of the content the element holds, in seconds, in order */
  buffered(): [number, number][];
  /**
   * the engine's documented recovery: recoverMediaError for media errors, startLoad for network
   * ones (the manifest again when it never came)
   */
  recover(kind: 'media' | 'network'): void;
  /**
   * Milliseconds since the streaming engine last loaded, buffered or reported anything; 0 for the
   * browser's own HLS, which watches itself. The stream actor's stall watch reads it.
   */
  engineIdleMs(): number;
  unload(): void;
  subscribe(listener: (event: MediaEvent) => void): () => void;
}

export interface ClockPort {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Resolves after ms milliseconds: the actors' only timer, so a replay sees every firing. */
  sleep(ms: number): Promise<void>;
  /** Wall-clock milliseconds since the epoch, for expiry dates from servers. */
  epochMs(): number;
}

/** Local storage; when the browser blocks it, values live for the session only. */
export interface StoragePort {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export interface CookieOptions {
  maxAgeDays: number;
  path: string;
}

/** The frame's cookies; when the browser blocks them, values live for the session only. */
export interface CookiePort {
  get(name: string): string | null;
  set(name: string, value: string, options: CookieOptions): void;
}

export interface RngPort {
  /** A number in [0, 1). */
  next(): number;
}

/** Messages to and from the page that embeds the player. */
/** A message that reached the player's window from outside (its own child frames excepted). */
export interface ParentMessage {
  /** the message as sent, or its JSON text; null when it cannot be read as either */
  data: unknown;
  origin: string;
  /** sent by the parent window (the embedding page), not by another window */
  fromParent: boolean;
  /** messages dropped unread just before this one: a flood past the adapter's budget */
  dropped?: number;
}

export interface ParentPort {
  /** the embedding page's origin as the browser tells it; null outside a frame or when unknown */
  embedderOrigin(): string | null;
  /** the player page's own address (the player.js protocol echoes it) */
  frameUrl(): string;
  post(message: unknown, targetOrigin: string): void;
  subscribe(listener: (message: ParentMessage) => void): () => void;
}

/** What the browser tells of the device, and hashing (Web Crypto). */
export interface DevicePort {
  describe(): DeviceInfo;
  sha256(text: string): Promise<string>;
}

/** The viewer's connection, for telling a network that is gone from a server that is broken. */
export interface ConnectionPort {
  /** what the browser says (navigator.onLine): false only when it knows the network is gone */
  online(): boolean;
  /** whether the host of this address answers at all (any HTTP status) within timeoutMs */
  probe(url: string, timeoutMs: number): Promise<boolean>;
  /** the browser's online and offline events */
  subscribe(listener: (event: { online: boolean }) => void): () => void;
}

/** The page's lifecycle: hidden when the tab goes to the background or the page unloads. */
export interface PagePort {
  subscribe(listener: (event: { hidden: boolean }) => void): () => void;
  /**
   * Loads the player page again in its frame for other content: the address's query with this
   * movie_id (and episode_id, or none), the rest of the address kept; the frame's own data-movie_id,
   * when the frame is readable, follows it.
   */
  reloadFor(content: {
    movieId: number;
    episodeId: number | null;
    origin: string | null;
    /** the time code to start at (none: the content's own start, or its continue prompt) */
    atS?: number;
  }): void;
  /** Loads the player page again at the same address. */
  reload(): void;
}

/** Tracking beacons: fire and forget, and they survive the page unloading. */
export interface BeaconPort {
  fire(url: string): void;
}

/** The system clipboard, for the share popup's copy-link button. */
export interface ClipboardPort {
  copy(text: string): Promise<boolean>;
}

/** The global statistics function (SPEC.md section 7); false when the page has none or it failed. */
export interface StatsPort {
  send(event: string, payload: Record<string, unknown>): boolean;
}

export type ViewportEvent =
  /**
   * the share of the player inside the top page's viewport, 0..1, in whole hundredths rounded down:
   * the advert fills the player, so it is the advert's share too
   */
  | { type: 'intersection'; ratio: number }
  /** native: the video element's own fullscreen (iOS), where no player interface shows */
  | { type: 'fullscreen'; active: boolean; native: boolean }
  /** the desktop layout (from 640 px wide) or the mobile one */
  | { type: 'layout'; wide: boolean }
  | { type: 'pictureInPicture'; active: boolean }
  /** at subscribe: what the browser offers */
  | ({ type: 'capabilities' } & DisplayCapabilities)
  /** an AirPlay receiver or a casting device came within reach, or went (told on change only) */
  | { type: 'playbackTargets'; kind: PlaybackTargetKind; available: boolean };

/** Where the player is on screen: how much of it is visible, and whether it is fullscreen. */
export type DisplayOutcome = 'done' | 'refused' | 'unsupported';

export interface ViewportPort {
  subscribe(listener: (event: ViewportEvent) => void): () => void;
  /**
   * Whether the browser measures how much of the player is in view (IntersectionObserver): without
   * it no intersection is ever reported, and the player cannot tell an advert's viewability.
   */
  measuresVisibility(): boolean;
  /** the player fullscreen and back (the video's own fullscreen where that is all there is) */
  toggleFullscreen(): void;
  togglePictureInPicture(): void;
  /**
   * The host page's requests, which are no viewer's gesture: the browser may refuse them. 'refused'
   * when it does (no gesture, or a policy), 'unsupported' when it has no such mode; exiting a mode not
   * entered is 'done'.
   */
  requestFullscreen(): Promise<DisplayOutcome>;
  exitFullscreen(): Promise<DisplayOutcome>;
  requestPictureInPicture(): Promise<DisplayOutcome>;
  /** the browser's device picker: AirPlay, or the Remote Playback API for casting */
  showPlaybackTargets(kind: PlaybackTargetKind): void;
}

/** Whether a piece of code came: a promise while it loads, the answer itself once it is settled. */
export type LoadOutcome = Promise<boolean> | boolean;

/** Code loaded after the start (src/ports/loader.ts); each resolves once it is there. */
export interface LoaderPort {
  /** the VAST reader, with its XML parser (src/vast/vastReader.ts); false when it could not be loaded */
  loadXmlParser(): LoadOutcome;
  /** a SIMID creative's frame adapter (src/ports/simid.ts); false when it could not be loaded */
  loadSimid(): LoadOutcome;
  /** the ad engine (sagas/ads/adEngineHandle.ts); false when it could not be loaded */
  loadAdEngine(): LoadOutcome;
  /** the thumbnails' WebVTT reader (sagas/thumbnails/readerHandle.ts); false when it could not be loaded */
  loadThumbnailsReader(): LoadOutcome;
}

export interface Ports {
  http: HttpPort;
  media: MediaPort;
  clock: ClockPort;
  rng: RngPort;
  parent: ParentPort;
  storage: StoragePort;
  cookies: CookiePort;
  page: PagePort;
  connection: ConnectionPort;
  adMedia: AdMediaPort;
  vpaid: VpaidPort;
  simid: SimidPort;
  beacon: BeaconPort;
  viewport: ViewportPort;
  stats: StatsPort;
  clipboard: ClipboardPort;
  device: DevicePort;
  mediaSession: MediaSessionPort;
  wakeLock: WakeLockPort;
  loader: LoaderPort;
}

/** What the system's media controls show of what plays. */
export interface MediaSessionMetadata {
  title: string;
  artist: string;
  album: string;
  /** the poster's address, none when there is no poster */
  artwork: string | null;
}

/** The position the system's controls show and move on by themselves at playbackRate. */
export interface MediaSessionPosition {
  duration: number;
  position: number;
  playbackRate: number;
}

/** The Media Session API; a browser without it is told everything and shows nothing. */
export interface MediaSessionPort {
  /** null clears what the system shows */
  setMetadata(metadata: MediaSessionMetadata | null): void;
  setPlaybackState(state: 'none' | 'paused' | 'playing'): void;
  /** the controls the system offers: a handler for each of these, none for the others */
  setActions(actions: MediaSessionAction[]): void;
  /** null: nothing to seek in (an advert) */
  setPositionState(position: MediaSessionPosition | null): void;
  subscribe(listener: (event: MediaSessionEvent) => void): () => void;
}

/** The Screen Wake Lock API: keeps the screen on while the film plays. */
export interface WakeLockPort {
  request(): Promise<WakeLockOutcome>;
  release(): void;
  /** the browser let the lock go by itself (the page was hidden) */
  subscribe(listener: (event: { type: 'released' }) => void): () => void;
}
