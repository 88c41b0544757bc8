// The host page protocol's events: what the player tells its host page, with their data
// (protocol.ts re-exports all of it, beside the commands). Types and constants only, no imports.

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
const BOOT_CODES = [
  'MOVIE_ID_MISSING',
  'CONTENT_NOT_FOUND',
  'CONTENT_BLOCKED',
  'NO_EPISODES',
  'MASTER_LOAD_FAILED',
  'UNEXPECTED',
  /** a part of the player the session cannot go on without stopped (docs/reliability.md) */
  'PLAYER_FAULT',
] as const;
export type BootErrorCode = (typeof BOOT_CODES)[number];
/** Every code of the `error` event: the boot's, and a stream that failed while playing. */
export const HOST_ERROR_CODES = [
  ...BOOT_CODES,
  'STREAM_FAILED',
] as const satisfies readonly HostError['code'][];

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
