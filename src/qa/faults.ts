// The faults the demo server injects on a path (demo/faults.ts) and the kit's demo client sets
// (./demo.ts): one type for both, in a module of types only that the kit's package may take along.

/** What the demo server does to a request. */
type FaultKind =
  /** answer with this status (and an optional body) */
  | { type: 'status'; status: number; body?: string }
  /** never answer: the client has to give up */
  | { type: 'hang' }
  /** answer normally, but only after delayMs */
  | { type: 'slow'; delayMs: number }
  /** answer at once, but send the body at this many bytes a second (a slow link: its bytes keep coming) */
  | { type: 'trickle'; bytesPerSecond: number }
  /** 200 with a body that is neither the JSON nor the XML nor the media that was asked for */
  | { type: 'malformed' }
  /** 200 with an empty body */
  | { type: 'empty' }
  /** close the connection without any answer */
  | { type: 'reset' };

/** A fault the demo server injects on a path. */
export type Fault = FaultKind & {
  /** only for this many ms after it is set (a service down for a while); until cleared when absent */
  forMs?: number;
};
