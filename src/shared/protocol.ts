// The host page protocol: the one description of what the player tells its host page (events, with
// their data) and what the host page may ask (commands, with their arguments and answers). The
// player's bridge (src/bridge, sagas/bridge) and the host SDK (src/sdk, the kino-player-sdk package)
// both take their types from here, so neither can speak of an event or a command the other does not
// know. Types and a few constants only, and no imports: the SDK ships this file's declarations to
// host developers.

/** Marks every message the player and its host exchange. */
export const PROTOCOL = 'kino-player';

/**
 * SPEC.md section 7: analytics go through a global statistics function of this name, with the event
 * name and its payload; the SDK hands it the player's `analytics` events on the host page.
 */
export const STATISTICS_FUNCTION = 'videoplayerStatistics';

/**
 * Settings a page of another origin may give through the address's fragment: presentation only.
 * The service addresses, the ad headers and the error-report DSN are not among them: any page can
 * frame the player, and the viewer's tokens and fingerprint go to those addresses.
 */
export const FRAGMENT_SETTINGS: readonly string[] = ['fullscreen_mode', 'sentry_project_label'];

// ---------------------------------------------------------------------------------------------
// What the events carry

/** An episode, as SPEC.md section 3 gives it (the `episodeChanged` payload). */
export interface HostEpisode {
  id: number;
  order: number;
  title: string;
  description: string;
  posterPath: string | null;
  /** seconds */
  duration: number;
  watchProgress: number | null;
  watchedAt: string | null;
  isCompleted: boolean;
  m3u8MasterFilePath: string;
  season: { id: number; order: number };
}

/** The quality playing: the stream level, its height (null before the levels are known), auto. */
export interface HostQuality {
  level: number;
  height: number | null;
  auto: boolean;
}

/** An audio or subtitle track. */
export interface HostTrack {
  id: number;
  name: string;
  lang: string;
}

/** A quality level of the stream (`getQualities`): its index and height. */
export interface HostQualityLevel {
  level: number;
  /** pixels */
  height: number;
  /** bits per second */
  bitrate: number;
}

/** Every track the viewer may choose among (`getTracks`). */
export interface HostTracks {
  qualities: HostQualityLevel[];
  subtitles: HostTrack[];
  audio: HostTrack[];
}

/** The ranges of the film the browser holds, in seconds: `[start, end]` pairs in order. */
export type HostTimeRanges = [number, number][];

/** SPEC.md section 4: an advert's statuses; the last four end it. */
export type HostAdStatus =
  | 'created'
  | 'loaded'
  | 'started'
  | 'playing'
  | 'paused'
  | 'stopped'
  | 'skipped'
  | 'completed'
  | 'error';

/** The advert on screen (`adStarted`, `adEnded`). */
export interface HostAd {
  id: string | null;
  /** its place in the break, from 0 */
  index: number;
  title: string;
  /** seconds; -2 when unknown */
  durationSec: number;
  status: HostAdStatus;
  /** a VAST error code (SPEC.md section 8) and what happened */
  error: { code: number; message: string } | null;
}

/** Why the player cannot play the content (the `error` event's code at boot). */
export type BootErrorCode =
  | 'MOVIE_ID_MISSING'
  | 'CONTENT_NOT_FOUND'
  | 'CONTENT_BLOCKED'
  | 'NO_EPISODES'
  | 'MASTER_LOAD_FAILED'
  | 'UNEXPECTED'
  /** a part of the player the session cannot go on without stopped (docs/reliability.md) */
  | 'PLAYER_FAULT';

/** The `error` event: the content cannot play, or its stream failed while playing. */
export type HostError =
  | {
      code: BootErrorCode;
      /** the id the viewer sees (for UNEXPECTED), the one in the error report */
      errorId: string | null;
    }
  | {
      code: 'STREAM_FAILED';
      /** hls.js's error details */
      details: string | null;
      errorId: string | null;
    };

/**
 * What the viewer felt of the episode playing (`getQoe`), since its first start intent (the viewer's
 * play or the autoplay). Times in ms, bitrate in bits per second; null where there is nothing to
 * measure yet.
 */
