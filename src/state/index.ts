import { combineReducers } from '@reduxjs/toolkit';
import { authSlice } from './auth';
import { contentSlice } from './content';
import { mediaSlice } from './playback';
import { resumeSlice } from './resume';
import { streamSlice } from './stream';
import { systemSlice } from './system';

export const rootReducer = combineReducers({
  auth: authSlice.reducer,
  content: contentSlice.reducer,
  media: mediaSlice.reducer,
  resume: resumeSlice.reducer,
  stream: streamSlice.reducer,
  system: systemSlice.reducer,
});

export type PlayerState = ReturnType<typeof rootReducer>;
