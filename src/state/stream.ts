import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MediaLevel, StreamEngine } from '../ports/types';

export interface StreamError {
  fatal: boolean;
  kind: 'network' | 'media' | 'other';
  details: string;
}

export interface StreamState {
  url: string | null;
  engine: StreamEngine | null;
  levels: MediaLevel[];
  currentLevel: number;
  lastError: StreamError | null;
}

const initialState: StreamState = {
  url: null,
  engine: null,
  levels: [],
  currentLevel: -1,
  lastError: null,
};

export const streamSlice = createSlice({
  name: 'stream',
  initialState,
  reducers: {
    loadStarted(state, action: PayloadAction<{ url: string }>) {
      return { ...initialState, url: action.payload.url };
    },
    attached(state, action: PayloadAction<{ engine: StreamEngine }>) {
      state.engine = action.payload.engine;
    },
    levelsLoaded(state, action: PayloadAction<{ levels: MediaLevel[] }>) {
      state.levels = action.payload.levels;
    },
    levelSwitched(state, action: PayloadAction<{ level: number }>) {
      state.currentLevel = action.payload.level;
    },
    errorOccurred(state, action: PayloadAction<StreamError>) {
      state.lastError = action.payload;
    },
  },
});

export const streamActions = streamSlice.actions;