export interface HostQoe {
  /** from the start intent to the first frame the viewer saw: a pre-roll's, or the film's */
  ttffMs: number | null;
  /** from the start intent to the film's first frame (after any pre-roll) */
  ttffContentMs: number | null;
  /** the film stopped to wait for data while playing (not for a seek) */
  rebufferCount: number;
  rebufferMs: number;
  /** rebufferMs over the watched time, 0..1; 0 when nothing was watched */
  rebufferRatio: number;
  /** seconds the film was watched: not paused, stalls included */
  watchedSec: number;
  /** the video element's frames dropped and shown, of the source playing */
  droppedFrames: number;
  totalFrames: number;
  /** the played levels' bitrates, weighted by the seconds each played */
  averageBitrate: number | null;
  /** changes from one level to another while the film played */
  levelSwitches: number;
  /** seconds played on each level, by the name the quality menu gives it ('720p') */
  secondsByLevel: Record<string, number>;
  /** the stream's bandwidth estimate in bits/s, as last kept (every 10 s of playing); null before */
  bandwidthEstimate: number | null;
  /** adverts asked for, and those that showed a frame */
  adsAsked: number;
  adsPlayed: number;
  /** adsPlayed over adsAsked, 0..1; null when no advert was asked for */
  adFill: number | null;
  /** from a break's request to its first advert's frame, the mean over the breaks that showed one */
  adStartMs: number | null;
}

/** The `ready` event, and the answer to `hello` once loaded: what the player sends and takes. */
export interface ReadyInfo {
  events: string[];
  commands: string[];
}

/** Each event the player posts to its host page, by name, with its data. */
export interface PlayerEvents {
  /** the content has loaded: commands are carried out from now on */
  ready: ReadyInfo;
  error: HostError;
  /** null for the film; `{ ad: true }` for an advert */
  play: { ad: true } | null;
  pause: { currentTime: number; ad?: true };
  ended: null;
  /** once a second, to a page that has sent `hello` (the SDK does) */
  timeupdate: { currentTime: number; duration: number };
  seeking: { currentTime: number };
  seeked: { currentTime: number };
  /** the film stopped to wait for data, and goes on again */
  bufferingStart: { currentTime: number };
  bufferingEnd: { currentTime: number };
  /** seconds */
  durationChange: { duration: number };
  /** the playback rate, 1 normal */
  rateChange: { rate: number };
  volumeChange: { volume: number; muted: boolean };
  qualityChange: HostQuality;
  audioTrackChange: HostTrack | null;
  /** null: subtitles off */
  subtitleChange: HostTrack | null;
  fullscreenChange: { fullscreen: boolean };
  /** SPEC.md section 4: the episode is the payload */
  episodeChanged: HostEpisode;
  autoplayBlocked: { fallback: 'muted' | 'play-button' };
  /** `total`: the adverts in the break; `contentTime`: where the film stands (seconds) */
  adBreakStarted: { kind: 'preroll' | 'midroll'; total: number; contentTime: number };
  adStarted: HostAd;
  adEnded: HostAd;
  adBreakEnded: null;
  /** the fullscreen-stretched mode: the page stretches the frame over its viewport, and back */
  fullscreenStretchedEnter: null;
  fullscreenStretchedExit: null;
  /** each analytics event, as the statistics function gets it (SPEC.md section 7) */
  analytics: { event: string; payload: Record<string, unknown> };
}

export type PlayerEventName = keyof PlayerEvents;

/** One event as it travels, its name and data together. */
export type PlayerEvent<K extends PlayerEventName = PlayerEventName> = {
  [N in K]: { event: N; data: PlayerEvents[N] };
}[K];

/** Every event name, in the order the `ready` event lists them (checked against the map both ways). */
export const EVENT_NAMES = Object.keys({
  ready: 1,
  error: 1,
  play: 1,
  pause: 1,
  ended: 1,
  timeupdate: 1,
  seeking: 1,
  seeked: 1,
  bufferingStart: 1,
  bufferingEnd: 1,
  durationChange: 1,
  rateChange: 1,
  volumeChange: 1,
  qualityChange: 1,
  audioTrackChange: 1,
  subtitleChange: 1,
  fullscreenChange: 1,
  episodeChanged: 1,
  autoplayBlocked: 1,
  adBreakStarted: 1,
  adStarted: 1,
  adEnded: 1,
  adBreakEnded: 1,
  fullscreenStretchedEnter: 1,
  fullscreenStretchedExit: 1,
  analytics: 1,
} satisfies Record<PlayerEventName, 1>) as PlayerEventName[];

