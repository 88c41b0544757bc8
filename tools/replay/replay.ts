// The replayer: rebuilds the player's store and actors from the same source files, feeds a flight
// log's inputs in at their virtual times, and compares every put and port call with the log.
// The replay itself is in replayActors.ts (from the start or a checkpoint) and replayReducers.ts.
import { FORMAT, VERSION, type FlightLog } from '../../src/recorder/format';
import { NotClean, replayFull } from './replayActors';
import { replayReducers } from './replayReducers';
import type { ReplayOptions, ReplayResult } from './replayResult';
import '../../src/vast/vastReaderInNode'; // the VAST reader, at once
import '../../sagas/ads/adEngineInNode'; // the ad engine, at once
import '../../sagas/announcer/wordsInNode'; // the announcer's words, at once
import '../../sagas/thumbnails/readerInNode'; // the thumbnails reader, at once

export type { ActualOutput, Divergence, ReplayOptions, ReplayResult } from './replayResult';

export function checkLogHeader(log: FlightLog) {
  if (log?.header?.format !== FORMAT)
    throw new Error(`Not a flight log: header.format is not "${FORMAT}"`);
  if (log.header.version !== VERSION) {
    throw new Error(
      `Flight log version ${log.header.version} is not supported (this replayer reads ${VERSION})`,
    );
  }
  if (!Array.isArray(log.entries)) throw new Error('Flight log has no entries array');
}

/**
 * A log whose start was dropped: the actors from the earliest checkpoint where they start clean (so
 * that they replay as much of it as they can), the reducers before it; the reducers alone when there
 * is none.
 */
async function replayTruncated(
  log: FlightLog,
  options: ReplayOptions,
  started: number,
): Promise<ReplayResult> {
  const checkpoints = log.entries.flatMap((e, i) => (e.kind === 'checkpoint' ? [i] : []));
  if (checkpoints.length === 0)
    throw new Error('The log lost its start and has no checkpoint to replay from');
  const unclean: { seq: number; why: string }[] = [];
  for (const at of checkpoints) {
    let actors: ReplayResult;
    try {
      actors = await replayFull(log, options, started, at);
    } catch (error) {
      if (error instanceof NotClean) {
        unclean.push({ seq: log.entries[at]?.seq ?? -1, why: error.message });
        continue;
      }
      throw error;
    }
    const before = replayReducers(
      { ...log, entries: log.entries.slice(0, at + 1) },
      options,
      started,
    );
    if (!before.ok) return { ...before, entries: log.entries.length };
    return {
      ...actors,
      unclean,
      history: [...before.history, ...actors.history],
      wallMs: performance.now() - started,
    };
  }
  return { ...replayReducers(log, options, started), unclean };
}

/** Replays a flight log; with dropped entries, from a checkpoint (replayTruncated). */
export async function replayLog(
  log: FlightLog,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  checkLogHeader(log);
  const started = performance.now();
  const realFetch = globalThis.fetch;
  const realXhr = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
  // I/O outside a port has no recorded answer: make it fail loudly, so the replay diverges.
  const outside = (what: string) => () => {
    throw new Error(`I/O outside a port during replay: ${what}`);
  };
  globalThis.fetch = outside('fetch') as typeof fetch;
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = outside('XMLHttpRequest');
  try {
    return log.header.dropped > 0
      ? await replayTruncated(log, options, started)
      : await replayFull(log, options, started);
  } finally {
    globalThis.fetch = realFetch;
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = realXhr;
  }
}
