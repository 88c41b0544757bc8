import { combineReducers } from '@reduxjs/toolkit';
import { adsSlice } from './ads';
import { authSlice } from './auth';
import { bridgeSlice } from './bridge';
import { contentSlice } from './content';
import { mediaReducer } from './playback';
import { nextUpSlice } from './nextUp';
import { preferencesSlice } from './preferences';
import { qoeSlice } from './qoe';
import { resumeSlice } from './resume';
import { streamSlice } from './stream';
import { streamHealthReducer } from './streamHealth';
import { subtitleStyleSlice } from './subtitleStyle';
import { systemSlice } from './system';
import { uiSlice } from './ui';
import { viewportSlice } from './viewport';

export const rootReducer = combineReducers({
  ads: adsSlice.reducer,
  auth: authSlice.reducer,
  bridge: bridgeSlice.reducer,
  content: contentSlice.reducer,
  media: mediaReducer,
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
});

export type PlayerState = ReturnType<typeof rootReducer>;
