// What the host page hears: the player's actions turned into events with their data, in our
// protocol and, for the events it defines, in the player.js protocol. Pure.
import type { UnknownAction } from 'redux';
import type { PlayerState } from '../state';
import { adsActions, reportedAdDuration } from '../state/ads';
import { analyticsActions } from '../state/analytics';
import { contentActions } from '../state/content';
import { mediaActions } from '../state/playback';
import { selectCurrentEpisode, selectQuality } from '../state/selectors';
import { streamActions } from '../state/stream';
import { systemActions, type BootFailureReason } from '../state/system';
import { viewportActions } from '../state/viewport';

/** Stable error codes a host can switch on. */
export const BOOT_ERROR_CODES: Record<BootFailureReason, string> = {
  'missing-movie-id': 'MOVIE_ID_MISSING',
  'not-found': 'CONTENT_NOT_FOUND',
  blocked: 'CONTENT_BLOCKED',
  'no-episodes': 'NO_EPISODES',
  'master-load-failed': 'MASTER_LOAD_FAILED',
  unexpected: 'UNEXPECTED',
};
export const STREAM_FAILED = 'STREAM_FAILED';

export interface HostEvent {
  event: string;
  data: unknown;
}

type Describe = (action: UnknownAction, state: PlayerState) => HostEvent | null;

const episodeOf = (s: PlayerState) => selectCurrentEpisode(s);
const adOf = (s: PlayerState) => {
  const ad = s.ads.ad;
  return (
    ad && {
      id: ad.id,
      index: ad.index,
      title: ad.title,
      durationSec: reportedAdDuration(ad.durationSec),
      status: ad.status,
      error: ad.error,
    }
  );
};
const payload = (action: UnknownAction) => (action.payload ?? null) as Record<string, unknown>;

/** Each action the host hears, by type, with what it says. */
const DESCRIBE: Record<string, Describe> = {
  [systemActions.bootSucceeded.type]: () => ({ event: 'ready', data: null }), // the lists are added by the bridge
  [systemActions.bootFailed.type]: (a) => {
    const { reason, errorId } = payload(a) as { reason: BootFailureReason; errorId: string | null };
    return { event: 'error', data: { code: BOOT_ERROR_CODES[reason], errorId } };
  },
  [systemActions.playbackFailed.type]: (a, s) => ({
    event: 'error',
    data: {
      code: STREAM_FAILED,
      details: s.stream.lastError?.details ?? null,
      errorId: (payload(a) as { errorId: string | null }).errorId,
    },
  }),
  [mediaActions.playing.type]: () => ({ event: 'play', data: null }),
  [mediaActions.paused.type]: (a) => ({ event: 'pause', data: payload(a) }),
  [mediaActions.ended.type]: () => ({ event: 'ended', data: null }),
  [mediaActions.positionChanged.type]: (_a, s) => ({
    event: 'timeupdate',
    data: { currentTime: s.media.currentTime, duration: s.media.duration },
  }),
  [mediaActions.seeking.type]: (a) => ({ event: 'seeking', data: payload(a) }),
  [mediaActions.seeked.type]: (a) => ({ event: 'seeked', data: payload(a) }),
  [mediaActions.volumeChanged.type]: (a) => ({ event: 'volumeChange', data: payload(a) }),
  [streamActions.levelSwitched.type]: (_a, s) => ({
    event: 'qualityChange',
    data: selectQuality(s),
  }),
  [streamActions.audioTrackSwitched.type]: (_a, s) => ({
    event: 'audioTrackChange',
    data: s.stream.audioTracks.find((t) => t.id === s.stream.audioTrack) ?? null,
  }),
  [streamActions.subtitleTrackSwitched.type]: (_a, s) => ({
    event: 'subtitleChange',
    data: s.stream.subtitleTracks.find((t) => t.id === s.stream.subtitleTrack) ?? null,
  }),
  [viewportActions.fullscreenChanged.type]: (_a, s) => ({
    event: 'fullscreenChange',
    data: { fullscreen: s.viewport.fullscreen },
  }),
  // SPEC.md section 4: the episode is the payload
  [contentActions.episodeSelected.type]: (_a, s) => ({
    event: 'episodeChanged',
    data: episodeOf(s),
  }),
  [mediaActions.autoplayMuted.type]: () => ({
    event: 'autoplayBlocked',
    data: { fallback: 'muted' },
  }),
  [mediaActions.autoplayBlocked.type]: () => ({
    event: 'autoplayBlocked',
    data: { fallback: 'play-button' },
  }),
  [adsActions.breakStarted.type]: (a) => ({ event: 'adBreakStarted', data: payload(a) }),
  [adsActions.adStarted.type]: (_a, s) => ({ event: 'adStarted', data: adOf(s) }),
  // the advert plays or pauses: the same events as the film's, marked as the advert's
  [adsActions.adPlaying.type]: () => ({ event: 'play', data: { ad: true } }),
  [adsActions.adPaused.type]: (_a, s) => ({
    event: 'pause',
    data: { currentTime: s.media.currentTime, ad: true },
  }),
  [adsActions.adEnded.type]: (_a, s) => ({ event: 'adEnded', data: adOf(s) }),
  [adsActions.breakEnded.type]: () => ({ event: 'adBreakEnded', data: null }),
  // each analytics event, as the statistics function got it (the SDK hands it to the page's own)
  [analyticsActions.sent.type]: (a) => ({ event: 'analytics', data: payload(a) }),
  // the fullscreen-stretched mode: the host page stretches the frame over its viewport, and back
  [viewportActions.stretchedChanged.type]: (_a, s) => ({
    event: s.viewport.stretched ? 'fullscreenStretchedEnter' : 'fullscreenStretchedExit',
    data: null,
  }),
};

