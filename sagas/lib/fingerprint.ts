import * as v from 'valibot';
import { call } from 'typed-redux-saga';
import { fingerprintSource } from '../../src/device/device';
import { FingerprintCookieSchema } from '../../src/shared/storedSchemas';
import { getPorts } from './context';

export const FINGERPRINT_COOKIE = 'device_fp';
/** SPEC.md sections 3 and 9: the device_fp cookie lasts 365 days, on path /. */
export const FINGERPRINT_DAYS = 365;

/**
 * The device fingerprint: the device_fp cookie's, or built from the device (hardware, locales,
 * screen and system), hashed, and stored. Where cookies are blocked the cookie port keeps it for the
 * session, so the player never fails for it.
 */
export function* deviceFingerprint() {
  const { cookies, device } = yield* getPorts();
  const stored = yield* call([cookies, cookies.get], FINGERPRINT_COOKIE);
  // one the ad server cannot be sent is rebuilt
  if (v.is(FingerprintCookieSchema, stored)) return stored;
  const info = yield* call([device, device.describe]);
  const fingerprint = yield* call([device, device.sha256], fingerprintSource(info));
  yield* call([cookies, cookies.set], FINGERPRINT_COOKIE, fingerprint, {
    maxAgeDays: FINGERPRINT_DAYS,
    path: '/',
  });
  return fingerprint;
}
