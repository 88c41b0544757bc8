// A session's log checked against the player's promises (SPEC.md, sagas/ads/limits.ts): each broken
// promise is a finding, with the session time where it shows and the entries that show it. The state
// at each moment is the player's own reducers run over the logged actions (sessionStates.ts), the ad
// breaks and their beacons are read as adBreaks.ts tells them.
// The checks are in adFindings.ts, resumeFindings.ts, beaconFindings.ts and playbackFindings.ts,
// what they share in findingSession.ts.
import type { FlightLog } from '../../src/recorder/format';
import { adBreakTooLong, adStuck } from './adFindings';
import { adBreaks } from './adBreaks';
import { beaconMissing, beaconTwice, verificationUntold, viewabilityTwice } from './beaconFindings';
import type { Finding } from './finding';
import type { Session } from './findingSession';
import { actorCrash, errorWhilePlayable, spinnerTooLong } from './playbackFindings';
import { contentNotResumed } from './resumeFindings';
import { foldStates, logEnd } from './sessionStates';

const CHECKS = [
  adBreakTooLong,
  adStuck,
  contentNotResumed,
  beaconTwice,
  beaconMissing,
  viewabilityTwice,
  verificationUntold,
  spinnerTooLong,
  errorWhilePlayable,
  actorCrash,
];

/** Every promise the session's log shows broken, in time order. */
export function findFindings(log: FlightLog): Finding[] {
  const steps = foldStates(log);
  const at = (i: number) => {
    const step = steps[i];
    if (!step) throw new Error(`No entry at ${i} of ${steps.length}`);
    return step;
  };
  const session: Session = { log, steps, breaks: adBreaks(log, steps), end: logEnd(log), at };
  return CHECKS.flatMap((check) => check(session)).sort((a, b) => a.t - b.t);
}
