import { createAction, createSlice, isAnyOf } from '@reduxjs/toolkit';
import { mediaActions, playbackRequests } from './playback';
import { systemActions } from './system';

/**
 * What the stream actor must remember of the viewer's wishes between the media's events: a play
 * that could not start yet, a seek under way and a pause held through it, and a mute that is the
 * player's, not the viewer's. Kept in the state (not in the actor) so that a restarted actor and a
 * replayed log see the same, and a renamed field does not compile.
 */
export interface PlayIntentState {
  /** play was asked when it could not start (the stream loading, the availability unknown) */
  playKept: boolean;
  /** a seek is under way: asked of the element (its seeking event comes later) and not yet seeked */
  seekPending: boolean;
  /**
   * pause was asked during that seek: WebKit plays on by itself before the seek ends (a playing
   * event after the pause), so the pause is carried out again until the seek is over
   */
  pauseHeld: boolean;
  /** the element is muted by the player, for the browser that refused sound without a gesture */
  mutedForBrowser: boolean;
}

const initialState: PlayIntentState = {
  playKept: false,
  seekPending: false,
  pauseHeld: false,
  mutedForBrowser: false,
};

export const playIntentActions = {
  /** the play asked could not start yet: carried out when the stream or the answer is there */
  playKept: createAction('playIntent/playKept'),
  /** the browser refused sound without a gesture: the player mutes the element itself */
  mutedForBrowser: createAction('playIntent/mutedForBrowser'),
};

export const playIntentSlice = createSlice({
  name: 'playIntent',
  initialState,
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(playIntentActions.playKept, (state) => {
        state.playKept = true;
      })
      .addCase(playIntentActions.mutedForBrowser, (state) => {
        state.mutedForBrowser = true;
      })
      // a play request is carried out or kept again by the actor; the viewer wants it to play, so
      // a pause held through a seek is taken back
      .addCase(playbackRequests.playRequested, (state) => {
        state.playKept = false;
        state.pauseHeld = false;
      })
      .addCase(playbackRequests.pauseRequested, (state) => {
        state.playKept = false;
        state.pauseHeld = state.seekPending;
      })
      .addCase(mediaActions.seeked, (state) => {
        state.seekPending = false;
        state.pauseHeld = false;
      })
      // a new load ends any seek of the last one (its seeked never comes), and the pause held for it
      .addCase(mediaActions.reset, (state) => {
        state.seekPending = false;
        state.pauseHeld = false;
      })
      .addCase(mediaActions.volumeChanged, (state, action) => {
        if (!action.payload.muted) state.mutedForBrowser = false;
      })
      // asked of the element, or begun by it: its seeking event comes after the request
      .addMatcher(
        isAnyOf(
          playbackRequests.seekRequested,
          playbackRequests.seekByRequested,
          mediaActions.seeking,
        ),
        (state) => {
          state.seekPending = true;
        },
      )
      // the viewer has the failure message: nothing is to play behind it
      .addMatcher(isAnyOf(systemActions.bootFailed, systemActions.playbackFailed), (state) => {
        state.playKept = false;
      }),
});

type Holds = { playIntent: PlayIntentState };
export const selectPlayKept = (s: Holds) => s.playIntent.playKept;
export const selectPauseHeld = (s: Holds) => s.playIntent.pauseHeld;
export const selectMutedForBrowser = (s: Holds) => s.playIntent.mutedForBrowser;
