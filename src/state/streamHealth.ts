// The stream's health: one small state machine, every transition an action the flight log records,
// so a replay shows why the player waited, tried again, reloaded, moved to another source or gave
// up. What to do about a failure is decided by src/stream/failurePolicy.ts from what is kept here.
//
//   idle ──playing──▶ playing ──waiting──▶ waitingForData ──playing──▶ playing
//   recovering ──playing, or the position moving on after a retry of the loads──▶ playing
//     any but failed ──networkLost──▶ waitingForNetwork ──networkBack──▶ recovering ──playing──▶ playing
//     any but failed ──recovering──▶ recovering           any ──failed──▶ failed (until the next load)
//
// An incident's retries and media recoveries are counted until the film has played on for
// BUDGET_REFILL_S after the last of them; then the next fault starts afresh, so a two-hour film
// survives any number of separate faults. Waiting for the network counts none of them.
import { createAction, createSlice, type UnknownAction } from '@reduxjs/toolkit';
import type { MediaErrorKind } from '../shared/media';
import { contentActions } from './content';
import { mediaActions } from './playback';
import { streamActions } from './stream';

export type StreamHealthPhase =
  'idle' | 'playing' | 'waitingForData' | 'waitingForNetwork' | 'recovering' | 'failed';

/** Seconds of playing after a reload past which the reload budget is full again. */
export const BUDGET_REFILL_S = 30;

export interface StreamHealthState {
  phase: StreamHealthPhase;
  /** what led to this phase: the error's details, or the media event */
  reason: string | null;
  /** reloads spent in this incident, by the kind of the fatal error they answered */
  recoveries: { media: number; network: number };
  /** the episode's played seconds at the last reload (null: none in this incident) */
  recoveredAtPlayedS: number | null;
  /** the last fatal or reported error's kind, which a reload is counted under */
  lastErrorKind: MediaErrorKind | null;
  /**
   * the clock's ms a retry of the loads is due at (null: none waiting): further failures meanwhile
   * are only reported. A time, not a flag, so a retry whose task was cut short (an actor restarted
   * mid-wait) cannot hold every later failure off for good.
   */
  retryDueAtMs: number | null;
  /** the clock's ms when a failure first found the film with nothing buffered (null: not dry) */
  dryAtMs: number | null;
  /** sources of this episode left after they kept failing (indices into the master JSON's) */
  failedSources: number[];
}

const initialState: StreamHealthState = {
  phase: 'idle',
  reason: null,
  recoveries: { media: 0, network: 0 },
  recoveredAtPlayedS: null,
  lastErrorKind: null,
  retryDueAtMs: null,
  dryAtMs: null,
  failedSources: [],
};

/** A reload's facts: its kind, the played seconds; for a retry of the loads its wait and dryness. */
export interface Recovering {
  kind: 'media' | 'network';
  atPlayedS: number;
  /** a retry of the loads after this wait (absent: a reload at once, as older builds logged) */
  afterMs?: number;
  /** the clock's ms at the failure, and whether the film had nothing buffered then */
  atMs?: number;
  dry?: boolean;
}

/** The stream actor's verdicts on the stream; the media element's events are the other transitions. */
export const streamHealthActions = {
  /** requests fail without an answer and the stream's host does not answer a probe: wait for it */
  networkLost: createAction<{ details: string }>('stream/networkLost'),
  /** the browser's online and offline events, as the stream actor hears them */
  connectionChanged: createAction<{ online: boolean }>('stream/connectionChanged'),
  /** the waiting film was moved over a hole in its buffer (stallWatch.ts) */
  holeJumped: createAction<{ from: number; to: number }>('stream/holeJumped'),
  /** the stream's host answered again: loading resumes from where it stopped */
  networkBack: createAction('stream/networkBack'),
  /**
   * a reload answering the last fatal error, counted under its kind, at the episode's played
   * seconds (absent from logs of builds before the budget refilled: never refilled there)
   */
  recovering: createAction<Recovering | undefined>('stream/recovering'),
  /** the retry's wait is over: the loads are taken up again from the playhead */
  loadResumed: createAction('stream/loadResumed'),
  /** the source kept failing: the episode goes on from the next one, at the same position */
  sourceFallback: createAction<{ from: number; to: number; details: string }>(
    'stream/sourceFallback',
  ),
  /** the stream cannot go on: the viewer gets the message */
  failed: createAction('stream/failed'),
};

const moveTo = (state: StreamHealthState, phase: StreamHealthPhase, reason: string | null) => {
  state.phase = phase;
  state.reason = reason;
};

