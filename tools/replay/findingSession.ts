// What every check of findings.ts reads: the session's log, its states and its ad breaks, with the
// names the findings give breaks and ads and the counting of time while the state allows it.
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import type { PlayerState } from '../../src/state';
import type { AdBreak, AdRun } from './adBreaks';
import { secs } from './seconds';
import { actionOf, type Step } from './sessionStates';

/** Timers fire and events arrive late on a busy page: a limit counts only once overrun by this. */
export const LATE_MS = 1_000;

export interface Session {
  log: FlightLog;
  steps: Step[];
  breaks: AdBreak[];
  end: number;
  /** steps[i], which the caller knows is there */
  at(i: number): Step;
}

export const type = (e: LogEntry) => actionOf(e)?.type;
export const breakName = (b: AdBreak) =>
  `${b.kind === 'preroll' ? 'pre-roll' : 'mid-roll'} at ${secs(b.started?.t ?? b.ended?.t ?? 0)}`;
export const adName = (b: AdBreak, ad: AdRun) =>
  `Ad ${ad.index + 1}/${b.total}${ad.title ? ` "${ad.title}"` : ''} of the ${breakName(b)}`;

/** The ad's view in the state, when it is this ad's. */
export const viewOf = (state: PlayerState, ad: AdRun) =>
  state.ads.ad?.index === ad.index && state.ads.ad.vastUrl === ad.vastUrl ? state.ads.ad : null;

/** The first moment `ms` of counted time has passed, walking steps[from..to] (state of each interval). */
export function countedTime(
  s: Session,
  from: number,
  to: number,
  counts: (state: PlayerState) => boolean,
  limit: number,
): { total: number; overAt: number | null } {
  let total = 0;
  let overAt: number | null = null;
  for (let i = from; i < to; i++) {
    const step = s.at(i);
    const dt = s.at(i + 1).entry.t - step.entry.t;
    if (!counts(step.state)) continue;
    if (overAt === null && total + dt > limit) overAt = step.entry.t + (limit - total);
    total += dt;
  }
  return { total, overAt };
}
