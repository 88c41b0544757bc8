// Wraps ports so that every call, its outcome, and every event a port delivers is logged.
import type { Ports } from '../ports/types';
import { errorShape, type ErrorShape } from './format';

export type CallOutcome = { result: unknown } | { error: ErrorShape } | { async: true };
export type Settlement = { result: unknown } | { error: ErrorShape };

export interface PortSink<H> {
  /** a call starts: anything logged before end() happened inside it */
  begin(port: string, method: string, args: unknown[]): H;
  end(handle: H, outcome: CallOutcome): void;
  /** the promise of an async call settled */
  settled(handle: H, outcome: Settlement): void;
  /** a subscription's listener is called with these arguments */
  event(port: string, args: unknown[]): void;
}

const isThenable = (v: unknown): v is Promise<unknown> =>
  typeof (v as { then?: unknown } | null)?.then === 'function';

function wrapPort<T extends object, H>(name: string, port: T, sink: PortSink<H>): T {
  const wrapped: Record<string, unknown> = {};
  for (const [method, fn] of Object.entries(port)) {
    if (typeof fn !== 'function') continue;
    const call = (...args: unknown[]) => {
      const handle = sink.begin(name, method, args);
      let value: unknown;
      try {
        value = fn.apply(port, args);
      } catch (error) {
        sink.end(handle, { error: errorShape(error) });
        throw error;
      }
      if (!isThenable(value)) {
        sink.end(handle, { result: value });
        return value;
      }
      sink.end(handle, { async: true });
      value.then(
        (result) => sink.settled(handle, { result }),
        (error) => sink.settled(handle, { error: errorShape(error) }),
      );
      return value;
    };
    // A subscription's listener is a function: the call is logged without it, each event it gets is logged.
    wrapped[method] =
      method === 'subscribe'
        ? (listener: (...a: unknown[]) => void) =>
            call((...args: unknown[]) => {
              sink.event(name, args);
              listener(...args);
            })
        : call;
  }
  return wrapped as T;
}

export function recordPorts<H>(ports: Ports, sink: PortSink<H>): Ports {
  return Object.fromEntries(
    Object.entries(ports).map(([name, port]) => [name, wrapPort(name, port as object, sink)]),
  ) as unknown as Ports;
}
