import { expectSaga } from 'redux-saga-test-plan';
import { deviceFingerprint, FINGERPRINT_COOKIE } from '../../../sagas/lib/fingerprint';
import { fingerprintSource } from '../../../src/device/device';
import type { CookieOptions, CookiePort } from '../../../src/ports/types';
import { DESKTOP, fakeDevice, fakePorts } from '../../../tools/sim/fakePorts';

function cookieJar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const writes: { name: string; value: string; options: CookieOptions }[] = [];
  const port: CookiePort = {
    get: (name) => values.get(name) ?? null,
    set(name, value, options) {
      writes.push({ name, value, options });
      values.set(name, value);
    },
  };
  return { port, writes };
}

describe('the device fingerprint', () => {
  it('is built from the device, hashed, and kept in the device_fp cookie for 365 days on /', async () => {
    const jar = cookieJar();
    const { returnValue } = await expectSaga(deviceFingerprint)
      .provide({ getContext: () => fakePorts({ cookies: jar.port, device: fakeDevice(DESKTOP) }) })
      .run();
    expect(returnValue).toBe(`sha256(${fingerprintSource(DESKTOP).length})`);
    expect(jar.writes).toEqual([
      { name: FINGERPRINT_COOKIE, value: returnValue, options: { maxAgeDays: 365, path: '/' } },
    ]);
  });

  it('is read back from the cookie on the next visit, without hashing again', async () => {
    const jar = cookieJar({ [FINGERPRINT_COOKIE]: 'abc123' });
    const device = fakeDevice();
    const sha = jest.spyOn(device, 'sha256');
    const { returnValue } = await expectSaga(deviceFingerprint)
      .provide({ getContext: () => fakePorts({ cookies: jar.port, device }) })
      .run();
    expect(returnValue).toBe('abc123');
    expect(sha).not.toHaveBeenCalled();
    expect(jar.writes).toEqual([]);
  });
});
