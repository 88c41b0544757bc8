import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestId } from '../bridge/messages';
import type { HostLink } from '../bridge/origins';

export interface BridgeState extends HostLink {
  /** messages from outside that were not accepted (wrong window, origin or shape) */
  ignored: number;
  /** player.js clients' listeners by supported event name ('' for a client that gave no listener id) */
  playerjsListeners: Record<string, string[]>;
  /** a host page has spoken to the player: it hears the frequent events (timeupdate) from then on */
  hostListening: boolean;
}

/** player.js clients on one page rarely need more than one listener per event */
export const MAX_LISTENERS_PER_EVENT = 16;

const initialState: BridgeState = {
  allowed: null,
  target: null,
  ignored: 0,
  playerjsListeners: {},
  hostListening: false,
};

/** The parent-window bridge: who the host page is, and who listens. */
export const bridgeSlice = createSlice({
  name: 'bridge',
  initialState,
  reducers: {
    linked(state, action: PayloadAction<HostLink>) {
      state.allowed = action.payload.allowed;
      state.target = action.payload.target;
    },
    hostSpoke(state) {
      state.hostListening = true;
    },
    messageIgnored(state, _action: PayloadAction<{ reason: string }>) {
      state.ignored += 1;
    },
    /** a flood: messages the parent port dropped unread, past its budget a second */
    messagesDropped(state, action: PayloadAction<{ count: number }>) {
      state.ignored += action.payload.count;
    },
    /** the host asked for the flight log: answered outside the actors, from the recorder */
    logRequested(_state, _action: PayloadAction<{ requestId: RequestId }>) {},
    playerjsListenerChanged(
      state,
      action: PayloadAction<{ event: string; listener: string | null; add: boolean }>,
    ) {
      // the bridge adds only the events it supports (never a key like __proto__)
      const { event, listener, add } = action.payload;
      const id = listener ?? '';
      const current = state.playerjsListeners[event] ?? [];
      const others = current.filter((l) => l !== id);
      // a page adding listeners without end must not grow the state: the oldest ones go
      const next = add ? [...others, id].slice(-MAX_LISTENERS_PER_EVENT) : others;
      // an event nobody listens to any more keeps an empty list: the events are a short fixed set
      state.playerjsListeners[event] = next;
    },
  },
});

export const bridgeActions = bridgeSlice.actions;

export const selectBridge = (s: { bridge: BridgeState }) => s.bridge;
