// What the host page hears: the player's actions turned into events with their data, in our
// protocol and, for the events it defines, in the player.js protocol. Pure. Which events there are,
// and what each carries, is the host protocol's (src/shared/protocol.ts): an event's data that is not
// the protocol's, or an event of the protocol that no action becomes, does not compile.
import type { UnknownAction } from 'redux';
import type { PlayerState } from '../state';
import { adsActions, reportedAdDuration } from '../state/ads';
import { analyticsActions } from '../state/analytics';
import { contentActions } from '../state/content';
import { nextUpActions } from '../state/nextUp';
import { mediaActions } from '../state/playback';
import { selectCurrentEpisode, selectQuality } from '../state/selectors';
import { streamActions } from '../state/stream';
import { systemActions, type BootFailureReason } from '../state/system';
import { viewportActions } from '../state/viewport';
import {
  ANSWER_MESSAGES,
  EVENT_NAMES,
  type BootErrorCode,
  type HostAd,
  type PlayerEvent,
  type PlayerEventName,
  type ReadyInfo,
} from '../shared/protocol';
import { COMMANDS } from './commands';

/** Stable error codes a host can switch on. */
export const BOOT_ERROR_CODES: Record<BootFailureReason, BootErrorCode> = {
  'missing-movie-id': 'MOVIE_ID_MISSING',
  'not-found': 'CONTENT_NOT_FOUND',
  blocked: 'CONTENT_BLOCKED',
  'no-episodes': 'NO_EPISODES',
  'master-load-failed': 'MASTER_LOAD_FAILED',
  unexpected: 'UNEXPECTED',
  'actor-stopped': 'PLAYER_FAULT',
};
export const STREAM_FAILED = 'STREAM_FAILED';

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

/** An event for the host page, its data as the protocol says. */
export type HostEvent = PlayerEvent;

/** Every event name the host may hear, and the answers to requests, as the ready event lists them. */
export const EVENTS: string[] = [...EVENT_NAMES, ...ANSWER_MESSAGES];

/** What the ready event tells a host: what it may hear and ask. */
export const READY_DATA = {
  ours: { events: EVENTS, commands: COMMANDS } satisfies ReadyInfo,
  playerjs: { events: PLAYERJS_EVENTS, methods: PLAYERJS_METHODS },
};

/** An action creator of the state, with the payload it carries. */
interface Creator<P> {
  type: string;
  match(action: unknown): action is { type: string; payload: P };
}

/** Which events an action may become, and how: the data is the protocol's for that event. */
interface Rule<E extends PlayerEventName> {
  type: string;
  events: readonly E[];
  describe(action: UnknownAction, state: PlayerState): PlayerEvent<E> | null;
}

function rule<P, const E extends PlayerEventName>(
  creator: Creator<P>,
  events: readonly E[],
  describe: (payload: P, state: PlayerState) => PlayerEvent<E> | null,
): Rule<E> {
  return {
    type: creator.type,
    events,
    describe: (action, state) => (creator.match(action) ? describe(action.payload, state) : null),
  };
}

