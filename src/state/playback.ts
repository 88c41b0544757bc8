import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

// Intents: what the viewer or the host asked for. They change no state by themselves;
// the media element's events confirm what really happened.
export const playbackRequests = {
  playRequested: createAction('playback/playRequested'),
  pauseRequested: createAction('playback/pauseRequested'),
  seekRequested: createAction<{ time: number }>('playback/seekRequested'),
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
    paused(state) {
      state.paused = true;
    },
    waiting(state) {
      state.buffering = true;
    },
    ended(state) {
      state.ended = true;
      state.paused = true;
    },
    timeUpdated(
      state,
      action: PayloadAction<{ currentTime: number; duration: number; bufferedEnd: number }>,
    ) {
      Object.assign(state, action.payload);
    },
    seeked(state, action: PayloadAction<{ currentTime: number }>) {
      state.currentTime = action.payload.currentTime;
    },
    volumeChanged(state, action: PayloadAction<{ volume: number; muted: boolean }>) {
      state.volume = action.payload.volume;
      state.muted = action.payload.muted;
    },
    autoplayBlocked(state) {
      state.autoplayBlocked = true;
    },
    /** A new episode or source starts from a clean slate. */
    reset() {
      return initialState;
    },
  },
});

export const mediaActions = mediaSlice.actions;
