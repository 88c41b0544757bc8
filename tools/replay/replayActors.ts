// The replay of the whole player, its actors and reducers, from the session's start or from one of
// its checkpoints: the log's inputs fed in at their virtual times, every put and port call compared.
import FakeTimers from '@sinonjs/fake-timers';
import { isDeepStrictEqual } from 'node:util';
import { supervise } from '../../sagas/lib/supervise';
import { createPlayer } from '../../src/app/createPlayer';
import type { Ports } from '../../src/ports/types';
import { createActorTracker } from '../../src/recorder/actorTracker';
import {
  errorFromShape,
  isOutput,
  type FlightLog,
  type LogEntry,
  type OutputEntry,
} from '../../src/recorder/format';
import { withThisBuildsFields } from './olderState';
import {
  asLogged,
  PRECEDING,
  type ActualOutput,
  type Divergence,
  type ReplayOptions,
  type ReplayResult,
} from './replayResult';
import { stateDifferences, stepRecorder, type StateDifference } from './stateCause';

/** Inputs logged closer together than this are taken as one task's. */
const SAME_TASK_MS = 1;

const SAGA_ACTION = '@@redux-saga/SAGA_ACTION';

function matches(expected: LogEntry | undefined, actual: ActualOutput): expected is OutputEntry {
  if (!expected || expected.kind !== actual.kind) return false;
  if (expected.kind === 'put' && actual.kind === 'put')
    return isDeepStrictEqual(expected.action, asLogged(actual.action));
  if (expected.kind === 'call' && actual.kind === 'call') {
    return (
      expected.port === actual.port &&
      expected.method === actual.method &&
      isDeepStrictEqual(expected.args, asLogged(actual.args))
    );
  }
  return false;
}

/** Why the actors cannot start clean at a checkpoint. */
export class NotClean extends Error {}

/**
 * The whole player, inputs fed in, outputs compared: from the session's start, or (resumeAt, the
 * index of a checkpoint) started on that checkpoint's state as the supervisor restarts an actor.
 * Started so, the actors must start clean: subscribe to their ports, ask only the session's constant
 * queries, take up again every port call pending at the checkpoint (whose outcomes come after it in
 * the log), and leave the state as it is; else NotClean is thrown.
 */
