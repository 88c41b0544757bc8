// The media words every room shares: what the stream engine and the media element report, as
// plain serializable data. A leaf: imports nothing of the player's.

export type StreamEngine = 'hls.js' | 'native';

export interface MediaLevel {
  height: number;
  bitrate: number;
}

/** An audio or subtitle track as the stream offers it. */
export interface MediaTrack {
  id: number;
  name: string;
  lang: string;
}

/** A WebVTT file listed by a master JSON. */
export interface ExternalSubtitle {
  src: string;
  label: string;
  language: string;
}

/** What the 100 ms stream loop reads from the media element and the engine, and has counted. */
export interface MediaSample {
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  paused: boolean;
  /** the engine's bandwidth estimate in bits per second; 0 when unknown */
  bandwidth: number;
  /** milliseconds of this stream played so far (ticks not paused) */
  playedMs: number;
}

export type MediaErrorKind = 'network' | 'media' | 'other';

export type MediaEvent =
  | { type: 'playing' }
  | { type: 'pause'; currentTime: number }
  /** the stream loop's tick (SPEC.md section 9): sampled every 100 ms while playing, reported when a second, the buffer's second or the duration changes */
  | { type: 'tick'; sample: MediaSample }
  | { type: 'waiting' }
  | { type: 'ended' }
  | { type: 'seeking'; currentTime: number }
  | { type: 'seeked'; currentTime: number }
  | { type: 'durationchange'; duration: number }
  | { type: 'ratechange'; rate: number }
  | { type: 'volumechange'; volume: number; muted: boolean }
  | { type: 'levels'; levels: MediaLevel[]; auto: boolean }
  | { type: 'levelSwitched'; level: number; auto: boolean }
  | { type: 'audioTracks'; tracks: MediaTrack[]; current: number }
  | { type: 'audioTrackSwitched'; id: number }
  | { type: 'subtitleTracks'; tracks: MediaTrack[]; current: number }
  | { type: 'subtitleTrackSwitched'; id: number }
  /** a protected film's license answered (its size only: the keys in it are never told) */
  | { type: 'licenseReceived'; keySystem: string; url: string; bytes: number }
  | {
      type: 'error';
      fatal: boolean;
      kind: MediaErrorKind;
      details: string;
      /** the alternate rendition (audio or subtitles track id) whose playlist it came from, if one */
      track?: { kind: 'audio' | 'subtitles'; id: number };
      /**
       * a load that failed with no answer at all (refused, reset, offline), not an HTTP status nor
       * a time limit: the viewer's network may be gone (absent from logs of builds before it)
       */
      noResponse?: true;
      /** a key system's failure: the key system, and the HTTP status its license server answered */
      keySystem?: string;
      licenseStatus?: number;
      bandwidth: number;
      bufferLength: number;
    };

export interface PlaybackQuality {
  dropped: number;
  total: number;
}

/** A play's outcome; `paused`: a pause came while it was under way, and cut it short. */
export type PlayOutcome =
  { ok: true } | { ok: false; reason: 'not-allowed' | 'aborted' | 'paused' | 'failed' };

/** Where the browser's device picker sends the video: AirPlay, or casting (the Remote Playback API). */
export type PlaybackTargetKind = 'airplay' | 'remote';

/** What the browser offers for showing the video; a control shows only when its feature is there. */
export interface DisplayCapabilities {
  fullscreen: boolean;
  pictureInPicture: boolean;
  /** an AirPlay receiver is within reach: it comes and goes, as the browser tells (playbackTargets) */
  airplay: boolean;
  /** a casting device is within reach (the Remote Playback API), likewise */
  remotePlayback: boolean;
  /** a touch screen: no seek zones on the picture, double taps instead */
  touch: boolean;
}

/** The name of the error a media port's load throws when the browser has no way to play HLS. */
export const NO_HLS_PLAYBACK = 'NoHlsPlayback';
