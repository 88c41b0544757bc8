// Verification vendors' measurement code (VAST 4.3 sections 2.4.2 and 3.16): the player runs none.
// Running a vendor's script needs the Open Measurement SDK's service script, which the player does not
// have; so each vendor is told, through its verificationNotExecuted URLs and their [REASON], rather
// than left to find its impression uncounted (docs/ads.md, "Verification").
import type { SagaIterator } from 'redux-saga';
import {
  VERIFICATION_NOT_EXECUTED_REASON,
  type VastVerification,
  type VerificationNotExecutedReason,
} from '../../src/vast/model';
import type { AdTracking } from './tracking';

/**
 * Why a vendor's code did not run: a load error (3) when every script it gave has a malformed address,
 * as VAST 4.3 section 3.17.4 names a malformed resource URL one; otherwise not supported (2), the
 * player running no verification framework.
 */
export function notExecutedReason(verification: VastVerification): VerificationNotExecutedReason {
  const { javaScriptResources, executableResources, malformedScripts } = verification;
  const onlyMalformed =
    malformedScripts > 0 && javaScriptResources.length === 0 && executableResources.length === 0;
  return onlyMalformed
    ? VERIFICATION_NOT_EXECUTED_REASON.LOAD_ERROR
    : VERIFICATION_NOT_EXECUTED_REASON.NOT_SUPPORTED;
}

/**
 * Each Verification of the ad (its wrappers' with it) is told its code was not run, once per ad, when
 * the code would have run: as the ad's session opens, before its creative plays and its impression
 * fires (VAST 4.3 section 3.16, "execute them BEFORE creative playback begins. Otherwise ... must be
 * fired").
 */
export function* verificationsNotRun(
  verifications: VastVerification[],
  track: Pick<AdTracking, 'verificationNotExecuted'>,
): SagaIterator<void> {
  for (const verification of verifications)
    yield* track.verificationNotExecuted(
      verification.notExecutedUrls,
      notExecutedReason(verification),
    );
}
