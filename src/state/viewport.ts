import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface ViewportState {
  /** the document is hidden (background tab, unloading) */
  hidden: boolean;
  /** the share of the player the viewer can see, 0..1; visible until measured */
  visibleRatio: number;
  fullscreen: boolean;
  /** the video element's own fullscreen (iOS): no pre-roll starts there (SPEC.md section 4) */
  nativeFullscreen: boolean;
}

const initialState: ViewportState = {
  hidden: false,
  visibleRatio: 1,
  fullscreen: false,
  nativeFullscreen: false,
};

/** Where the player is on the viewer's screen. */
export const viewportSlice = createSlice({
  name: 'viewport',
  initialState,
  reducers: {
    pageVisibilityChanged(state, action: PayloadAction<{ hidden: boolean }>) {
      state.hidden = action.payload.hidden;
    },
    intersectionChanged(state, action: PayloadAction<{ ratio: number }>) {
      state.visibleRatio = action.payload.ratio;
    },
    fullscreenChanged(state, action: PayloadAction<{ active: boolean; native: boolean }>) {
      state.fullscreen = action.payload.active;
      state.nativeFullscreen = action.payload.native;
    },
  },
});

export const viewportActions = viewportSlice.actions;
