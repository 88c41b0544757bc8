// What the system's media controls show and do, and when the screen stays on: pure rules on the state.
import type { UnknownAction } from 'redux';
import * as ru from '../../src/i18n/ruMediaSession';
import type {
  MediaSessionAction,
  MediaSessionEvent,
  MediaSessionMetadata,
  MediaSessionPosition,
} from '../../src/ports/types';
import type { PlayerState } from '../../src/state';
import { adRequests, adsActions, selectInAdBreak } from '../../src/state/ads';
import { analyticsActions } from '../../src/state/analytics';
import { contentActions } from '../../src/state/content';
import { actionWhere, anyOf } from '../lib/anyOf';
import { mediaActions, playbackRequests, SEEK_STEP_S } from '../../src/state/playback';
import { streamActions } from '../../src/state/stream';
import { uiActions } from '../../src/state/ui';
import { selectAdWanted, selectCurrentEpisode, selectNextEpisode } from '../../src/state/selectors';

/**
 * What the system's controls and the screen's wake lock never change with: the film's and the
 * advert's progress reports (the position is told only at its moments), the status region's words,
 * the bandwidth estimate kept every 10 s and the analytics events sent.
 */
export const unchangingForSystem = anyOf([
  mediaActions.positionChanged.type,
  adsActions.adProgressed.type,
  uiActions.announced.type,
  streamActions.bandwidthEstimated.type,
  analyticsActions.sent.type,
]);
/** The take pattern of the actors that wake for all but those. */
export const changingForSystem = actionWhere((action) => !unchangingForSystem(action));

/** What the system's media controls show. */
export interface SystemSession {
  metadata: MediaSessionMetadata | null;
  playbackState: 'none' | 'paused' | 'playing';
  actions: MediaSessionAction[];
  position: MediaSessionPosition | null;
}

const SEEKING: MediaSessionAction[] = ['seekbackward', 'seekforward', 'seekto'];

const positive = (n: number) => Number.isFinite(n) && n > 0;

/** The film's (or episode's) title, season and episode, and poster; during an advert 'Реклама'. */
function metadataOf(s: PlayerState): MediaSessionMetadata | null {
  const content = s.content.content;
  if (!content) return null;
  const episode = selectCurrentEpisode(s);
  const artwork = episode?.posterPath || content.posterUrl || null;
  if (selectInAdBreak(s)) return { title: ru.ad, artist: content.title, album: '', artwork };
  const series = content.hasMultipleEpisodes && episode !== null;
  return {
    title: content.title,
    artist: series ? ru.seasonEpisode(episode.season.order, episode.order) : '',
    album: series ? episode.title : '',
    artwork,
  };
}

/**
 * The position the system shows and moves on by itself; none during an advert (nothing to seek in)
 * and none while the duration is unknown or endless (the API refuses it).
 */
function positionOf(s: PlayerState): MediaSessionPosition | null {
  const { duration, currentTime } = s.media;
  if (selectInAdBreak(s) || !positive(duration)) return null;
  return {
    duration,
    position: Number.isFinite(currentTime) ? Math.min(Math.max(currentTime, 0), duration) : 0,
    playbackRate: positive(s.stream.rate) ? s.stream.rate : 1,
  };
}

export function sessionOf(s: PlayerState): SystemSession {
  if (!s.content.content || s.system.failure) {
    return { metadata: null, playbackState: 'none', actions: [], position: null };
  }
  if (selectInAdBreak(s)) {
    return {
      metadata: metadataOf(s),
      playbackState: s.ads.ad?.status === 'playing' ? 'playing' : 'paused',
      actions: ['play', 'pause'], // an advert is not seeked
      position: null,
    };
  }
  return {
    metadata: metadataOf(s),
    playbackState: s.media.paused ? 'paused' : 'playing',
    actions: ['play', 'pause', ...SEEKING, ...(selectNextEpisode(s) ? ['nexttrack' as const] : [])],
    position: positionOf(s),
  };
}

const step = (offset: number | undefined) =>
  offset !== undefined && positive(offset) ? offset : SEEK_STEP_S;

/**
 * The player's own request for a control the system pressed: the same a click would make. During an
 * advert play and pause go to the advert and seeking is ignored.
 */
export function requestFor(event: MediaSessionEvent, s: PlayerState): UnknownAction | null {
  if (!s.content.content || s.system.failure) return null;
  if (selectInAdBreak(s)) {
    const adPlaying = s.ads.ad?.status === 'playing';
    if (!s.ads.ad) return null;
    if (event.action === 'play' && !adPlaying) return adRequests.playPauseRequested();
    if (event.action === 'pause' && adPlaying) return adRequests.playPauseRequested();
    return null;
  }
  switch (event.action) {
    case 'play':
      return playbackRequests.playRequested();
    case 'pause':
      return playbackRequests.pauseRequested();
    case 'seekbackward':
      return playbackRequests.seekByRequested({ seconds: -step(event.seekOffset) });
    case 'seekforward':
      return playbackRequests.seekByRequested({ seconds: step(event.seekOffset) });
    case 'seekto': {
      const time = event.seekTime;
      if (time === undefined || !Number.isFinite(time)) return null;
      // a system's slider dragged past either end: the start, or the end
      const { duration } = s.media;
      const from = Math.max(time, 0);
      return playbackRequests.seekRequested({
        time: positive(duration) ? Math.min(from, duration) : from,
      });
    }
    case 'nexttrack': {
      const next = selectNextEpisode(s);
      return next ? contentActions.episodeRequested({ episodeId: next.id }) : null;
    }
  }
}

/**
 * The screen stays on while the film plays (or is resuming after an advert), or while an advert plays
 * or is about to; never behind a hidden page or a failure. (The wake lock actor asks nothing before
 * the session's first frame has settled: a pre-roll's lock comes a moment after its first frame.)
 */
export function wakeLockWanted(s: PlayerState, { resuming = false } = {}): boolean {
  if (s.viewport.hidden || s.system.failure || !s.content.content) return false;
  if (selectInAdBreak(s)) return selectAdWanted(s) && s.ads.ad?.status !== 'paused';
  return resuming || (!s.media.paused && !s.media.ended);
}
