// What a replay tells (its result, and the first place the player did not do what the log records),
// what it may be given, and a value as the log would hold it, to compare with what the log holds.
import type { Reducer } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';
import type { LogEntry } from '../../src/recorder/format';
import type { PlayerState } from '../../src/state';
import type { StateDifference } from './stateCause';

/** How many entries before a divergence it shows. */
export const PRECEDING = 8;

/** What the actors did in the replay, in the log's terms. */
export type ActualOutput =
  | { kind: 'put'; actor: string; action: unknown }
  | { kind: 'call'; actor: string; port: string; method: string; args: unknown[] };

export interface Divergence {
  /** index in log.entries of the first entry that did not hold */
  index: number;
  seq: number | null;
  t: number | null;
  reason: string;
  expected: LogEntry | null;
  actual: ActualOutput | { kind: 'state'; state: unknown } | null;
  actor: string;
  preceding: LogEntry[];
  /** for a checkpoint that did not hold: where the states differ, and what last changed each */
  differences?: StateDifference[];
}

export interface ReplayResult {
  ok: boolean;
  /**
   * 'full': actors and reducers from the session's start; 'resumed': the log was truncated, so the
   * reducers from its first checkpoint, then the actors from the earliest checkpoint where they start
   * clean; 'reducers': truncated, and no checkpoint where the actors start clean
   */
  mode: 'full' | 'resumed' | 'reducers';
  /** where the actors were started, in 'resumed' mode */
  resumedAt?: { seq: number; t: number };
  /** the checkpoints tried before, where the actors could not start clean, and why */
  unclean?: { seq: number; why: string }[];
  entries: number;
  virtualMs: number;
  wallMs: number;
  divergence: Divergence | null;
  /** every action the store saw, with the state after it (for the DevTools export) */
  history: { action: unknown; state: unknown }[];
  /** errors that escaped every actor during the replay */
  uncaught: string[];
}

export interface ReplayOptions {
  reducer?: Reducer<PlayerState>;
  saga?: Saga;
  keepHistory?: boolean;
}

/** The JSON view of a value: what the log would hold for it. */
export const asLogged = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));