/** Messages that answer one request (by its requestId) rather than tell an event. */
export const ANSWER_MESSAGES = ['flightLog', 'response'] as const;

// ---------------------------------------------------------------------------------------------
// What the host may ask

/** Each command, by name: its arguments (an object, or undefined for none) and its answer's data. */
export interface PlayerCommands {
  /** the handshake: tells the player who its host is and that it listens (turns on timeupdate) */
  hello: { args: undefined; answer: ReadyInfo | null };
  play: { args: undefined; answer: undefined };
  pause: { args: undefined; answer: undefined };
  /** seconds, >= 0; refused with AD_PLAYING during an advert */
  seek: { args: { time: number }; answer: undefined };
  /** 0..1 */
  setVolume: { args: { volume: number }; answer: undefined };
  mute: { args: undefined; answer: undefined };
  unmute: { args: undefined; answer: undefined };
  /** refused with UNKNOWN_EPISODE, or AD_PLAYING during an advert */
  selectEpisode: { args: { episodeId: number }; answer: undefined };
  /** for the rest of the session */
  setAutoplay: { args: { autoplay: boolean }; answer: undefined };
  /** PLAYBACK_RATE_MIN..PLAYBACK_RATE_MAX, 1 normal; refused with AD_PLAYING during an advert */
  setPlaybackRate: { args: { rate: number }; answer: undefined };
  /** 'auto', or a height of `getQualities` (UNKNOWN_QUALITY otherwise) */
  setQuality: { args: { quality: 'auto' | number }; answer: undefined };
  /** an id of `getSubtitleTracks`, or 'off' (UNKNOWN_SUBTITLE_TRACK otherwise) */
  setSubtitleTrack: { args: { id: number | 'off' }; answer: undefined };
  /** an id of `getAudioTracks` (UNKNOWN_AUDIO_TRACK otherwise) */
  setAudioTrack: { args: { id: number }; answer: undefined };
  /**
   * The player fullscreen: the page's own stretched mode where it is on (no gesture needed), else the
   * browser's, which most browsers allow only within a viewer's gesture: NOT_ALLOWED when refused,
   * NOT_SUPPORTED when the browser has none. Answers the mode entered.
   */
  requestFullscreen: { args: undefined; answer: { mode: 'fullscreen' | 'stretched' } };
  /** leaves fullscreen (or the stretched mode); nothing when not in it */
  exitFullscreen: { args: undefined; answer: undefined };
  /** as requestFullscreen: NOT_ALLOWED, NOT_SUPPORTED; AD_PLAYING during an advert */
  requestPictureInPicture: { args: undefined; answer: undefined };
  /**
   * Other content in the same frame: the frame loads the player again for it (a new `ready`
   * follows, or an `error`); refused with AD_PLAYING during an advert
   */
  loadContent: { args: { movieId: number; episodeId?: number }; answer: undefined };
  /** answered by a `flightLog` message: the session's flight log, JSON */
  exportLog: { args: undefined; answer: string };
  getCurrentTime: { args: undefined; answer: number };
  getDuration: { args: undefined; answer: number };
  getPaused: { args: undefined; answer: boolean };
  getVolume: { args: undefined; answer: number };
  getMuted: { args: undefined; answer: boolean };
  getEpisode: { args: undefined; answer: HostEpisode | null };
  getEpisodes: { args: undefined; answer: HostEpisode[] };
  getQuality: { args: undefined; answer: HostQuality };
  getFullscreen: { args: undefined; answer: boolean };
  getEnded: { args: undefined; answer: boolean };
  getBuffered: { args: undefined; answer: HostTimeRanges };
  getPlaybackRate: { args: undefined; answer: number };
  getQualities: { args: undefined; answer: HostQualityLevel[] };
  getSubtitleTracks: { args: undefined; answer: HostTrack[] };
  /** null: subtitles off */
  getSubtitleTrack: { args: undefined; answer: HostTrack | null };
  getAudioTracks: { args: undefined; answer: HostTrack[] };
  getAudioTrack: { args: undefined; answer: HostTrack | null };
  getTracks: { args: undefined; answer: HostTracks };
  getPictureInPicture: { args: undefined; answer: boolean };
  /** an advert of a break is on screen */
  isAdPlaying: { args: undefined; answer: boolean };
  /** the episode's quality of experience so far */
  getQoe: { args: undefined; answer: HostQoe };
}

