import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { mediaActions } from './playback';

/** The viewer's answer to the next-episode countdown of the credits. */
export const nextUpRequests = {
  /** 'Отмена': the credits play on, the episode's own end behaves as without markers */
  countdownCancelled: createAction('nextUp/countdownCancelled'),
};

/** The credits' countdown to the next episode, for the episode playing. */
export interface NextUpState {
  cancelled: boolean;
  /**
   * the episode is being left: its countdown ran out, or another episode was asked for (the
   * viewer's or the host's choice, which no countdown overrides); kept until the next episode's load
   * starts, so neither the countdown nor the old video's own end asks again meanwhile
   */
  requested: boolean;
  /**
   * where the countdown starts, when not at the credits' start: a seek into the credits past the
   * countdown counts down afresh from where the viewer landed
   */
  armedAt: number | null;
  /** the countdown ran out: the episode has ended there, as at its own end (getEnded says so) */
  ended: boolean;
}

const initialState: NextUpState = {
  cancelled: false,
  requested: false,
  armedAt: null,
  ended: false,
};

export const nextUpSlice = createSlice({
  name: 'nextUp',
  initialState,
  reducers: {
    /** the countdown ran out: the episode ends here, as at its own end */
    countdownEnded(state) {
      state.requested = true;
      state.ended = true;
    },
    /** another episode was asked for: the countdown is over for this one */
    episodeChosen(state) {
      state.requested = true;
    },
    /** a seek moved the countdown's start (null: back to the credits' start) */
    countdownArmed(state, action: PayloadAction<{ at: number | null }>) {
      state.armedAt = action.payload.at;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(nextUpRequests.countdownCancelled, (state) => {
        state.cancelled = true;
      })
      // every episode has its own credits; another source of the same episode keeps its countdown
      .addCase(mediaActions.reset, (state, action) =>
        action.payload?.keepPlayed ? state : initialState,
      );
  },
});

export const nextUpActions = nextUpSlice.actions;
