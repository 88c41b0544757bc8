import { call } from 'typed-redux-saga';
import { fingerprintSource } from '../../src/device/device';
import { getPorts } from './context';

export const FINGERPRINT_COOKIE = 'device_fp';
/** SPEC.md sections 3 and 9: the device_fp cookie lasts 365 days, on path /. */
export const FINGERPRINT_DAYS = 365;

/** A stored fingerprint the ad server can be sent: visible ASCII of a sane length; else rebuilt. */
const FINGERPRINT = /^[\x21-\x7e]{1,256}$/;

/**
 * The device fingerprint: the device_fp cookie's, or built from the device (hardware, locales,
 * screen and system), hashed, and stored. Where cookies are blocked the cookie port keeps it for the
 * session, so the player never fails for it.
 */
export function* deviceFingerprint() {
  const { cookies, device } = yield* getPorts();
  const stored = yield* call([cookies, cookies.get], FINGERPRINT_COOKIE);
  if (stored && FINGERPRINT.test(stored)) return stored;
  const info = yield* call([device, device.describe]);
  const fingerprint = yield* call([device, device.sha256], fingerprintSource(info));
  yield* call([cookies, cookies.set], FINGERPRINT_COOKIE, fingerprint, {
    maxAgeDays: FINGERPRINT_DAYS,
    path: '/',
  });
  return fingerprint;
}
