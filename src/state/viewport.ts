import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DisplayCapabilities, PlaybackTargetKind } from '../shared/media';

export interface ViewportState {
  /** the document is hidden (background tab, unloading) */
  hidden: boolean;
  /** the share of the player the viewer can see, 0..1; visible until measured */
  visibleRatio: number;
  fullscreen: boolean;
  /** the video element's own fullscreen (iOS): no pre-roll starts there (SPEC.md section 4) */
  nativeFullscreen: boolean;
  /** SPEC.md section 2: the desktop layout from the sm breakpoint (640 px) up, mobile below */
  wide: boolean;
  pictureInPicture: boolean;
  /** the fullscreen-stretched mode: the host page has stretched the frame over its viewport */
  stretched: boolean;
  /** what this browser offers; a control shows only when its feature is there */
  capabilities: DisplayCapabilities;
}

const initialState: ViewportState = {
  hidden: false,
  visibleRatio: 1,
  fullscreen: false,
  nativeFullscreen: false,
  wide: true,
  pictureInPicture: false,
  stretched: false,
  capabilities: {
    fullscreen: false,
    pictureInPicture: false,
    airplay: false,
    remotePlayback: false,
    touch: false,
  },
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
    layoutChanged(state, action: PayloadAction<{ wide: boolean }>) {
      state.wide = action.payload.wide;
    },
    pictureInPictureChanged(state, action: PayloadAction<{ active: boolean }>) {
      state.pictureInPicture = action.payload.active;
    },
    stretchedChanged(state, action: PayloadAction<{ active: boolean }>) {
      state.stretched = action.payload.active;
    },
    capabilitiesFound(state, action: PayloadAction<DisplayCapabilities>) {
      state.capabilities = action.payload;
    },
    /** an AirPlay receiver or a casting device came within reach, or went */
    playbackTargetsChanged(
      state,
      action: PayloadAction<{ kind: PlaybackTargetKind; available: boolean }>,
    ) {
      const { kind, available } = action.payload;
      if (kind === 'airplay') state.capabilities.airplay = available;
      else state.capabilities.remotePlayback = available;
    },
  },
});

export const viewportActions = viewportSlice.actions;

// Selectors of this slice: each takes any state that holds it.
type Holds = { viewport: ViewportState };
export const selectStretched = (s: Holds) => s.viewport.stretched;
