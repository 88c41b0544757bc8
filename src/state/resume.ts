import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { mediaActions } from './playback';

export interface ResumeState {
  /** where the viewer stopped in the current episode, in seconds */
  savedTime: number | null;
  /** the continue prompt 'Вы остановились на H:MM:SS' (SPEC.md section 4) */
  promptVisible: boolean;
  /** whether the current episode starts by itself */
  autoplay: boolean;
  /**
   * SPEC.md section 4, "autoplay can be toggled": the host page's choice for the rest of the
   * session (the next episodes and the move to them at an episode's end); null until it chooses
   */
  autoplayChoice: boolean | null;
}

/**
 * The last seconds of an episode count as its end, where nothing is left to continue: the catalog's
 * duration and the media's differ by a few seconds, and a viewer who watched to the end may leave
 * before the end itself is written (positions are written every 10 s, SPEC.md section 9).
 */
export const END_TAIL_S = 10;

/** The share of a short episode its end takes at most: a 24 s clip keeps its prompt up to 22.8 s. */
const END_TAIL_SHARE = 0.05;

/**
 * A position at an episode's end: in its last END_TAIL_S (at most END_TAIL_SHARE of a short one)
 * or past it; never for an unknown duration.
 */
export const atEpisodeEnd = (position: number, duration: number) =>
  duration > 0 && position >= duration - Math.min(END_TAIL_S, duration * END_TAIL_SHARE);

/** What is decided for each episode: the host page's autoplay choice is the session's. */
export type ResumeDecision = Omit<ResumeState, 'autoplayChoice'>;

const initialState: ResumeState = {
  savedTime: null,
  promptVisible: false,
  autoplay: false,
  autoplayChoice: null,
};

export const resumeSlice = createSlice({
  name: 'resume',
  initialState,
  reducers: {
    /** The decision for the chosen episode (the host page's autoplay choice stands over it). */
    decided(state, action: PayloadAction<ResumeDecision>) {
      const { autoplayChoice } = state;
      // never under the continue prompt, whatever the host page chose
      const autoplay = !action.payload.promptVisible && (autoplayChoice ?? action.payload.autoplay);
      return { ...action.payload, autoplayChoice, autoplay };
    },
    autoplayChosen(state, action: PayloadAction<{ autoplay: boolean }>) {
      state.autoplayChoice = action.payload.autoplay;
      state.autoplay = action.payload.autoplay;
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
/** false only when the host page turned autoplay off: then an episode's end does not move on */
export const selectAutoNext = (s: Holds) => s.resume.autoplayChoice !== false;
