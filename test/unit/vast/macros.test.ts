import {
  expandMacros,
  formatPlayhead,
  PLAYBACK_METHOD,
  PLAYER_API_FRAMEWORKS,
} from '../../../src/vast/macros';
import { VERIFICATION_NOT_EXECUTED_REASON } from '../../../src/vast/model';
import { isHttpUrl } from '../../../src/vast/urls';

describe('expandMacros', () => {
  test.each([
    ['[ERRORCODE]', { errorCode: 303 }, '303'],
    ['[CACHEBUSTING]', { cacheBusting: 0.123456789 }, '12345678'],
    ['[CACHEBUSTING]', { cacheBusting: 0.000042 }, '00004200'],
    ['[CACHEBUSTING]', { cacheBusting: 0 }, '00000000'],
    ['[CACHEBUSTING]', { cacheBusting: 42 }, '00000042'],
    [
      '[TIMESTAMP]',
      { timestampMs: Date.UTC(2016, 0, 17, 8, 59, 22) },
      '2016-01-17T08%3A59%3A22.000Z',
    ],
    ['[ADPLAYHEAD]', { adPlayheadSec: 3.5 }, '00%3A00%3A03.500'],
    ['[CONTENTPLAYHEAD]', { contentPlayheadSec: 3723.042 }, '01%3A02%3A03.042'],
    ['[MEDIAPLAYHEAD]', { contentPlayheadSec: 61 }, '00%3A01%3A01.000'],
    [
      '[ASSETURI]',
      { assetUri: 'https://cdn.test/a b.mp4?x=1&y=2' },
      'https%3A%2F%2Fcdn.test%2Fa%20b.mp4%3Fx%3D1%26y%3D2',
    ],
  ])('%s with %j -> %s', (macro, values, expected) => {
    expect(expandMacros(`https://t.test/p?v=${macro}`, values)).toBe(
      `https://t.test/p?v=${expected}`,
    );
  });

  test('every occurrence is replaced, each macro with its own value', () => {
    expect(
      expandMacros('https://t.test/e?c=[ERRORCODE]&again=[ERRORCODE]&cb=[CACHEBUSTING]', {
        errorCode: 100,
        cacheBusting: 0.5,
      }),
    ).toBe('https://t.test/e?c=100&again=100&cb=50000000');
  });

  test('a VAST macro without a value is -1 (unknown), a withheld one -2', () => {
    expect(
      expandMacros('https://t.test/p?e=[ERRORCODE]&ts=[TIMESTAMP]&ip=[DEVICEIP]&ifa=[IFA]', {
        withheld: ['IFA'],
      }),
    ).toBe('https://t.test/p?e=-1&ts=-1&ip=-1&ifa=-2');
  });

  test('a duration the player does not know is -2 (SPEC.md section 9)', () => {
    expect(
      expandMacros(
        'https://t.test/?max=[BREAKMAXDURATION]&min=[BREAKMINDURATION]&ad=[BREAKMAXADLENGTH]&p=[ADPLAYHEAD]',
        {},
      ),
    ).toBe('https://t.test/?max=-2&min=-2&ad=-2&p=-1');
  });

  test('values that cannot be formatted count as unknown', () => {
    expect(
      expandMacros('https://t.test/p?a=[ADPLAYHEAD]&t=[TIMESTAMP]&e=[ERRORCODE]', {
        adPlayheadSec: -1,
        timestampMs: Number.NaN,
        errorCode: Number.POSITIVE_INFINITY,
      }),
    ).toBe('https://t.test/p?a=-1&t=-1&e=-1');
  });

  test('macros outside the VAST list, and other brackets, are left alone', () => {
    const url = 'https://t.test/p?x=[MY_OWN_MACRO]&y=[lowercase]&z=%%CACHEBUSTER%%&h=[::1]';
    expect(expandMacros(url, { cacheBusting: 0.1 })).toBe(url);
  });

  test('the same input gives the same output: no hidden clock or randomness', () => {
    const url = 'https://t.test/p?cb=[CACHEBUSTING]&ts=[TIMESTAMP]';
    const values = { cacheBusting: 0.25, timestampMs: 0 };
    expect(expandMacros(url, values)).toBe(expandMacros(url, values));
    expect(expandMacros(url, values)).toBe(
      'https://t.test/p?cb=25000000&ts=1970-01-01T00%3A00%3A00.000Z',
    );
  });
});

