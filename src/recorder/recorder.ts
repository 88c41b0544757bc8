// The flight recorder: logs, in order and with a monotonic time, every inbound action, every action
// the actors put, every port call with its outcome, every port event, and periodic state checkpoints.
import type { Middleware } from '@reduxjs/toolkit';
import type { PlayerConfig } from '../shared/config';
import type { Ports } from '../ports/types';
import type { ActorTracker } from './actorTracker';
import { FORMAT, SESSION_CONSTANTS, VERSION, type FlightLog, type LogEntry } from './format';
import { recordPorts, type CallOutcome, type PortSink, type Settlement } from './recordPorts';
import { SegmentedRing, type RingHandle, type RingLimits } from './ringBuffer';
import { sanitizeLog } from './sanitize';

/** redux-saga marks the actions an actor puts with this property. */
const SAGA_ACTION = '@@redux-saga/SAGA_ACTION';

export const DEFAULT_LIMITS: RingLimits = { maxEntries: 100_000, maxBytes: 16 * 1024 * 1024 };
/**
 * A checkpoint at least every so many entries, so that eviction keeps most of the log; and after
 * this long, once a few hundred entries have come since the last: steady playback logs about three
 * entries a second, and a checkpoint there (the whole state, serialised and packed) would cost
 * more than the entries it covers.
 */
const CHECKPOINT_EVERY_MS = 30_000;
const CHECKPOINT_MIN_ENTRIES = 250;
const CHECKPOINT_EVERY_ENTRIES = 2_000;

export interface RecorderOptions {
  config: PlayerConfig;
  build: string;
  rngSeed: number;
  /** monotonic milliseconds (performance.now in a browser) */
  now: () => number;
  /** wall-clock session start, ISO 8601 */
  sessionStart: string;
  limits?: RingLimits;
}

/** An entry being logged: seq and t come first and are filled in by the recorder. */
type Draft = { seq: number; t: number; kind: string } & Record<string, unknown>;

interface CallHandle {
  seq: number;
  slot: RingHandle;
  /** the call entry as first logged, before its outcome */
  logged: Draft;
  port: string;
  method: string;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * The recorder times itself on one entry in this many: reading the clock costs about as much as
 * logging an entry in Chromium here, so timing every entry would double the cost it measures. Every
 * serialised batch is timed too. Coprime with the batch size, so batches do not fall on samples.
 */
const SAMPLE_EVERY = 7;

export class FlightRecorder {
  private readonly ring: SegmentedRing;
  private readonly start: number;
  private seq = 0;
  private lastCheckpointAt = 0;
  private getState: (() => unknown) | null = null;
  private tracker: ActorTracker | null = null;
  /** time measured on the sampled entries, serialisation apart */
  private sampledMs = 0;
  /** the first answers of the session's constant queries, for the header */
  private readonly constants: Record<string, unknown> = {};

  constructor(private readonly options: RecorderOptions) {
    this.ring = new SegmentedRing(options.limits ?? DEFAULT_LIMITS, options.now);
    this.start = options.now();
  }

  private time(now = this.options.now()) {
    return round(now - this.start);
  }

  /** main-thread time spent recording (estimated from the sampled entries), for the cost benchmark */
  get selfTimeMs() {
    return this.sampledMs * SAMPLE_EVERY + this.ring.serialiseMs;
  }

  /**
   * Logs one entry and counts the time it took. A checkpoint that has come due goes first: the
   * state has not changed since the previous action, so the checkpoint sits where it was true.
   */
  private add(entry: Draft): void;
  private add(entry: Draft, tracked: true): RingHandle;
  private add(entry: Draft, tracked = false): RingHandle | void {
    const began = this.options.now();
    const sampled = this.seq % SAMPLE_EVERY === 0;
    const serialisedBefore = this.ring.serialiseMs;
    const t = this.time(began);
    const entries = this.ring.currentSegmentSize;
    if (
      this.getState &&
      ((t - this.lastCheckpointAt >= CHECKPOINT_EVERY_MS && entries >= CHECKPOINT_MIN_ENTRIES) ||
        entries >= CHECKPOINT_EVERY_ENTRIES)
    ) {
      this.checkpoint(t);
    }
    // Filled in place: the entry was built with seq and t first, so no copy is made.
    entry.seq = this.seq++;
    entry.t = t;
    const slot = tracked ? this.ring.pushTracked(entry) : this.ring.push(entry);
    if (sampled)
      this.sampledMs += this.options.now() - began - (this.ring.serialiseMs - serialisedBefore);
    return tracked ? (slot as RingHandle) : undefined;
  }

