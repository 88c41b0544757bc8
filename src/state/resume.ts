import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { mediaActions } from './playback';

export interface ResumeState {
  /** where the viewer stopped in the current episode, in seconds */
  savedTime: number | null;
  /** the continue prompt 'Вы остановились на H:MM:SS' (SPEC.md section 4) */
  promptVisible: boolean;
  /** whether the current episode starts by itself */
  autoplay: boolean;
}

const initialState: ResumeState = { savedTime: null, promptVisible: false, autoplay: false };

export const resumeSlice = createSlice({
  name: 'resume',
  initialState,
  reducers: {
    /** The boot actor's decision for the chosen episode. */
    decided(_state, action: PayloadAction<ResumeState>) {
      return action.payload;
    },
    continueRequested(state) {
      state.promptVisible = false;
    },
    startOverRequested(state) {
      state.promptVisible = false;
    },
  },
  extraReducers: (builder) => {
    // The prompt is for before the first start only.
    builder.addCase(mediaActions.playing, (state) => {
      state.promptVisible = false;
    });
  },
});

export const resumeActions = resumeSlice.actions;

// Selectors of this slice: each takes any state that holds it.
type Holds = { resume: ResumeState };
export const selectSavedTime = (s: Holds) => s.resume.savedTime;
export const selectAutoplay = (s: Holds) => s.resume.autoplay;
