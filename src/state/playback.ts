import { createAction, createSlice, type PayloadAction, type Reducer } from '@reduxjs/toolkit';

/** SPEC.md section 9: the skip step, also the seek buttons', keys' and zones' step. */
export const SEEK_STEP_S = 10;
/** SPEC.md section 9: the volume step. */
export const VOLUME_STEP = 0.05;

// Intents: what the viewer or the host asked for. They change no state by themselves;
// the media element's events confirm what really happened.
export const playbackRequests = {
  playRequested: createAction('playback/playRequested'),
  pauseRequested: createAction('playback/pauseRequested'),
  seekRequested: createAction<{ time: number }>('playback/seekRequested'),
  /** a step back or forward from where the video is (SPEC.md section 9: 10 s) */
  seekByRequested: createAction<{ seconds: number }>('playback/seekByRequested'),
  volumeRequested: createAction<{ volume: number; muted: boolean }>('playback/volumeRequested'),
};

export interface PlaybackState {
  started: boolean;
  paused: boolean;
  buffering: boolean;
  ended: boolean;
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  volume: number;
  muted: boolean;
  autoplayBlocked: boolean;
  /** started muted because the browser refused sound without a gesture */
  autoplayMuted: boolean;
  /** seconds of this episode actually played (wall time while playing) */
  playedSeconds: number;
  /** seconds of the episode's content played (its own time: faster at 2x, seeks not counted) */
  videoPlayedSeconds: number;
}

const initialState: PlaybackState = {
  started: false,
  paused: true,
  buffering: false,
  ended: false,
  currentTime: 0,
  duration: 0,
  bufferedEnd: 0,
  volume: 1,
  muted: false,
  autoplayBlocked: false,
  autoplayMuted: false,
  playedSeconds: 0,
  videoPlayedSeconds: 0,
};

/** Facts reported by the media element, named after its events. */
export const mediaSlice = createSlice({
  name: 'media',
  initialState,
  reducers: {
    playing(state) {
      state.started = true;
      state.paused = false;
      state.buffering = false;
      state.ended = false;
      state.autoplayBlocked = false;
    },
    /** Paused, with the exact position: what is saved on pause is where the viewer stopped. */
    paused(state, action: PayloadAction<{ currentTime: number }>) {
      state.paused = true;
      state.currentTime = action.payload.currentTime;
    },
    waiting(state) {
      state.buffering = true;
    },
    ended(state) {
      state.ended = true;
      state.paused = true;
    },
    /** From the 100 ms stream loop, only when what it shows changed. */
    positionChanged(
      state,
      action: PayloadAction<{
        currentTime: number;
        duration: number;
        bufferedEnd: number;
        playedSeconds: number;
      }>,
    ) {
      Object.assign(state, action.payload);
    },
    durationChanged(state, action: PayloadAction<{ duration: number }>) {
      state.duration = action.payload.duration;
    },
    /** the element started seeking to this position (the host page hears it) */
    seeking(_state, _action: PayloadAction<{ currentTime: number }>) {},
    seeked(state, action: PayloadAction<{ currentTime: number }>) {
      state.currentTime = action.payload.currentTime;
    },
    /**
     * `mutedForBrowser`: the mute is the player's, for the browser that refused sound without a
     * gesture, not the viewer's (neither remembered nor counted), until an unmute.
     */
    volumeChanged(
      state,
      action: PayloadAction<{ volume: number; muted: boolean; mutedForBrowser?: true }>,
    ) {
      state.volume = action.payload.volume;
      state.muted = action.payload.muted;
    },
    autoplayBlocked(state) {
      state.autoplayBlocked = true;
    },
    autoplayMuted(state) {
      state.autoplayMuted = true;
    },
    /**
     * A new episode or source starts from a clean slate; volume and mute carry over, and for another
     * source of the same episode the position and the played times too (SPEC.md section 4: the
     * mid-roll counts accumulated played time).
     */
    reset(state, action: PayloadAction<{ keepPlayed: boolean } | undefined>) {
      const { volume, muted, currentTime, playedSeconds, videoPlayedSeconds } = state;
      return action.payload?.keepPlayed
        ? { ...initialState, volume, muted, currentTime, playedSeconds, videoPlayedSeconds }
        : { ...initialState, volume, muted };
    },
  },
});

export const mediaActions = mediaSlice.actions;

/**
 * The media reducer. The position report, the one action of steady playback (once a second),
 * replaces four numbers without going through an immer draft, which costs more than the change.
 */
export const mediaReducer: Reducer<PlaybackState> = (state, action) =>
  state && mediaActions.positionChanged.match(action)
    ? {
        ...state,
        ...action.payload,
        videoPlayedSeconds: state.videoPlayedSeconds + contentPlayed(state, action.payload),
      }
    : mediaSlice.reducer(state, action);

/**
 * The content time played between two position reports (a second apart at normal speed): a jump
 * back or of more than MAX_PLAYED_STEP_S is a seek, not playing.
 */
const MAX_PLAYED_STEP_S = 5;
function contentPlayed(before: PlaybackState, now: { currentTime: number }) {
  const step = now.currentTime - before.currentTime;
  return step > 0 && step < MAX_PLAYED_STEP_S ? step : 0;
}

// Selectors of this slice: each takes any state that holds it.
type Holds = { media: PlaybackState };
/** the media slice as a whole */
export const selectMedia = (s: Holds) => s.media;
export const selectVolume = (s: Holds) => s.media.volume;
export const selectPlayedSeconds = (s: Holds) => s.media.playedSeconds;
export const selectDuration = (s: Holds) => s.media.duration;