/** The playback rates a host may set. */
export const PLAYBACK_RATE_MIN = 0.25;
export const PLAYBACK_RATE_MAX = 4;

export type CommandName = keyof PlayerCommands;
export type CommandArgs<K extends CommandName> = PlayerCommands[K]['args'];
export type CommandAnswer<K extends CommandName> = PlayerCommands[K]['answer'];

/** Commands that change something, and getters, which answer with a value and change nothing. */
export const COMMAND_KINDS = {
  hello: 'action',
  play: 'action',
  pause: 'action',
  seek: 'action',
  setVolume: 'action',
  mute: 'action',
  unmute: 'action',
  selectEpisode: 'action',
  setAutoplay: 'action',
  setPlaybackRate: 'action',
  setQuality: 'action',
  setSubtitleTrack: 'action',
  setAudioTrack: 'action',
  requestFullscreen: 'action',
  exitFullscreen: 'action',
  requestPictureInPicture: 'action',
  loadContent: 'action',
  exportLog: 'action',
  getCurrentTime: 'getter',
  getDuration: 'getter',
  getPaused: 'getter',
  getVolume: 'getter',
  getMuted: 'getter',
  getEpisode: 'getter',
  getEpisodes: 'getter',
  getQuality: 'getter',
  getFullscreen: 'getter',
  getEnded: 'getter',
  getBuffered: 'getter',
  getPlaybackRate: 'getter',
  getQualities: 'getter',
  getSubtitleTracks: 'getter',
  getSubtitleTrack: 'getter',
  getAudioTracks: 'getter',
  getAudioTrack: 'getter',
  getTracks: 'getter',
  getPictureInPicture: 'getter',
  isAdPlaying: 'getter',
  getQoe: 'getter',
} as const satisfies Record<CommandName, 'action' | 'getter'>;

export type GetterName = {
  [K in CommandName]: (typeof COMMAND_KINDS)[K] extends 'getter' ? K : never;
}[CommandName];

/** Every command name, in the order the `ready` event lists them. */
export const COMMAND_NAMES = Object.keys(COMMAND_KINDS) as CommandName[];

/**
 * Why the player refused a command (the answer's `error.code`): AD_PLAYING, not during an advert;
 * UNKNOWN_*, no such episode, quality, track or command; BAD_ARGUMENT, a value out of range or of
 * the wrong type; NOT_ALLOWED, the browser refused (fullscreen or picture-in-picture without a
 * viewer's gesture); NOT_SUPPORTED, the browser cannot.
 */
export type CommandErrorCode =
  | 'AD_PLAYING'
  | 'UNKNOWN_EPISODE'
  | 'UNKNOWN_QUALITY'
  | 'UNKNOWN_SUBTITLE_TRACK'
  | 'UNKNOWN_AUDIO_TRACK'
  | 'UNKNOWN_COMMAND'
  | 'BAD_ARGUMENT'
  | 'NOT_ALLOWED'
  | 'NOT_SUPPORTED';

export interface CommandError {
  code: CommandErrorCode;
  message: string;
}

/** A request id: the host's, echoed in the answer. */
export type RequestId = string | number | null;

/** A command as the host page posts it. */
export type CommandMessage<K extends CommandName = CommandName> = {
  [N in K]: {
    protocol: typeof PROTOCOL;
    command: N;
    requestId?: RequestId;
  } & (CommandArgs<N> extends undefined ? { args?: undefined } : { args: CommandArgs<N> });
}[K];

/** What the player posts: an event, or the answer to one request. */
export type PlayerMessage =
  | ({ protocol: typeof PROTOCOL } & PlayerEvent)
  | {
      protocol: typeof PROTOCOL;
      event: 'response';
      requestId: RequestId;
      /** the command's name as the host sent it (it may be one the player does not know) */
      command: CommandName | string;
      data?: unknown;
      error?: CommandError;
    }
  | { protocol: typeof PROTOCOL; event: 'flightLog'; requestId: RequestId; data: string };