export const streamHealthSlice = createSlice({
  name: 'streamHealth',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    // a new stream (another episode or source): nothing spent yet; for this episode the sources
    // that failed stay left, and a film run dry goes on counting its wait (a source switch does
    // not start the limit afresh)
    builder.addCase(streamActions.loadStarted, (state) => ({
      ...initialState,
      failedSources: state.failedSources,
      dryAtMs: state.dryAtMs,
    }));
    builder.addCase(contentActions.episodeSelected, (state) => {
      state.failedSources = [];
      state.dryAtMs = null;
    });
    builder.addCase(streamActions.errorOccurred, (state, action) => {
      state.lastErrorKind = action.payload.kind;
    });
    builder.addCase(mediaActions.playing, (state) => {
      state.dryAtMs = null; // the film has data again
      // the element plays out its buffer while the network is away: still waiting for it
      if (state.phase === 'failed' || state.phase === 'waitingForNetwork') return;
      moveTo(state, 'playing', 'playing');
    });
    builder.addCase(mediaActions.paused, (state) => {
      state.dryAtMs = null; // a paused film waits for the viewer, not for its loads
    });
    builder.addCase(mediaActions.waiting, (state) => {
      if (state.phase === 'idle' || state.phase === 'playing')
        moveTo(state, 'waitingForData', 'waiting');
    });
    // changes nothing but at these moments: a position report alone must not re-render the view
    builder.addCase(mediaActions.positionChanged, (state, action) => {
      // loading taken up again (startLoad) while the film played on from its buffer: no playing
      // event will come, the film moving on says it (a media recovery stops the element first)
      if (state.phase === 'recovering' && state.reason !== 'media')
        moveTo(state, 'playing', 'moving');
      const since = state.recoveredAtPlayedS;
      if (since !== null && action.payload.playedSeconds - since >= BUDGET_REFILL_S) {
        state.recoveries = initialState.recoveries;
        state.recoveredAtPlayedS = null;
        state.dryAtMs = null;
      }
    });
    builder.addCase(streamHealthActions.networkLost, (state, action) => {
      if (state.phase !== 'failed') moveTo(state, 'waitingForNetwork', action.payload.details);
      state.retryDueAtMs = null; // the wait for the network takes the loads up when it is back
      state.dryAtMs = null; // that wait has its own limit: a host failing after it starts afresh
    });
    builder.addCase(streamHealthActions.networkBack, (state) => {
      if (state.phase === 'waitingForNetwork') moveTo(state, 'recovering', 'networkBack');
    });
    builder.addCase(streamHealthActions.recovering, (state, action) => {
      if (state.phase === 'failed') return;
      // the kind the reload answers (an older build's log: the last error's, as it counted)
      const kind = action.payload?.kind ?? state.lastErrorKind;
      moveTo(state, 'recovering', kind);
      if (kind === 'media' || kind === 'network') state.recoveries[kind] += 1;
      state.recoveredAtPlayedS = action.payload?.atPlayedS ?? null;
      const { afterMs, atMs, dry } = action.payload ?? {};
      if (afterMs !== undefined && atMs !== undefined) state.retryDueAtMs = atMs + afterMs;
      if (atMs !== undefined) state.dryAtMs = dry ? (state.dryAtMs ?? atMs) : null;
    });
    builder.addCase(streamHealthActions.loadResumed, (state) => {
      state.retryDueAtMs = null;
    });
    builder.addCase(streamHealthActions.sourceFallback, (state, action) => {
      if (!state.failedSources.includes(action.payload.from))
        state.failedSources.push(action.payload.from);
    });
    builder.addCase(streamHealthActions.failed, (state) => {
      moveTo(state, 'failed', state.reason);
      state.retryDueAtMs = null;
    });
  },
});

/**
 * The slice's reducer, a position report passed by without a draft when it can change nothing (no
 * reload to end or to count from): Immer's draft each second is steady playback's cost for nothing.
 */
export function streamHealthReducer(
  state: StreamHealthState | undefined,
  action: UnknownAction,
): StreamHealthState {
  if (
    state !== undefined &&
    mediaActions.positionChanged.match(action) &&
    state.phase !== 'recovering' &&
    state.recoveredAtPlayedS === null
  )
    return state;
  return streamHealthSlice.reducer(state, action);
}

type Holds = { streamHealth: StreamHealthState };
export const selectHealthPhase = (s: Holds) => s.streamHealth.phase;
export const selectRecoveries = (s: Holds) => s.streamHealth.recoveries;
/** what led to the phase now (a wait for the network: the error that began it) */
export const selectHealthReason = (s: Holds) => s.streamHealth.reason;
/** How long past its time a retry still counts as waiting (its wake may come a little late). */
const RETRY_LATE_MS = 2_000;
/** a retry of the loads is waiting its turn at the clock's `nowMs` */
export const selectRetryPending = (s: Holds, nowMs: number) => {
  const due = s.streamHealth.retryDueAtMs;
  return due !== null && nowMs < due + RETRY_LATE_MS;
};
export const selectRetryDueAtMs = (s: Holds) => s.streamHealth.retryDueAtMs;
export const selectDryAtMs = (s: Holds) => s.streamHealth.dryAtMs;
export const selectFailedSources = (s: Holds) => s.streamHealth.failedSources;
/**
 * The stream's loads keep failing with the film run dry, and the player is trying them again (not
 * for a network that is gone: that has its own line): said under the spinner
 */
export const selectRetryingLoads = (s: Holds) =>
  s.streamHealth.dryAtMs !== null &&
  s.streamHealth.phase !== 'waitingForNetwork' &&
  s.streamHealth.phase !== 'failed';
/** the viewer's connection is gone and the player waits for it (the connection line shows) */
export const selectWaitingForNetwork = (s: Holds) => s.streamHealth.phase === 'waitingForNetwork';