const adOf = (s: PlayerState): HostAd | null => {
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

/** Each action the host hears, with what it says. */
const RULES = [
  rule(systemActions.bootSucceeded, ['ready'], () => ({
    event: 'ready',
    data: READY_DATA.ours,
  })),
  rule(systemActions.bootFailed, ['error'], ({ reason, errorId }) => ({
    event: 'error',
    data: { code: BOOT_ERROR_CODES[reason], errorId },
  })),
  rule(systemActions.playbackFailed, ['error'], ({ reason, errorId }, s) => ({
    event: 'error',
    data:
      reason === 'actor-stopped'
        ? { code: BOOT_ERROR_CODES[reason], errorId }
        : { code: STREAM_FAILED, details: s.stream.lastError?.details ?? null, errorId },
  })),
  rule(mediaActions.playing, ['play'], () => ({ event: 'play', data: null })),
  // the credits' countdown ended the episode: the element's pause that follows is part of that end
  rule(mediaActions.paused, ['pause'], (p, s) =>
    s.nextUp.ended ? null : { event: 'pause', data: p },
  ),
  rule(mediaActions.ended, ['ended'], () => ({ event: 'ended', data: null })),
  // the credits' countdown ran out: the episode ends there (docs/master-json.md)
  rule(nextUpActions.countdownEnded, ['ended'], () => ({ event: 'ended', data: null })),
  rule(mediaActions.positionChanged, ['timeupdate'], (_p, s) => ({
    event: 'timeupdate',
    data: { currentTime: s.media.currentTime, duration: s.media.duration },
  })),
  rule(mediaActions.seeking, ['seeking'], (p) => ({ event: 'seeking', data: p })),
  rule(mediaActions.seeked, ['seeked'], (p) => ({ event: 'seeked', data: p })),
  rule(mediaActions.durationChanged, ['durationChange'], (p) => ({
    event: 'durationChange',
    data: { duration: p.duration },
  })),
  rule(streamActions.rateChanged, ['rateChange'], (p) => ({
    event: 'rateChange',
    data: { rate: p.rate },
  })),
  rule(mediaActions.volumeChanged, ['volumeChange'], ({ volume, muted }) => ({
    event: 'volumeChange',
    data: { volume, muted },
  })),
  rule(streamActions.levelSwitched, ['qualityChange'], (_p, s) => ({
    event: 'qualityChange',
    data: selectQuality(s),
  })),
  rule(streamActions.audioTrackSwitched, ['audioTrackChange'], (_p, s) => ({
    event: 'audioTrackChange',
    data: s.stream.audioTracks.find((t) => t.id === s.stream.audioTrack) ?? null,
  })),
  rule(streamActions.subtitleTrackSwitched, ['subtitleChange'], (_p, s) => ({
    event: 'subtitleChange',
    data: s.stream.subtitleTracks.find((t) => t.id === s.stream.subtitleTrack) ?? null,
  })),
  rule(viewportActions.fullscreenChanged, ['fullscreenChange'], (_p, s) => ({
    event: 'fullscreenChange',
    data: { fullscreen: s.viewport.fullscreen },
  })),
  // SPEC.md section 4: the episode is the payload
  rule(contentActions.episodeSelected, ['episodeChanged'], (_p, s) => {
    const episode = selectCurrentEpisode(s);
    return episode && { event: 'episodeChanged', data: episode };
  }),
  rule(mediaActions.autoplayMuted, ['autoplayBlocked'], () => ({
    event: 'autoplayBlocked',
    data: { fallback: 'muted' },
  })),
  rule(mediaActions.autoplayBlocked, ['autoplayBlocked'], () => ({
    event: 'autoplayBlocked',
    data: { fallback: 'play-button' },
  })),
  rule(adsActions.breakStarted, ['adBreakStarted'], (p) => ({ event: 'adBreakStarted', data: p })),
  rule(adsActions.adStarted, ['adStarted'], (_p, s) => {
    const ad = adOf(s);
    return ad && { event: 'adStarted', data: ad };
  }),
  // the advert plays or pauses: the same events as the film's, marked as the advert's
  rule(adsActions.adPlaying, ['play'], () => ({ event: 'play', data: { ad: true } })),
  rule(adsActions.adPaused, ['pause'], (_p, s) => ({
    event: 'pause',
    data: { currentTime: s.media.currentTime, ad: true },
  })),
  rule(adsActions.adEnded, ['adEnded'], (_p, s) => {
    const ad = adOf(s);
    return ad && { event: 'adEnded', data: ad };
  }),
  rule(adsActions.breakEnded, ['adBreakEnded'], () => ({ event: 'adBreakEnded', data: null })),
  // each analytics event, as the statistics function got it (the SDK hands it to the page's own)
  rule(analyticsActions.sent, ['analytics'], (p) => ({ event: 'analytics', data: p })),
  // the fullscreen-stretched mode: the host page stretches the frame over its viewport, and back
  rule(
    viewportActions.stretchedChanged,
    ['fullscreenStretchedEnter', 'fullscreenStretchedExit'],
    (_p, s) => ({
      event: s.viewport.stretched ? 'fullscreenStretchedEnter' : 'fullscreenStretchedExit',
      data: null,
    }),
  ),
] as const;

/**
 * Buffering, which one action starts (the element's `waiting`) and several end: the film plays, is
 * paused, ends, is replaced (a new episode or source) or has failed. What ends it depends on whether
 * it had started, which the bridge remembers: each start is told once, and each end once after it.
 */
const BUFFERING_ENDS: readonly string[] = [
  mediaActions.playing.type,
  mediaActions.paused.type,
  mediaActions.ended.type,
  mediaActions.reset.type,
  systemActions.playbackFailed.type,
];
type BufferingEvent = 'bufferingStart' | 'bufferingEnd';

/** The bridge's buffering watch: the events the actions say, given whether buffering was told. */
export function createBufferingWatch() {
  let buffering = false;
  return (action: UnknownAction, state: PlayerState): PlayerEvent<BufferingEvent> | null => {
    const data = { currentTime: state.media.currentTime };
    if (mediaActions.waiting.match(action)) {
      if (buffering) return null;
      buffering = true;
      return { event: 'bufferingStart', data };
    }
    if (buffering && BUFFERING_ENDS.includes(action.type)) {
      buffering = false;
      return { event: 'bufferingEnd', data };
    }
    return null;
  };
}

/** The events of the protocol no action becomes: none, or this does not compile. */
type Told =
  | ((typeof RULES)[number] extends infer R ? (R extends Rule<infer E> ? E : never) : never)
  | BufferingEvent;
type Untold = Exclude<PlayerEventName, Told>;
const _everyEventTold: [Untold] extends [never] ? true : Untold = true;

const DESCRIBE = new Map<string, Rule<PlayerEventName>>(RULES.map((r) => [r.type, r]));

export const HOST_ACTION_TYPES = [
  ...new Set([...DESCRIBE.keys(), mediaActions.waiting.type, ...BUFFERING_ENDS]),
];

/** Events only a host that has spoken to the player hears: they come every second. */
export const FREQUENT_EVENTS = new Set<string>(['timeupdate']);

export function describeForHost(action: UnknownAction, state: PlayerState): HostEvent | null {
  return DESCRIBE.get(action.type)?.describe(action, state) ?? null;
}

/** An event of the player.js protocol. */
export interface PlayerjsEvent {
  event: string;
  data: unknown;
}

export function toPlayerjs(event: HostEvent, state: PlayerState): PlayerjsEvent | null {
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
    case 'error':
      return { event: 'error', data: { code: -1, msg: event.data.code } };
    default:
      return null;
  }
}