  private checkpoint(t = this.time()) {
    if (!this.getState) return;
    // The state is immutable (Immer), so the checkpoint can keep it as it is until it is serialised.
    this.ring.startSegment({ seq: this.seq++, t, kind: 'checkpoint', state: this.getState() });
    this.lastCheckpointAt = t;
  }

  /** Connects the store (for checkpoints) and the actor tracker; logs the first checkpoint. */
  attach(getState: () => unknown, tracker: ActorTracker) {
    this.getState = getState;
    this.tracker = tracker;
    this.checkpoint();
  }

  /** Goes before the saga middleware: sees every action, inbound or put by an actor. */
  readonly middleware: Middleware = () => (next) => (action) => {
    const a = action as { type: string; [SAGA_ACTION]?: boolean };
    if (a[SAGA_ACTION])
      this.add({ seq: 0, t: 0, kind: 'put', actor: this.tracker?.actorOf(a) ?? 'root', action: a });
    else this.add({ seq: 0, t: 0, kind: 'in', action: a });
    return next(action);
  };

  private readonly sink: PortSink<CallHandle> = {
    begin: (port, method, args) => {
      const actor = this.tracker?.current() ?? 'root';
      const logged: Draft = { seq: 0, t: 0, kind: 'call', actor, port, method, args };
      const slot = this.add(logged, true);
      return { seq: logged.seq, slot, logged, port, method };
    },
    end: (handle, outcome: CallOutcome) => {
      const sampled = handle.seq % SAMPLE_EVERY === 0;
      const began = sampled ? this.options.now() : 0;
      const nested = this.seq - handle.seq - 1;
      const completion = nested ? { ...outcome, nested } : outcome;
      const logged = this.ring.get(handle.slot);
      // Still waiting as an object: complete it in place; already serialised (a long call): rewrite it.
      if (logged && typeof logged === 'object') Object.assign(logged, completion);
      else this.ring.replace(handle.slot, JSON.stringify({ ...handle.logged, ...completion }));
      if (sampled) this.sampledMs += this.options.now() - began;
      const key = `${handle.port}.${handle.method}`;
      if ('result' in outcome && SESSION_CONSTANTS.includes(key) && !(key in this.constants))
        this.constants[key] = outcome.result;
    },
    settled: (handle, outcome: Settlement) => {
      const { port, method } = handle;
      this.add({ seq: 0, t: 0, kind: 'ret', port, method, call: handle.seq, ...outcome });
    },
    event: (port, args) => this.add({ seq: 0, t: 0, kind: 'ev', port, args }),
  };

  /** The ports as the actors get them: every call and event logged. */
  wrapPorts(ports: Ports): Ports {
    return recordPorts(ports, this.sink);
  }

  /** Resolves once the finished segments are packed (the benchmarks measure memory after it). */
  settled(): Promise<void> {
    return this.ring.settled();
  }

  get stats() {
    return {
      ...this.ring.size,
      dropped: this.ring.dropped,
      selfTimeMs: this.selfTimeMs,
      serialiseMs: this.ring.serialiseMs,
    };
  }

  /**
   * The log as it stands, ending with a checkpoint of the state now; personal data replaced by
   * placeholders. Asynchronous: the finished segments are held packed.
   */
  async export(): Promise<FlightLog> {
    this.checkpoint();
    const dropped = this.ring.dropped; // the entries are taken as they are now, before any await
    const entries = (await this.ring.toArray()).map((json) => JSON.parse(json) as LogEntry);
    return sanitizeLog({
      header: {
        format: FORMAT,
        version: VERSION,
        build: this.options.build,
        sessionStart: this.options.sessionStart,
        config: this.options.config,
        rngSeed: this.options.rngSeed,
        dropped,
        redacted: {},
        ...(Object.keys(this.constants).length ? { constants: { ...this.constants } } : {}),
      },
      entries,
    });
  }
}
