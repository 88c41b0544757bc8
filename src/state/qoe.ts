import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PlaybackQuality } from '../shared/media';
import { adRequests, adsActions } from './ads';
import { analyticsActions, analyticsEventName } from './analytics';
import { contentActions } from './content';
import { mediaActions, playbackRequests } from './playback';
import { systemActions } from './system';

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
  /**
   * clock ms of the moment an autoplay was asked for, before its episode was chosen: the boot's
   * choice of the episode, or another episode asked for; the autoplay's play (which comes after the
   * stream is attached) takes it as its intent. Kept across the episode change.
   */
  nextIntentAtMs: number | null;
  /** the episode chosen autoplays (else its intent is the viewer's play, not its choice) */
  nextAutoplay: boolean;
  /** the film showed a frame (even with no start intent: its figures are still reported) */
  contentPlayed: boolean;
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
  /** the level playing, as the quality menu names it ('720p'; its rate where it has no height) */
  levelLabel: string | null;
  /** the seconds each level played, by its label, counted as the bitrate's are */
  secondsByLevel: Record<string, number>;
  /** changes from one known level to another */
  levelSwitches: number;
  /** adverts asked for (each one a break tried) and the ones that showed a frame */
  adsAsked: number;
  adsPlayed: number;
  /**
   * a break was asked for and has not yet ended, passed or shown its first advert: only then does
   * its clock reading count (a break that passes at once may do so before the reading is taken)
   */
  breakPending: boolean;
  /**
   * clock ms the break under way was asked for, until its first advert's frame; when the advert
   * waits for the viewer's click, from the click
   */
  breakAskedAtMs: number | null;
  adStartTotalMs: number;
  adStarts: number;
  /**
   * the element's frame counts before it was reset within the episode (a media recovery, another
   * dubbing studio's source, the stream stopped after a failure), added to its counts now
   */
  framesBefore: PlaybackQuality;
  /** the episode's videoplayer_qoe has gone out */
  reported: boolean;
}

const initialState: QoeState = {
  episodeId: null,
  intentAtMs: null,
  nextIntentAtMs: null,
  nextAutoplay: false,
  contentPlayed: false,
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
  levelLabel: null,
  secondsByLevel: {},
  levelSwitches: 0,
  adsAsked: 0,
  adsPlayed: 0,
  breakPending: false,
  breakAskedAtMs: null,
  adStartTotalMs: 0,
  adStarts: 0,
  framesBefore: { dropped: 0, total: 0 },
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
  contentActions.loaded.type,
  contentActions.episodeRequested.type,
];

/** Counts the level playing up to this many played seconds. */
function closeLevel(state: QoeState, playedSeconds: number) {
  const played = playedSeconds - state.bitrateSinceSec;
  if (state.bitrate === null || played <= 0) return;
  state.levelSeconds += played;
  state.bitSeconds += state.bitrate * played;
  if (state.levelLabel !== null)
    state.secondsByLevel[state.levelLabel] = (state.secondsByLevel[state.levelLabel] ?? 0) + played;
}

