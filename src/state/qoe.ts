import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  adFill,
  averageBitrate,
  elapsedMs,
  meanMs,
  rebufferRatio,
  stalledMs,
} from '../qoe/figures';
import type { PlaybackQuality } from '../shared/media';
import type { HostQoe } from '../shared/protocol';
import { adRequests, adsActions } from './ads';
import { analyticsActions, analyticsEventName } from './analytics';
import { contentActions } from './content';
import { mediaActions, playbackRequests } from './playback';

/** The analytics event that carries an episode's figures, once per episode. */
export const QOE_EVENT = 'qoe';

/**
 * What the viewer felt of the episode, as tallies of the actions that already say what happened
 * (playback, stream levels, ads) and of the clock readings the qoe actor puts after a few of them:
 * actions carry no time, and the clock is a recorded port, so a replay gives the same figures.
 */
export interface QoeState {
  /** the episode these tallies are of */
  episodeId: number | null;
  /** clock ms of the episode's first start intent: the viewer's play, or the autoplay's */
  intentAtMs: number | null;
  /** clock ms of the first frame the viewer saw after it: an advert's or the film's */
  firstFrameAtMs: number | null;
  /** clock ms of the film's first frame (its first `playing`) */
  contentFirstFrameAtMs: number | null;
  /** the film plays (since its first frame of this source): a wait now is a stall */
  filmPlaying: boolean;
  /** a seek is under way: its wait for data is the viewer's seek, not a stall */
  seeking: boolean;
  stalls: number;
  /** ms of the stalls that ended */
  stalledMs: number;
  /** clock ms the stall under way began at */
  stallSinceMs: number | null;
  /**
   * The level playing (its bits per second) since that many played seconds, and the seconds and
   * bit-seconds of the levels played before it: a level's time is counted when it ends (or when the
   * figures are read), so the once-a-second position report leaves this slice alone.
   */
  bitrate: number | null;
  bitrateSinceSec: number;
  levelSeconds: number;
  bitSeconds: number;
  /** adverts asked for (each one a break tried) and the ones that showed a frame */
  adsAsked: number;
  adsPlayed: number;
  /** clock ms the break under way was asked for, until its first advert's frame */
  breakAskedAtMs: number | null;
  adStartTotalMs: number;
  adStarts: number;
  /** the episode's videoplayer_qoe has gone out */
  reported: boolean;
}

const initialState: QoeState = {
  episodeId: null,
  intentAtMs: null,
  firstFrameAtMs: null,
  contentFirstFrameAtMs: null,
  filmPlaying: false,
  seeking: false,
  stalls: 0,
  stalledMs: 0,
  stallSinceMs: null,
  bitrate: null,
  bitrateSinceSec: 0,
  levelSeconds: 0,
  bitSeconds: 0,
  adsAsked: 0,
  adsPlayed: 0,
  breakAskedAtMs: null,
  adStartTotalMs: 0,
  adStarts: 0,
  reported: false,
};

/** The actions whose moment counts: the qoe actor reads the clock after them (see `timeMatters`). */
export const TIMED_ACTIONS = [
  playbackRequests.playRequested.type,
  adRequests.playPauseRequested.type,
  mediaActions.playing.type,
  mediaActions.waiting.type,
  mediaActions.paused.type,
  mediaActions.seeking.type,
  mediaActions.ended.type,
  adRequests.breakRequested.type,
  adsActions.adStarted.type,
];

/** Counts the level playing up to this many played seconds. */
function closeLevel(state: QoeState, playedSeconds: number) {
  const played = playedSeconds - state.bitrateSinceSec;
  if (state.bitrate === null || played <= 0) return;
  state.levelSeconds += played;
  state.bitSeconds += state.bitrate * played;
}

function closeStall(state: QoeState, atMs: number) {
  if (state.stallSinceMs === null) return;
  state.stalledMs += Math.max(0, atMs - state.stallSinceMs);
  state.stallSinceMs = null;
}

/**
 * Whether the moment of this action (just reduced) would change a figure: the clock is read, and a
 * `qoe/clocked` put, only then, so steady playback adds nothing to the flight log.
 */
export function timeMatters(s: QoeState, type: string): boolean {
  switch (type) {
    case playbackRequests.playRequested.type:
    case adRequests.playPauseRequested.type:
      return s.intentAtMs === null;
    case mediaActions.playing.type:
      return (s.intentAtMs !== null && s.contentFirstFrameAtMs === null) || s.stallSinceMs !== null;
    case mediaActions.waiting.type:
      return s.filmPlaying && !s.seeking && s.stallSinceMs === null;
    case adRequests.breakRequested.type:
      return s.breakAskedAtMs === null;
    case adsActions.adStarted.type:
      return (s.intentAtMs !== null && s.firstFrameAtMs === null) || s.breakAskedAtMs !== null;
    default: // paused, seeking, ended: they end a stall
      return s.stallSinceMs !== null;
  }
}

