// The flight log format, version 1. Documented in docs/flight-log.md; bump VERSION on any change.
import type { PlayerConfig } from '../shared/config';

export const FORMAT = 'kino-player/flight-log';
export const VERSION = 1;

export interface ErrorShape {
  name: string;
  message: string;
}

interface Base {
  /** position in the whole session, counting dropped entries */
  seq: number;
  /** milliseconds since the session started, monotonic */
  t: number;
}

/** Inputs: what the replayer feeds in. */
export type InputEntry =
  /** an action dispatched from outside the actors (the viewer's clicks) */
  | (Base & { kind: 'in'; action: { type: string; payload?: unknown } })
  /** a port's subscription listener was called (media and hls.js events, parent messages) */
  | (Base & { kind: 'ev'; port: string; args: unknown[] })
  /** an asynchronous port call settled (responses, timer firings) */
  | (Base & {
      kind: 'ret';
      port: string;
      method: string;
      call: number;
      result?: unknown;
      error?: ErrorShape;
    })
  /** the whole state, for verification and as a starting point after dropped entries */
  | (Base & { kind: 'checkpoint'; state: unknown });

/** Outputs: what the actors do, compared by the replayer. */
export type OutputEntry =
  | (Base & { kind: 'put'; actor: string; action: { type: string; payload?: unknown } })
  | (Base & {
      kind: 'call';
      actor: string;
      port: string;
      method: string;
      args: unknown[];
      /** true when the call returned a promise; its outcome is a later 'ret' entry */
      async?: true;
      result?: unknown;
      error?: ErrorShape;
      /** how many entries were logged while the call ran (events it caused synchronously) */
      nested?: number;
    });

export type LogEntry = InputEntry | OutputEntry;

export interface LogHeader {
  format: typeof FORMAT;
  version: number;
  /** player version and build */
  build: string;
  /** wall-clock time of the session start, ISO 8601 */
  sessionStart: string;
  config: PlayerConfig;
  rngSeed: number;
  /** entries evicted from the ring buffer before this export */
  dropped: number;
  /** personal data replaced by placeholders (kinds and counts) */
  redacted: Record<string, number>;
  /**
   * answers of the port queries that do not change in a session (SESSION_CONSTANTS), by
   * "port.method": an actor started again at a checkpoint may ask them, and the call is dropped
   */
  constants?: Record<string, unknown>;
}

/**
 * Port queries whose answer is taken as the same all session long: the log's header keeps their first
 * answer. The device's description is, but for a change of screen or zoom mid-session, which an actor
 * started again at a checkpoint does not see.
 */
export const SESSION_CONSTANTS = ['device.describe'];

export interface FlightLog {
  header: LogHeader;
  entries: LogEntry[];
}

export const isOutput = (e: LogEntry): e is OutputEntry => e.kind === 'put' || e.kind === 'call';
export const isInput = (e: LogEntry): e is InputEntry => !isOutput(e);

export function errorShape(error: unknown): ErrorShape {
  return error instanceof Error
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };
}

export function errorFromShape(shape: ErrorShape): Error {
  const error = new Error(shape.message);
  error.name = shape.name;
  return error;
}
