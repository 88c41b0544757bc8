// A promise of the player that a session's log shows broken: what the replay command reports after
// a clean replay, and what the timeline marks.

export interface Finding {
  /** which promise, e.g. 'ad-break-too-long', 'beacon-twice', 'actor-crash' */
  kind: string;
  /** one line for a person: what happened, with the figures that make it a finding */
  message: string;
  /** session time (ms) where it shows */
  t: number;
  /** the log entries (by seq) that show it, first the one to look at */
  seqs: number[];
}
