// The advert creatives' ports: the advert's own <video>, VPAID 2.0 and SIMID 1.2 creatives in
// sandboxed frames. Arguments, results and events are plain serializable data, as every port's.
import type { PlayOutcome } from '../shared/media';

/** What happens to the advert's own <video> element. */
export type AdMediaEvent =
  | { type: 'loaded'; duration: number }
  | { type: 'playing' }
  /**
   * atEnd: the element's own pause at its end (absent from logs of builds before it was told, read
   * there as unknown)
   */
  | { type: 'pause'; atEnd?: boolean }
  /** the element's timeupdate, about four times a second while playing */
  | { type: 'timeupdate'; currentTime: number; duration: number }
  | { type: 'volumechange'; volume: number; muted: boolean }
  | { type: 'ended' }
  /** MediaError codes: 1 aborted, 2 network, 3 decode, 4 source not supported (or not found) */
  | { type: 'error'; code: number; message: string };

/** The advert's <video>, laid over the content one; shown only during an ad break. */
export interface AdMediaPort {
  /** whether this browser can play a media file of this MIME type and codec */
  canPlay(type: string, codec: string | null): boolean;
  /** the player's size in CSS pixels, for the media file choice */
  size(): { width: number; height: number };
  /**
   * Starts fetching a media file; 'loaded' or 'error' follows. A file already loaded (preloaded before
   * the break) is kept and reported ready at once.
   */
  load(url: string): { ready: boolean; duration: number };
  show(visible: boolean): void;
  play(): Promise<PlayOutcome>;
  pause(): void;
  setVolume(volume: number, muted: boolean): void;
  /** stops and forgets the media file */
  unload(): void;
  subscribe(listener: (event: AdMediaEvent) => void): () => void;
}

/** What a VPAID 2.0 creative reports, by its VPAID event names. */
export type VpaidEvent =
  | { type: 'AdLoaded' }
  | { type: 'AdStarted' }
  | { type: 'AdImpression' }
  | { type: 'AdVideoStart' }
  | { type: 'AdVideoFirstQuartile' }
  | { type: 'AdVideoMidpoint' }
  | { type: 'AdVideoThirdQuartile' }
  | { type: 'AdVideoComplete' }
  | { type: 'AdPaused' }
  | { type: 'AdPlaying' }
  | { type: 'AdSkipped' }
  | { type: 'AdStopped' }
  | { type: 'AdUserClose' }
  | { type: 'AdVolumeChange'; volume: number }
  | { type: 'AdClickThru'; url: string | null }
  /** sampled about four times a second while the creative runs */
  | { type: 'AdRemainingTimeChange'; remaining: number; duration: number }
  | { type: 'AdSkippableStateChange'; skippable: boolean }
  | { type: 'AdError'; message: string };

/** A VPAID 2.0 JavaScript creative, run in a sandboxed frame over the player. */
export interface VpaidPort {
  /** loads the creative, checks handshakeVersion('2.0') and calls initAd; AdLoaded or AdError follows */
  load(scriptUrl: string, adParameters: string): void;
  start(): void;
  pause(): void;
  resume(): void;
  skip(): void;
  stop(): void;
  setVolume(volume: number): void;
  /** removes the frame and everything in it */
  unload(): void;
  subscribe(listener: (event: VpaidEvent) => void): () => void;
}

/** The SIMID 1.2 messages the player sends a creative (SIMID 1.2 sections 4.2 and 4.3). */
export type SimidPlayerMessage =
  | 'SIMID:Player:init'
  | 'SIMID:Player:startCreative'
  | 'SIMID:Player:adSkipped'
  | 'SIMID:Player:adStopped'
  | 'SIMID:Player:fatalError'
  | 'SIMID:Player:resize'
  | 'SIMID:Player:log'
  | 'SIMID:Media:durationchange'
  | 'SIMID:Media:ended'
  | 'SIMID:Media:error'
  | 'SIMID:Media:pause'
  | 'SIMID:Media:play'
  | 'SIMID:Media:playing'
  | 'SIMID:Media:timeupdate'
  | 'SIMID:Media:volumechange';

/** The creative's requests that the player answers with a reject, whatever their arguments. */
export type SimidUnsupportedRequest =
  | 'SIMID:Creative:requestFullscreen'
  | 'SIMID:Creative:requestExitFullscreen'
  | 'SIMID:Creative:requestResize'
  | 'SIMID:Creative:requestChangeAdDuration'
  | 'SIMID:Creative:expandNonlinear'
  | 'SIMID:Creative:collapseNonlinear';

/**
 * What a SIMID creative's frame tells the player: its messages of its session as SIMID 1.2 shapes
 * them (messageId is the creative's; resolve and reject name the player's message they answer, and
 * `answers` its type), their arguments checked and cut to size; and the frame's size changing.
 */
export type SimidEvent =
  | { type: 'createSession'; messageId: number }
  | {
      type: 'resolve';
      messageId: number;
      args: { messageId: number; value: unknown };
      answers: SimidPlayerMessage | null;
    }
  | {
      type: 'reject';
      messageId: number;
      args: { messageId: number; value: { errorCode: number | null; message: string | null } };
      answers: SimidPlayerMessage | null;
    }
  | {
      type: 'SIMID:Creative:clickThru';
      messageId: number;
      args: { x: number | null; y: number | null; playerHandles: boolean; url: string | null };
    }
  | {
      type: 'SIMID:Creative:fatalError';
      messageId: number;
      args: { errorCode: number | null; errorMessage: string | null };
    }
  | { type: 'SIMID:Creative:getMediaState'; messageId: number }
  | { type: 'SIMID:Creative:log'; messageId: number; args: { message: string } }
  | { type: 'SIMID:Creative:reportTracking'; messageId: number; args: { trackingUrls: string[] } }
  | {
      type: 'SIMID:Creative:requestChangeVolume';
      messageId: number;
      args: { volume: number; muted: boolean };
    }
  | { type: 'SIMID:Creative:requestNavigation'; messageId: number; args: { uri: string | null } }
  | {
      type:
        | 'SIMID:Creative:requestPause'
        | 'SIMID:Creative:requestPlay'
        | 'SIMID:Creative:requestSkip'
        | 'SIMID:Creative:requestStop';
      messageId: number;
    }
  | { type: SimidUnsupportedRequest; messageId: number }
  /** the frame's size changed (it fills the player): CSS pixels */
  | { type: 'frameResized'; width: number; height: number };

/**
 * A SIMID 1.2 creative: its HTML page in a sandboxed frame of an opaque origin (cross-origin to the
 * player) over the advert's video, under the player's controls. The adapter keeps the session (the
 * creative's sessionId, the player's message numbers, the envelope and its JSON); every message
 * either way is a call or an event of this port.
 */
export interface SimidPort {
  /** a hidden frame with the creative's page; its createSession (and every message after) follows */
  load(url: string): void;
  /**
   * Posts a message of the player's in the creative's session; its messageId, which the creative's
   * resolve or reject names, or -1 when there is no session to post it in.
   */
  send(type: SimidPlayerMessage, args?: unknown): number;
  /** answers one of the creative's messages */
  resolve(messageId: number, value?: unknown): void;
  reject(messageId: number, errorCode: number, message: string): void;
  show(visible: boolean): void;
  /** a landing page the creative asks the player to open (SIMID's navigationSupport "playerHandles") */
  open(url: string): void;
  /** removes the frame and forgets its session */
  unload(): void;
  subscribe(listener: (event: SimidEvent) => void): () => void;
}
