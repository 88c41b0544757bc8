import { combineReducers } from '@reduxjs/toolkit';
import { contentSlice } from './content';
import { mediaSlice } from './playback';
import { streamSlice } from './stream';
import { systemSlice } from './system';

export const rootReducer = combineReducers({
  content: contentSlice.reducer,
  media: mediaSlice.reducer,
  stream: streamSlice.reducer,
  system: systemSlice.reducer,
});

export type PlayerState = ReturnType<typeof rootReducer>;
