import { offsetSeconds, parseDuration, parseTimeOffset } from '../../../src/vast/offsets';

describe('parseTimeOffset', () => {
  test.each([
    ['00:00:05', { kind: 'seconds', value: 5 }],
    ['00:00:05.500', { kind: 'seconds', value: 5.5 }],
    ['01:02:03', { kind: 'seconds', value: 3723 }],
    ['01:02:03.250', { kind: 'seconds', value: 3723.25 }],
    ['02:30', { kind: 'seconds', value: 150 }],
    ['7', { kind: 'seconds', value: 7 }],
    ['7.25', { kind: 'seconds', value: 7.25 }],
    ['  00:00:10  ', { kind: 'seconds', value: 10 }],
    ['5%', { kind: 'percent', value: 5 }],
    ['12.5%', { kind: 'percent', value: 12.5 }],
    ['0%', { kind: 'percent', value: 0 }],
    ['100%', { kind: 'percent', value: 100 }],
  ])('%j -> %j', (text, expected) => {
    expect(parseTimeOffset(text)).toEqual(expected);
  });

  test.each([
    '',
    '   ',
    'garbage',
    'five seconds',
    '-5',
    '-00:00:05',
    '-5%',
    '101%',
    '100.5%',
    '5 %',
    '%',
    '00:00:60',
    '00:60:00',
    '00:00:05:00',
    '00:00:05.',
    '.5',
    '00::05',
    '5s',
  ])('%j is not an offset', (text) => {
    expect(parseTimeOffset(text)).toBeNull();
  });

  test('absent attributes are no offset', () => {
    expect(parseTimeOffset(undefined)).toBeNull();
    expect(parseTimeOffset(null)).toBeNull();
  });
});

describe('parseDuration', () => {
  test.each([
    ['00:00:15', 15],
    ['00:00:15.000', 15],
    ['00:01:30.250', 90.25],
    ['30', 30],
  ])('%j -> %d s', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  test.each(['', 'thirty', '50%', '-00:00:01', undefined])('%j -> null', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe('offsetSeconds', () => {
  test.each([
    [{ kind: 'seconds', value: 5 } as const, 30, 5],
    [{ kind: 'seconds', value: 5 } as const, null, 5],
    [{ kind: 'percent', value: 25 } as const, 20, 5],
    [{ kind: 'percent', value: 100 } as const, 15, 15],
    [{ kind: 'percent', value: 50 } as const, null, null],
    [null, 30, null],
  ])('%j of a %s s ad -> %s', (offset, duration, seconds) => {
    expect(offsetSeconds(offset, duration)).toBe(seconds);
  });
});