export async function replayFull(
  log: FlightLog,
  options: ReplayOptions,
  started: number,
  resumeAt?: number,
): Promise<ReplayResult> {
  const entries = log.entries;
  const resumed = resumeAt === undefined ? null : (entries[resumeAt] as LogEntry);
  let restarting = resumed !== null;
  const whyNotClean: string[] = [];
  /** the outcomes, after the checkpoint, of calls made before it: the restarted actors take them up */
  const orphans = resumed
    ? entries.filter(
        (e, i): e is Extract<LogEntry, { kind: 'ret' }> =>
          i > (resumeAt as number) && e.kind === 'ret' && e.call < resumed.seq,
      )
    : [];
  /** the calls the log still holds from before the checkpoint, by seq */
  const callsBefore = new Map(
    resumeAt === undefined
      ? []
      : entries.slice(0, resumeAt).flatMap((e) => (e.kind === 'call' ? [[e.seq, e] as const] : [])),
  );
  const history: ReplayResult['history'] = [];
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  const tracker = createActorTracker(supervise);
  const steps = stepRecorder();
  let cursor = resumeAt === undefined ? 0 : resumeAt + 1;
  let divergence: Divergence | null = null;
  let getState: () => unknown = () => undefined;
  const uncaught: string[] = [];

  function diverge(
    reason: string,
    actual: Divergence['actual'],
    actor?: string,
    differences?: StateDifference[],
  ) {
    if (divergence) return;
    const expected = entries[cursor] ?? null;
    divergence = {
      ...(differences ? { differences } : {}),
      index: cursor,
      seq: expected?.seq ?? null,
      t: expected?.t ?? null,
      reason,
      expected,
      actual,
      actor:
        actor ??
        (expected && isOutput(expected)
          ? expected.actor
          : ((actual as { actor?: string })?.actor ?? '-')),
      preceding: entries.slice(Math.max(0, cursor - PRECEDING), cursor),
    };
  }

  function expectOutput(actual: ActualOutput): OutputEntry | null {
    verifyCheckpoints(); // a checkpoint logged just before this output holds the state as it is now
    if (divergence) return null;
    const expected = entries[cursor];
    if (!matches(expected, actual)) {
      const why = !expected
        ? 'the actors did more than the log records'
        : isOutput(expected)
          ? 'the actors did something else'
          : `the actors acted where the log has an input (${expected.kind}) next`;
      diverge(why, actual);
      return null;
    }
    cursor += 1;
    return expected;
  }

  /** The state now must be the checkpoint's; on a difference the divergence points at the checkpoint. */
  function holds(checkpoint: Extract<LogEntry, { kind: 'checkpoint' }>, index: number): boolean {
    const state = asLogged(getState());
    if (isDeepStrictEqual(checkpoint.state, state)) return true;
    cursor = index;
    const differences = stateDifferences(checkpoint.state, state, steps.steps);
    const cause = differences.find((d) => d.changedBy)?.changedBy?.actor ?? '-';
    diverge('the state differs from the checkpoint', { kind: 'state', state }, cause, differences);
    return false;
  }

  function verifyCheckpoints() {
    while (!divergence && entries[cursor]?.kind === 'checkpoint') {
      if (holds(entries[cursor] as Extract<LogEntry, { kind: 'checkpoint' }>, cursor)) cursor += 1;
    }
  }

  function deliver(entry: LogEntry) {
    switch (entry.kind) {
      case 'in':
        store?.dispatch(entry.action);
        return;
      case 'ev':
        listeners.get(entry.port)?.forEach((listener) => listener(...entry.args));
        return;
      case 'ret': {
        const waiting = pending.get(entry.call);
        pending.delete(entry.call);
        if (entry.error) waiting?.reject(errorFromShape(entry.error));
        else waiting?.resolve(entry.result);
        return;
      }
      case 'checkpoint':
        holds(entry, entries.indexOf(entry));
        return;
      default:
        diverge('the actors did not do what the log records', null);
    }
  }

  /** Inputs logged while a port call ran happened inside it: deliver them before it returns. */
  function deliverNested(lastSeq: number) {
    while (!divergence && cursor < entries.length && (entries[cursor] as LogEntry).seq <= lastSeq) {
      const entry = entries[cursor] as LogEntry;
      if (isOutput(entry)) return diverge('the actors did not do what the log records', null);
      cursor += 1;
      deliver(entry);
    }
  }

  /** A port call of an actor starting again at the checkpoint: nothing in the log to compare it with. */
  function restartCall(port: string, method: string, args: unknown[]): unknown {
    const constants = log.header.constants ?? {};
    const key = `${port}.${method}`;
    if (key in constants) return constants[key];
    // the pending call itself, when the log still holds it: the same actor must ask the same again
    const actor = tracker.current();
    const orphan = orphans.findIndex((o) => {
      if (o.port !== port || o.method !== method) return false;
      const made = callsBefore.get(o.call);
      return !made || (made.actor === actor && isDeepStrictEqual(made.args, asLogged(args)));
    });
    if (orphan === -1) {
      whyNotClean.push(`${tracker.current()} calls ${key}, which the log cannot answer`);
      return new Promise(() => undefined);
    }
    const { call } = orphans.splice(orphan, 1)[0] as { call: number };
    return new Promise((resolve, reject) => pending.set(call, { resolve, reject }));
  }

  function portCall(port: string, method: string, args: unknown[]): unknown {
    if (restarting && method !== 'subscribe') return restartCall(port, method, args);
    const entry = restarting
      ? null
      : expectOutput({ kind: 'call', actor: tracker.current(), port, method, args });
    if (method === 'subscribe') {
      const listener = args[0] as (...a: unknown[]) => void;
      const set = listeners.get(port) ?? new Set();
      listeners.set(port, set.add(listener));
      return () => set.delete(listener);
    }
    if (!entry || entry.kind !== 'call') return new Promise(() => undefined); // diverged: stop this actor here
    if (entry.nested) deliverNested(entry.seq + entry.nested);
    if (entry.async)
      return new Promise((resolve, reject) => pending.set(entry.seq, { resolve, reject }));
    if (entry.error) throw errorFromShape(entry.error);
    return entry.result;
  }

  const portProxy = (port: string) =>
    new Proxy(
      {},
      {
        get: (_t, method) =>
          method === 'then'
            ? undefined
            : (...args: unknown[]) => portCall(port, String(method), args),
      },
    );
  const portCache = new Map<string, object>();
  const ports = new Proxy({} as Ports, {
    get: (_t, name) => {
      const key = String(name);
      if (!portCache.has(key)) portCache.set(key, portProxy(key));
      return portCache.get(key);
    },
  });

  // Virtual time: a stray Date.now() or timer in the actors reads the replay's clock, not the recording's.
  const clock = FakeTimers.withGlobal(globalThis).install({
    now: 0,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
  });
  let store: ReturnType<typeof createPlayer>['store'] | null = null;
  const drain = () => new Promise<void>((resolve) => setImmediate(resolve));
  try {
    const player = createPlayer({
      ports,
      config: log.header.config,
      ...(resumed?.kind === 'checkpoint'
        ? { preloadedState: withThisBuildsFields(resumed.state) }
        : {}),
      reducer: options.reducer,
      saga: options.saga,
      sagaMonitor: tracker.monitor,
      onError: (error) => uncaught.push(`${error.name}: ${error.message}`),
      middleware: [
        () => (next) => (action) => {
          const put = Boolean((action as Record<string, unknown>)[SAGA_ACTION]);
          const actor = put ? tracker.actorOf(action as object) : 'input';
          if (put && restarting)
            whyNotClean.push(`${actor} puts ${String((action as { type?: unknown }).type)}`);
          else if (put) expectOutput({ kind: 'put', actor, action });
          const result = next(action);
          const type = String((action as { type?: unknown }).type);
          steps.add({ actor, type, seq: entries[cursor - 1]?.seq ?? null, state: getState() });
          if (options.keepHistory)
            history.push({ action: asLogged(action), state: asLogged(getState()) });
          if (!restarting) verifyCheckpoints();
          return result;
        },
      ],
      beforeRun: (s) => {
        getState = () => s.getState();
        steps.add({
          actor: '-',
          type: resumed ? '(the checkpoint the actors started at)' : '(the start)',
          seq: resumed?.seq ?? null,
          state: getState(),
        });
        if (!restarting) verifyCheckpoints();
      },
    });
    store = player.store;
    await drain();
    if (resumed?.kind === 'checkpoint') {
      restarting = false;
      if (orphans.length)
        whyNotClean.push(
          `no actor takes up ${orphans.map((o) => `${o.port}.${o.method}`).join(', ')}`,
        );
      if (!isDeepStrictEqual(resumed.state, asLogged(getState())))
        whyNotClean.push('starting changes the state');
      if (whyNotClean.length) {
        player.task.cancel();
        throw new NotClean(whyNotClean.join('; '));
      }
    }
    while (!divergence && cursor < entries.length) {
      const entry = entries[cursor] as LogEntry;
      if (isOutput(entry)) {
        diverge('the actors did not do what the log records', null);
        break;
      }
      cursor += 1;
      if (entry.t > clock.now) clock.tick(entry.t - clock.now);
      deliver(entry);
      // Inputs logged back to back within a millisecond arrived together (one task, its microtasks
      // interleaved): let the actors run where the log shows them acting, at its end, and between
      // inputs further apart (separate tasks: an actor may have looked at the state in between and
      // decided to do nothing, which logs nothing).
      const next = entries[cursor];
      if (!next || isOutput(next) || next.t - entry.t >= SAME_TASK_MS) await drain();
    }
  } finally {
    clock.uninstall();
  }
  const last = entries[entries.length - 1];
  return {
    ok: divergence === null,
    mode: resumed ? 'resumed' : 'full',
    ...(resumed ? { resumedAt: { seq: resumed.seq, t: resumed.t } } : {}),
    entries: entries.length,
    virtualMs: (last?.t ?? 0) - (entries[0]?.t ?? 0),
    wallMs: performance.now() - started,
    divergence,
    history,
    uncaught,
  };
}
