import { createAction, createSlice } from '@reduxjs/toolkit';
import { contentActions } from './content';

/** The viewer's answer to the next-episode countdown of the credits. */
export const nextUpRequests = {
  /** 'Отмена': the credits play on, the episode's own end behaves as without markers */
  countdownCancelled: createAction('nextUp/countdownCancelled'),
};

/** The credits' countdown to the next episode, for the episode playing. */
export interface NextUpState {
  cancelled: boolean;
  /** the countdown ran out and the next episode was asked for (once) */
  requested: boolean;
}

const initialState: NextUpState = { cancelled: false, requested: false };

export const nextUpSlice = createSlice({
  name: 'nextUp',
  initialState,
  reducers: {
    countdownEnded(state) {
      state.requested = true;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(nextUpRequests.countdownCancelled, (state) => {
        state.cancelled = true;
      })
      // every episode has its own credits
      .addCase(contentActions.episodeSelected, () => initialState);
  },
});

export const nextUpActions = nextUpSlice.actions;
