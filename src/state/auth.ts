import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthState {
  status: 'idle' | 'refreshing' | 'failed';
  refreshes: number;
}

const initialState: AuthState = { status: 'idle', refreshes: 0 };

/** The bearer token's refresh; the token itself stays in its cookie, never in the state. */
export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    refreshRequested(state) {
      state.status = 'refreshing';
    },
    refreshed(state) {
      state.status = 'idle';
      state.refreshes += 1;
    },
    refreshFailed(
      state,
      _action: PayloadAction<{ reason: 'no-refresh-token' | 'rejected' | 'network' }>,
    ) {
      state.status = 'failed';
    },
  },
});

export const authActions = authSlice.actions;