export const qoeSlice = createSlice({
  name: 'qoe',
  initialState,
  reducers: {
    /** the clock (ms) just after an action of TIMED_ACTIONS, by its type */
    clocked(state, action: PayloadAction<{ of: string; atMs: number }>) {
      const { of, atMs } = action.payload;
      switch (of) {
        case playbackRequests.playRequested.type:
        case adRequests.playPauseRequested.type: // the viewer's click on a pre-roll that waited for one
          state.intentAtMs ??= atMs;
          return;
        case mediaActions.playing.type:
          if (state.intentAtMs !== null) {
            state.firstFrameAtMs ??= atMs;
            state.contentFirstFrameAtMs ??= atMs;
          }
          closeStall(state, atMs);
          return;
        case mediaActions.waiting.type:
          if (!state.filmPlaying || state.seeking || state.stallSinceMs !== null) return;
          state.stalls += 1;
          state.stallSinceMs = atMs;
          return;
        case adRequests.breakRequested.type:
          state.breakAskedAtMs ??= atMs;
          return;
        case adsActions.adStarted.type:
          if (state.intentAtMs !== null) state.firstFrameAtMs ??= atMs;
          if (state.breakAskedAtMs === null) return;
          state.adStartTotalMs += Math.max(0, atMs - state.breakAskedAtMs);
          state.adStarts += 1;
          state.breakAskedAtMs = null;
          return;
        default:
          closeStall(state, atMs);
      }
    },
    /** another level plays from this many played seconds on (null: its bitrate is not known) */
    levelPlayed(state, action: PayloadAction<{ bitrate: number | null; playedSeconds: number }>) {
      closeLevel(state, action.payload.playedSeconds);
      state.bitrate = action.payload.bitrate;
      state.bitrateSinceSec = action.payload.playedSeconds;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(contentActions.episodeSelected, (state, { payload }) => {
      // the first choice keeps a start intent made while the boot chose it
      if (state.episodeId === null) state.episodeId = payload.episodeId;
      else if (state.episodeId !== payload.episodeId)
        return { ...initialState, episodeId: payload.episodeId };
    });
    builder.addCase(mediaActions.playing, (state) => {
      state.filmPlaying = true;
      state.seeking = false;
    });
    // the browser refused the autoplay (of the film or of its pre-roll): the start waits for the
    // viewer, whose play is the intent
    const startRefused = (state: QoeState) => {
      if (state.firstFrameAtMs === null) state.intentAtMs = null;
    };
    builder.addCase(mediaActions.autoplayBlocked, startRefused);
    builder.addCase(adsActions.adNeedsClick, startRefused);
    builder.addCase(mediaActions.ended, (state) => {
      state.filmPlaying = false;
    });
    builder.addCase(mediaActions.seeking, (state) => {
      state.seeking = true;
    });
    builder.addCase(mediaActions.seeked, (state) => {
      state.seeking = false;
    });
    builder.addCase(mediaActions.reset, (state, { payload }) => {
      state.filmPlaying = false;
      state.seeking = false;
      // the played seconds count from zero again: no level plays until the next one is told
      if (!payload?.keepPlayed) Object.assign(state, { bitrate: null, bitrateSinceSec: 0 });
    });
    builder.addCase(adsActions.adCreated, (state) => {
      state.adsAsked += 1;
    });
    builder.addCase(adsActions.adStarted, (state) => {
      state.adsPlayed += 1;
    });
    const breakOver = (state: QoeState) => {
      state.breakAskedAtMs = null;
    };
    builder.addCase(adsActions.breakEnded, breakOver);
    builder.addCase(adsActions.breakPassed, breakOver);
    builder.addCase(analyticsActions.sent, (state, { payload }) => {
      if (payload.event === analyticsEventName(QOE_EVENT)) state.reported = true;
    });
  },
});

export const qoeActions = qoeSlice.actions;

/** The episode's figures as a host page gets them (`getQoe`): the host protocol's. */
export type QoeFigures = HostQoe;

/**
 * The figures now: the tallies, the clock now (a stall still on counts up to it), the seconds the
 * film has been watched (media.playedSeconds: not paused, stalls included) and the element's frames.
 */
export function qoeFigures(
  s: QoeState,
  nowMs: number,
  watchedSec: number,
  frames: PlaybackQuality,
): QoeFigures {
  const stalled = Math.round(stalledMs(s.stalledMs, s.stallSinceMs, nowMs));
  const openLevelSec = s.bitrate === null ? 0 : Math.max(0, watchedSec - s.bitrateSinceSec);
  return {
    ttffMs: elapsedMs(s.intentAtMs, s.firstFrameAtMs),
    ttffContentMs: elapsedMs(s.intentAtMs, s.contentFirstFrameAtMs),
    rebufferCount: s.stalls,
    rebufferMs: stalled,
    rebufferRatio: rebufferRatio(stalled, watchedSec * 1000),
    watchedSec,
    droppedFrames: frames.dropped,
    totalFrames: frames.total,
    averageBitrate: averageBitrate(
      s.bitSeconds + (s.bitrate ?? 0) * openLevelSec,
      s.levelSeconds + openLevelSec,
    ),
    adsAsked: s.adsAsked,
    adsPlayed: s.adsPlayed,
    adFill: adFill(s.adsPlayed, s.adsAsked),
    adStartMs: meanMs(s.adStartTotalMs, s.adStarts),
  };
}

/** The figures as the videoplayer_qoe event's fields (snake case, as the other events' are). */
export const qoeEventFields = (f: QoeFigures) => ({
  ttff_ms: f.ttffMs,
  ttff_content_ms: f.ttffContentMs,
  rebuffer_count: f.rebufferCount,
  rebuffer_ms: f.rebufferMs,
  rebuffer_ratio: f.rebufferRatio,
  watched_sec: f.watchedSec,
  dropped_frames: f.droppedFrames,
  total_frames: f.totalFrames,
  avg_bitrate: f.averageBitrate,
  ads_asked: f.adsAsked,
  ads_played: f.adsPlayed,
  ad_fill: f.adFill,
  ad_start_ms: f.adStartMs,
});

// Selectors of this slice: each takes any state that holds it.
type Holds = { qoe: QoeState };
export const selectQoe = (s: Holds) => s.qoe;
