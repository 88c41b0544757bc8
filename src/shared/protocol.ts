// The host page protocol: the one description of what the player tells its host page (events, with
// their data) and what the host page may ask (commands, with their arguments and answers). The
// player's bridge (src/bridge, sagas/bridge) and the host SDK (src/sdk, the kino-player-sdk package)
// both take their types from here, so neither can speak of an event or a command the other does not
// know. Types and a few constants only, and no imports but the events' half (hostEvents.ts): the SDK
// ships these files' declarations to host developers.

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

import type {
  HostEpisode,
  HostQoe,
  HostQuality,
  HostQualityLevel,
  HostTimeRanges,
  HostTrack,
  HostTracks,
  PlayerEvent,
  ReadyInfo,
} from './hostEvents.js';

export * from './hostEvents.js';

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
export const COMMAND_ERROR_CODES = [
  'AD_PLAYING',
  'UNKNOWN_EPISODE',
  'UNKNOWN_QUALITY',
  'UNKNOWN_SUBTITLE_TRACK',
  'UNKNOWN_AUDIO_TRACK',
  'UNKNOWN_COMMAND',
  'BAD_ARGUMENT',
  'NOT_ALLOWED',
  'NOT_SUPPORTED',
] as const;
export type CommandErrorCode = (typeof COMMAND_ERROR_CODES)[number];

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