describe('expandMacros: the macros of VAST 4.3', () => {
  const expand = (macro: string, values: Parameters<typeof expandMacros>[1]) =>
    expandMacros(`https://t.test/p?v=${macro}`, values).slice('https://t.test/p?v='.length);

  test('[APIFRAMEWORKS] is what the player runs, in AdCOM numbers: VPAID 2.0, SIMID 1.0 and 1.1', () => {
    expect(PLAYER_API_FRAMEWORKS).toEqual([2, 8, 9]);
    expect(expand('[APIFRAMEWORKS]', {})).toBe('2,8,9');
  });

  test.each([
    [{ playbackMethod: PLAYBACK_METHOD.CONTINUOUS }, '7'],
    [{ playbackMethod: PLAYBACK_METHOD.CLICK_SOUND_ON }, '3'],
    [{ playbackMethod: 8 as never }, '-1'],
    [{}, '-1'],
  ])('[PLAYBACKMETHODS] with %j -> %s', (values, expected) => {
    expect(expand('[PLAYBACKMETHODS]', values)).toBe(expected);
  });

  test.each([
    [{ muted: true, fullscreen: true }, 'muted,fullscreen'],
    [{ muted: false, fullscreen: true }, 'fullscreen'],
    [{ muted: true, fullscreen: false }, 'muted'],
    [{ muted: false, fullscreen: false }, ''],
  ])('[PLAYERSTATE] with %j -> %j', (playerState, expected) => {
    expect(expand('[PLAYERSTATE]', { playerState })).toBe(expected);
  });

  test('[PLAYERSTATE] unknown is -1', () => {
    expect(expand('[PLAYERSTATE]', {})).toBe('-1');
  });

  test.each([
    [{ width: 640, height: 360 }, '640,360'],
    [{ width: 639.6, height: 359.4 }, '640,359'],
    [{ width: 0, height: 0 }, '0,0'],
    [{ width: -1, height: 360 }, '-1'],
    [{ width: Number.NaN, height: 360 }, '-1'],
  ])('[PLAYERSIZE] with %j -> %s', (playerSize, expected) => {
    expect(expand('[PLAYERSIZE]', { playerSize })).toBe(expected);
  });

  test("[ADSERVINGID] is the ad's AdServingId, encoded; none is -1", () => {
    expect(expand('[ADSERVINGID]', { adServingId: 'Server/Name-47ed3bac' })).toBe(
      'Server%2FName-47ed3bac',
    );
    expect(expand('[ADSERVINGID]', { adServingId: null })).toBe('-1');
  });

  test('[VERIFICATIONVENDORS]: each value encoded on its own, the commas between them not', () => {
    expect(
      expand('[VERIFICATIONVENDORS]', {
        verificationVendors: ['moat.com-omid', 'abc/def', 'y=z,w'],
      }),
    ).toBe('moat.com-omid,abc%2Fdef,y%3Dz%2Cw');
    expect(expand('[VERIFICATIONVENDORS]', {})).toBe('-1');
  });

  test.each([
    [VERIFICATION_NOT_EXECUTED_REASON.REJECTED, '1'],
    [VERIFICATION_NOT_EXECUTED_REASON.NOT_SUPPORTED, '2'],
    [VERIFICATION_NOT_EXECUTED_REASON.LOAD_ERROR, '3'],
    [4 as never, '-1'],
  ])('[REASON] %d -> %s', (reason, expected) => {
    expect(expand('[REASON]', { reason })).toBe(expected);
  });

  test('a verificationNotExecuted URL as a vendor writes it', () => {
    expect(
      expandMacros(
        'https://company.com/pixel.jpg?error=[REASON]&id=[ADSERVINGID]&cb=[CACHEBUSTING]',
        {
          reason: VERIFICATION_NOT_EXECUTED_REASON.NOT_SUPPORTED,
          adServingId: 'a532d16d-4d7f-4440-bd29-2ec0e693fc80',
          cacheBusting: 0.5,
        },
      ),
    ).toBe(
      'https://company.com/pixel.jpg?error=2&id=a532d16d-4d7f-4440-bd29-2ec0e693fc80&cb=50000000',
    );
  });

  test('withheld wins over a known value', () => {
    expect(
      expand('[PLAYERSIZE]', { playerSize: { width: 1, height: 1 }, withheld: ['PLAYERSIZE'] }),
    ).toBe('-2');
  });
});

describe('formatPlayhead', () => {
  test.each([
    [0, '00:00:00.000'],
    [5.5, '00:00:05.500'],
    [59.9996, '00:01:00.000'],
    [3600 * 100 + 1, '100:00:01.000'],
  ])('%d s -> %s', (seconds, text) => {
    expect(formatPlayhead(seconds)).toBe(text);
  });
});

describe('isHttpUrl', () => {
  test.each([
    'http://ads.test/vast.xml',
    'https://ads.test/vast.xml?x=[CACHEBUSTING]&y=|z',
    'HTTPS://ADS.TEST',
    'http://127.0.0.1:8080/a',
    'http://[::1]/a',
  ])('%s is usable', (url) => {
    expect(isHttpUrl(url)).toBe(true);
  });

  test.each([
    '',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://ads.test/a',
    '//ads.test/a',
    '/relative/path',
    'relative/garbage',
    'http://',
    'http:///path',
    'https://ads.test/a b',
    ' https://ads.test/padded',
    'file:///etc/passwd',
  ])('%j is not', (url) => {
    expect(isHttpUrl(url)).toBe(false);
  });
});