export const HOST_ACTION_TYPES = Object.keys(DESCRIBE);

/** Events only a host that has spoken to the player hears: they come every second. */
export const FREQUENT_EVENTS = new Set(['timeupdate']);

/** Every event name the host may hear, as the ready event lists them. */
export const EVENTS = [
  'ready',
  'error',
  'play',
  'pause',
  'ended',
  'timeupdate',
  'seeking',
  'seeked',
  'volumeChange',
  'qualityChange',
  'audioTrackChange',
  'subtitleChange',
  'fullscreenChange',
  'episodeChanged',
  'autoplayBlocked',
  'adBreakStarted',
  'adStarted',
  'adEnded',
  'adBreakEnded',
  'fullscreenStretchedEnter',
  'fullscreenStretchedExit',
  'analytics',
  'flightLog',
  'response',
];

export function describeForHost(action: UnknownAction, state: PlayerState): HostEvent | null {
  return DESCRIBE[action.type]?.(action, state) ?? null;
}

/** The player.js protocol's events, from ours. */
export const PLAYERJS_EVENTS = ['ready', 'play', 'pause', 'ended', 'timeupdate', 'seeked', 'error'];
export const PLAYERJS_METHODS = [
  'play',
  'pause',
  'getPaused',
  'mute',
  'unmute',
  'getMuted',
  'setVolume',
  'getVolume',
  'getDuration',
  'setCurrentTime',
  'getCurrentTime',
  'addEventListener',
  'removeEventListener',
];

export function toPlayerjs(event: HostEvent, state: PlayerState): HostEvent | null {
  switch (event.event) {
    case 'play':
    case 'pause':
    case 'ended':
      return { event: event.event, data: undefined };
    case 'timeupdate':
    case 'seeked':
      return {
        event: event.event,
        data: { seconds: state.media.currentTime, duration: state.media.duration },
      };
    case 'error': {
      const { code } = event.data as { code: string };
      return { event: 'error', data: { code: -1, msg: code } };
    }
    default:
      return null;
  }
}
