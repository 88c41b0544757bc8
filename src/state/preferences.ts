import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SubtitleChoice } from '../shared/storedSchemas';
import { mediaActions } from './playback';

/**
 * What the viewer is remembered to want, as the preferences actor keeps it in storage: read back
 * once at the start, kept in step with each write, for the stream actor to apply (the volume and
 * mute with the first load, the subtitles as each stream's tracks come). The speed is the stream's
 * own (stream.rate), the subtitle style its own slice.
 */
export interface PreferencesState {
  /** SPEC.md section 3: player-volume 1 and player-muted false by default */
  volume: number;
  muted: boolean;
  /** the viewer's last subtitles (by language), off, or none remembered */
  subtitles: SubtitleChoice | null;
}

const initialState: PreferencesState = { volume: 1, muted: false, subtitles: null };

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState,
  reducers: {
    /** the last session's volume and mute, read back at the start */
    volumeRestored(state, action: PayloadAction<{ volume: number; muted: boolean }>) {
      state.volume = action.payload.volume;
      state.muted = action.payload.muted;
    },
    /** the subtitles remembered: the last session's (read back at the start), or the viewer's */
    subtitlesRemembered(state, action: PayloadAction<SubtitleChoice>) {
      state.subtitles = action.payload;
    },
  },
  extraReducers: (builder) => {
    // as the preferences actor writes them: the browser's autoplay mute is not the viewer's
    builder.addCase(mediaActions.volumeChanged, (state, action) => {
      state.volume = action.payload.volume;
      if (!action.payload.mutedForBrowser) state.muted = action.payload.muted;
    });
  },
});

export const preferencesActions = preferencesSlice.actions;

// Selectors of this slice: each takes any state that holds it.
type Holds = { preferences: PreferencesState };
export const selectRememberedVolume = (s: Holds) => s.preferences.volume;
export const selectRememberedMuted = (s: Holds) => s.preferences.muted;
export const selectRememberedSubtitles = (s: Holds) => s.preferences.subtitles;
