import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProtectionProblem } from '../stream/protection';

/** Why the player could not start; each maps to one message of SPEC.md section 8. */
export type BootFailureReason =
  | 'missing-movie-id'
  | 'not-found'
  | 'blocked'
  | 'no-episodes'
  | 'master-load-failed'
  | 'unexpected'
  /** an essential actor stopped after its restarts (docs/reliability.md) */
  | 'actor-stopped';

export interface BootFailure {
  reason: BootFailureReason;
  /** Shown to the viewer for 'unexpected'; the same id goes to error reporting. */
  errorId: string | null;
  /** The address that failed, for 'master-load-failed'. */
  address: string | null;
  detail: string;
  /** Where the film was when its stream failed: the reload takes it up from there. */
  atS?: number;
  /** why a protected film could not be shown, for 'unexpected' (its own message, the same id) */
  protection?: ProtectionProblem;
}

/** An actor that crashes more often than this is left stopped. */
export const MAX_RESTARTS = 3;

/** An actor left stopped after its restarts, and whether the session could go on without it. */
export interface ActorStop {
  actor: string;
  essential: boolean;
}

export interface ActorCrash {
  actor: string;
  message: string;
  restarts: number;
}

export interface SystemState {
  boot: 'loading' | 'ready' | 'failed';
  failure: BootFailure | null;
  crashes: ActorCrash[];
  /** actors left stopped: an optional one's part of the player is gone for the session */
  stopped: ActorStop[];
  /** checks that could not be made and were passed over (the viewer is not bothered with them) */
  skippedChecks: { check: 'availability'; detail: string }[];
  /**
   * SPEC.md section 6: whether the content may play here; null while the check runs (beside the
   * boot and the pre-roll: the content's first frame waits for it, nothing else does)
   */
  available: boolean | null;
  /**
   * The session's first picture (the film's or an advert's) has been on screen a moment: the actors
   * with nothing to do before it (media session, wake lock, thumbnails) start their work then, so
   * that it does not hold the frame back (docs/startup.md).
   */
  firstFrameSettled: boolean;
}

const initialState: SystemState = {
  boot: 'loading',
  failure: null,
  crashes: [],
  stopped: [],
  skippedChecks: [],
  available: null,
  firstFrameSettled: false,
};

export const systemSlice = createSlice({
  name: 'system',
  initialState,
  reducers: {
    bootSucceeded(state) {
      if (state.failure) return; // the first failure's message stands
      state.boot = 'ready';
    },
    bootFailed(state, action: PayloadAction<BootFailure>) {
      state.boot = 'failed';
      state.failure ??= action.payload; // the first failure's message stands
    },
    /** The stream failed past its recoveries: the viewer gets the message instead of the player. */
    playbackFailed(state, action: PayloadAction<BootFailure>) {
      state.failure = action.payload;
    },
    /** The availability check failed: SPEC.md makes content available by default, so it plays. */
    availabilityUnknown(state, action: PayloadAction<{ detail: string }>) {
      state.skippedChecks.push({ check: 'availability', detail: action.payload.detail });
    },
    availabilityKnown(state, action: PayloadAction<{ available: boolean }>) {
      state.available = action.payload.available;
    },
    firstFrameSettled(state) {
      state.firstFrameSettled = true;
    },
    actorCrashed(state, action: PayloadAction<ActorCrash>) {
      state.crashes.push(action.payload);
    },
    actorStopped(state, action: PayloadAction<ActorStop>) {
      state.stopped.push(action.payload);
    },
    /** Asks the supervisor to crash an actor on purpose, to test that the player survives it. */
    crashDrillRequested(_state, _action: PayloadAction<{ actor: string }>) {},
  },
});

export const systemActions = systemSlice.actions;

/**
 * A boot call failed for a while and goes again after waitMs (sagas/lib/retryTransient.ts). Nothing
 * in the state changes: it tells the flight log why the boot took longer.
 */
export const bootRetrying = createAction<{
  /** the address asked */
  call: string;
  /** the attempt that comes after the wait: 2 for the first retry */
  attempt: number;
  waitMs: number;
  /** what went wrong with the attempt before */
  failure: string;
}>('boot/retrying');

// Selectors of this slice: each takes any state that holds it.
type Holds = { system: SystemState };
export const selectFailure = (s: Holds) => s.system.failure;
export const selectBooted = (s: Holds) => s.system.boot === 'ready';
/** the boot has ended, one way or the other */
export const selectBootEnded = (s: Holds) => s.system.boot !== 'loading';
export const selectAvailable = (s: Holds) => s.system.available;
export const selectCrashes = (s: Holds) => s.system.crashes;
export const selectFirstFrameSettled = (s: Holds) => s.system.firstFrameSettled;
