// Ports: every effect on the outside world goes through one of these, so a session can be
// recorded and replayed. Arguments, results and events are plain serializable data.

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
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

export type StreamEngine = 'hls.js' | 'native';

export interface MediaLevel {
  height: number;
  bitrate: number;
}

export type MediaEvent =
  | { type: 'playing' }
  | { type: 'pause' }
  | { type: 'waiting' }
  | { type: 'ended' }
  | { type: 'seeked'; currentTime: number }
  | { type: 'timeupdate'; currentTime: number; duration: number; bufferedEnd: number }
  | { type: 'volumechange'; volume: number; muted: boolean }
  | { type: 'levels'; levels: MediaLevel[] }
  | { type: 'levelSwitched'; level: number }
  | { type: 'error'; fatal: boolean; kind: 'network' | 'media' | 'other'; details: string };

export type PlayOutcome =
  { ok: true } | { ok: false; reason: 'not-allowed' | 'aborted' | 'failed' };

/** The content <video> element and the streaming engine that feeds it. */
export interface MediaPort {
  load(source: { url: string; startAt: number }): Promise<{ engine: StreamEngine }>;
  play(): Promise<PlayOutcome>;
  pause(): void;
  seek(time: number): void;
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
export interface ParentPort {
  post(message: Record<string, unknown>): void;
  subscribe(listener: (message: unknown, origin: string) => void): () => void;
}

export interface Ports {
  http: HttpPort;
  media: MediaPort;
  clock: ClockPort;
  rng: RngPort;
  parent: ParentPort;
  storage: StoragePort;
  cookies: CookiePort;
}
