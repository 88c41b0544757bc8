/** @jest-environment node */
import { demoToken } from '../../../demo/tokens';
import { bearerOf, isExpired, tokenExpiry } from '../../../src/api/token';

const NOW = Date.UTC(2026, 10, 22);

describe('bearer tokens', () => {
  it('reads the expiry of a JWT', () => {
    expect(tokenExpiry(demoToken('a', 60, NOW))).toBe(NOW + 60_000);
    expect(tokenExpiry('not-a-jwt')).toBeNull();
    expect(tokenExpiry('a.%%%.c')).toBeNull();
    expect(tokenExpiry(`a.${Buffer.from('{"exp":"soon"}').toString('base64url')}.c`)).toBeNull();
  });

  it('counts a token as expired a few seconds early, and one without expiry as valid', () => {
    expect(isExpired(demoToken('a', -1, NOW), NOW)).toBe(true);
    expect(isExpired(demoToken('a', 3, NOW), NOW)).toBe(true);
    expect(isExpired(demoToken('a', 60, NOW), NOW)).toBe(false);
    expect(isExpired('opaque-token', NOW)).toBe(false);
  });

  it('reads a payload of the wrong shape as no expiry: the token is used until the server refuses it', () => {
    const jwt = (claims: string) => `a.${Buffer.from(claims).toString('base64url')}.c`;
    const badShapes = [
      '{"exp":"1700000000"}', // exp as a string
      '{"exp":null}',
      '{"exp":{"seconds":1}}',
      '{"exp":1e400}', // past a double: Infinity
      '[{"exp":1}]', // a list, not the claims object
      'null',
      '42',
      '"exp"',
      '{"sub":"viewer"}', // no exp at all
    ];
    for (const claims of badShapes) {
      expect(tokenExpiry(jwt(claims))).toBeNull();
      expect(isExpired(jwt(claims), NOW)).toBe(false);
    }
    // the right shape beside them still reads
    expect(tokenExpiry(jwt(`{"exp":${NOW / 1000 - 1}}`))).toBe(NOW - 1000);
    expect(isExpired(jwt(`{"exp":${NOW / 1000 - 1}}`), NOW)).toBe(true);
  });

  it('takes the token out of an Authorization header', () => {
    expect(bearerOf('Bearer abc.def')).toBe('abc.def');
    expect(bearerOf('bearer   x ')).toBe('x');
    expect(bearerOf('Basic abc')).toBeNull();
    expect(bearerOf(undefined)).toBeNull();
  });

  it('takes a token answered without the Bearer prefix, never an empty one or one with spaces', () => {
    expect(bearerOf('abc.def')).toBe('abc.def');
    expect(bearerOf(' abc.def ')).toBe('abc.def');
    expect(bearerOf('')).toBeNull();
    expect(bearerOf('   ')).toBeNull();
    expect(bearerOf('Bearer')).toBeNull();
    expect(bearerOf('Bearer ')).toBeNull();
    expect(bearerOf('abc def')).toBeNull();
    expect(bearerOf('Bearer abc def')).toBeNull();
  });
});
