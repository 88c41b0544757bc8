import { combineReducers } from '@reduxjs/toolkit';
import { adsSlice } from './ads';
import { authSlice } from './auth';
import { bridgeSlice } from './bridge';
import { contentSlice } from './content';
import { mediaActions, mediaReducer } from './playback';
import { nextUpSlice } from './nextUp';
import { playIntentSlice } from './playIntent';
import { preferencesSlice } from './preferences';
import { qoeSlice } from './qoe';
import { resumeSlice } from './resume';
import { streamSlice } from './stream';
import { streamHealthReducer } from './streamHealth';
import { subtitleStyleSlice } from './subtitleStyle';
import { systemSlice } from './system';
import { uiSlice } from './ui';
import { viewportSlice } from './viewport';

/** Each slice's reducer, by the slice's key in the state. */
export const sliceReducers = {
  ads: adsSlice.reducer,
  auth: authSlice.reducer,
  bridge: bridgeSlice.reducer,
  content: contentSlice.reducer,
  media: mediaReducer,
  playIntent: playIntentSlice.reducer,
  resume: resumeSlice.reducer,
  stream: streamSlice.reducer,
  streamHealth: streamHealthReducer,
  system: systemSlice.reducer,
  ui: uiSlice.reducer,
  viewport: viewportSlice.reducer,
  nextUp: nextUpSlice.reducer,
  subtitleStyle: subtitleStyleSlice.reducer,
  preferences: preferencesSlice.reducer,
  qoe: qoeSlice.reducer,
};

const combined = combineReducers(sliceReducers);

/**
 * The root reducer. The position report (once a second of playing: steady playback's one action)
 * is handled by the only two slices that take it, without asking the other fourteen
 * (test/unit/state/rootReducer.test.ts holds the others to it).
 */
export const rootReducer: typeof combined = (state, action) => {
  if (!state?.media || !state.streamHealth || !mediaActions.positionChanged.match(action))
    return combined(state, action);
  const whole = state as ReturnType<typeof combined>; // a state the store has made: every slice
  return {
    ...whole,
    media: mediaReducer(whole.media, action),
    streamHealth: streamHealthReducer(whole.streamHealth, action),
  };
};

/** the slices the position report reaches */
export const POSITION_SLICES = ['media', 'streamHealth'] as const;

export type PlayerState = ReturnType<typeof rootReducer>;