/** a level's name as the quality menu gives it: its height, else its rate */
export const levelLabelOf = (height: number | null, bitrate: number | null): string | null =>
  height ? `${height}p` : bitrate ? `${Math.round(bitrate / 1000)} kbps` : null;

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
      return s.intentAtMs === null || (s.breakPending && s.breakAskedAtMs === null);
    case contentActions.loaded.type:
    case contentActions.episodeRequested.type:
      return true; // once a boot, once an episode change
    case mediaActions.playing.type:
      return (s.intentAtMs !== null && s.contentFirstFrameAtMs === null) || s.stallSinceMs !== null;
    case mediaActions.waiting.type:
      return s.filmPlaying && !s.seeking && s.stallSinceMs === null;
    case adRequests.breakRequested.type:
      return s.breakPending && s.breakAskedAtMs === null;
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
          if (state.intentAtMs === null) {
            // the autoplay's play: its intent was the moment the episode was asked for
            state.intentAtMs = (state.nextAutoplay ? state.nextIntentAtMs : null) ?? atMs;
            state.nextIntentAtMs = null;
          }
          // an advert that waited for the viewer's click starts from it
          if (state.breakPending) state.breakAskedAtMs ??= atMs;
          return;
        case contentActions.loaded.type: // the boot chose the episode
        case contentActions.episodeRequested.type: // another episode asked for
          state.nextIntentAtMs = atMs;
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
          if (state.breakPending) state.breakAskedAtMs ??= atMs;
          return;
        case adsActions.adStarted.type:
          if (state.intentAtMs !== null) state.firstFrameAtMs ??= atMs;
          if (state.breakAskedAtMs === null) return;
          state.adStartTotalMs += Math.max(0, atMs - state.breakAskedAtMs);
          state.adStarts += 1;
          state.breakAskedAtMs = null;
          state.breakPending = false;
          return;
        default:
          closeStall(state, atMs);
      }
    },
    /** the element's frame counts, read just before something resets them */
    framesKept(state, action: PayloadAction<PlaybackQuality>) {
      state.framesBefore.dropped += action.payload.dropped;
      state.framesBefore.total += action.payload.total;
    },
    /** whether the episode chosen autoplays: if not, its start intent will be the viewer's play */
    autoplayDecided(state, action: PayloadAction<{ autoplay: boolean }>) {
      state.nextAutoplay = action.payload.autoplay;
    },
    /** another level plays from this many played seconds on (null: its bitrate is not known) */
    levelPlayed(
      state,
      action: PayloadAction<{
        bitrate: number | null;
        height?: number | null;
        playedSeconds: number;
      }>,
    ) {
      const { bitrate, height = null, playedSeconds } = action.payload;
      closeLevel(state, playedSeconds);
      const label = levelLabelOf(height, bitrate);
      if (state.levelLabel !== null && label !== null && label !== state.levelLabel)
        state.levelSwitches += 1;
      state.bitrate = bitrate;
      state.levelLabel = label;
      state.bitrateSinceSec = playedSeconds;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(contentActions.episodeSelected, (state, { payload }) => {
      // the first choice keeps a start intent made while the boot chose it
      if (state.episodeId === null) state.episodeId = payload.episodeId;
      else if (state.episodeId !== payload.episodeId)
        return {
          ...initialState,
          episodeId: payload.episodeId,
          nextIntentAtMs: state.nextIntentAtMs,
          nextAutoplay: state.nextAutoplay,
        };
    });
    builder.addCase(mediaActions.playing, (state) => {
      state.filmPlaying = true;
      state.seeking = false;
      state.contentPlayed = true;
    });
    // the browser refused the autoplay (of the film or of its pre-roll): the start waits for the
    // viewer, whose play is the intent; so does the advert's start
    const startRefused = (state: QoeState) => {
      if (state.firstFrameAtMs === null) state.intentAtMs = null;
      if (state.breakPending) state.breakAskedAtMs = null;
    };
    builder.addCase(mediaActions.autoplayBlocked, startRefused);
    builder.addCase(adsActions.adNeedsClick, startRefused);
    builder.addCase(mediaActions.ended, (state) => {
      state.filmPlaying = false;
    });
    builder.addCase(mediaActions.seeking, (state) => {
      state.seeking = true;
    });
    // the seek's wait lasts until the film plays again (`playing`) or is paused, not until `seeked`:
    // a pause also ends the film playing, so the wait as it starts again (after a mid-roll, a
    // pause) is its start's, not a stall
    builder.addCase(mediaActions.paused, (state) => {
      state.seeking = false;
      state.filmPlaying = false;
    });
    builder.addCase(mediaActions.reset, (state, { payload }) => {
      state.filmPlaying = false;
      state.seeking = false;
      // the played seconds count from zero again: no level plays until the next one is told
      if (!payload?.keepPlayed)
        Object.assign(state, { bitrate: null, levelLabel: null, bitrateSinceSec: 0 });
    });
    builder.addCase(adsActions.adCreated, (state) => {
      state.adsAsked += 1;
    });
    builder.addCase(adsActions.adStarted, (state) => {
      state.adsPlayed += 1;
    });
    builder.addCase(adRequests.breakRequested, (state) => {
      // one break at a time (the ads actor takes the leading request): a request during a pending
      // break is dropped, and does not move its start
      if (state.breakPending) return;
      state.breakPending = true;
      state.breakAskedAtMs = null;
    });
    const breakOver = (state: QoeState) => {
      state.breakPending = false;
      state.breakAskedAtMs = null;
    };
    builder.addCase(adsActions.breakEnded, breakOver);
    builder.addCase(adsActions.breakPassed, breakOver);
    // the ads actor crashed: its break is over (a restarted actor asks again)
    builder.addCase(systemActions.actorCrashed, (state, { payload }) => {
      if (payload.actor === 'ads') breakOver(state);
    });
    builder.addCase(analyticsActions.sent, (state, { payload }) => {
      if (payload.event === analyticsEventName(QOE_EVENT)) state.reported = true;
    });
  },
});

export const qoeActions = qoeSlice.actions;

// Selectors of this slice: each takes any state that holds it.
type Holds = { qoe: QoeState };
export const selectQoe = (s: Holds) => s.qoe;
