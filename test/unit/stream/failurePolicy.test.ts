// The failure policy as a table: each failure kind, buffer left, network state, budget spent and
// sources left, and the step the stream actor is to take.
import {
  DRY_S,
  FIRST_RETRY_MS,
  LOAD_WAIT_LIMIT_MS,
  LONGEST_RETRY_MS,
  MAX_MEDIA_RECOVERIES,
  RETRY_JITTER,
  START_WAIT_LIMIT_MS,
  SWITCH_AFTER_RETRIES,
  SWITCH_AHEAD_S,
  nextStep,
  retryDelayMs,
  type FailureFacts,
  type FailureSubject,
  type NetworkState,
} from '../../../src/stream/failurePolicy';

const facts = (over: Partial<FailureFacts> = {}): FailureFacts => ({
  subject: 'load',
  network: 'reachable',
  bufferAheadS: 25,
  paused: false,
  started: true,
  attempts: { media: 0, network: 0 },
  dryForMs: 0,
  sourceLeft: false,
  audioFallback: false,
  random: 0.5,
  ...over,
});
const stepOf = (over: Partial<FailureFacts>) => nextStep(facts(over)).step;

describe('the failure policy', () => {
  const SUBJECTS: FailureSubject[] = ['manifest', 'load', 'audio', 'subtitles', 'media', 'other'];

  describe.each<NetworkState>(['offline', 'unreachable'])('the network %s', (network) => {
    it.each(SUBJECTS.filter((s) => s !== 'media' && s !== 'other'))(
      'a %s failure waits for it, whatever is left',
      (subject) => {
        for (const bufferAheadS of [0, 25])
          for (const sourceLeft of [false, true])
            expect(stepOf({ subject, network, bufferAheadS, sourceLeft })).toBe('waitForNetwork');
      },
    );
    it('a media error is recovered all the same (the data is here)', () => {
      expect(stepOf({ subject: 'media', network })).toBe('recoverMedia');
    });
  });

  it.each<NetworkState>(['hostDown', 'reachable'])(
    'a host that fails, %s: the load is tried again, never waited for as a lost network',
    (network) => {
      for (const bufferAheadS of [0, 5, 25])
        expect(stepOf({ network, bufferAheadS, dryForMs: 0 })).toBe('retry');
    },
  );

  it('waits longer each retry, up to the longest, jittered either way', () => {
    const waits = [0, 1, 2, 3, 4, 8].map((n) => retryDelayMs(n, 0.5));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(retryDelayMs(0, 0)).toBe(FIRST_RETRY_MS * (1 - RETRY_JITTER));
    expect(retryDelayMs(9, 0.999)).toBeLessThanOrEqual(LONGEST_RETRY_MS * (1 + RETRY_JITTER));
    expect(nextStep(facts({ attempts: { media: 0, network: 2 }, random: 0.5 }))).toEqual({
      step: 'retry',
      afterMs: 4000,
    });
  });

  it.each([
    ['buffered ahead, however long it has failed', { bufferAheadS: 25, dryForMs: 0 }, 'retry'],
    ['dry, under the limit', { bufferAheadS: 0, dryForMs: LOAD_WAIT_LIMIT_MS - 1 }, 'retry'],
    ['dry, at the limit', { bufferAheadS: 0, dryForMs: LOAD_WAIT_LIMIT_MS }, 'fail'],
    [
      'dry past the limit, but paused',
      { bufferAheadS: 0, dryForMs: 10 * 60_000, paused: true },
      'retry',
    ],
    ['past the limit, data again', { bufferAheadS: DRY_S, dryForMs: LOAD_WAIT_LIMIT_MS }, 'retry'],
    [
      'not started, under its limit',
      { bufferAheadS: 0, dryForMs: START_WAIT_LIMIT_MS - 1, started: false },
      'retry',
    ],
    [
      'not started, at its limit',
      { bufferAheadS: 0, dryForMs: START_WAIT_LIMIT_MS, started: false },
      'fail',
    ],
  ] as const)('a load failing, %s: %s', (_case, over, step) => {
    expect(stepOf({ ...over, attempts: { media: 0, network: 9 } })).toBe(step);
  });

  it.each([
    // [retries so far, buffer ahead, step]
    [0, 0, 'retry'],
    [SWITCH_AFTER_RETRIES - 1, 0, 'retry'],
    [SWITCH_AFTER_RETRIES, SWITCH_AHEAD_S, 'retry'], // a blip: ridden out on the same source
    [SWITCH_AFTER_RETRIES, SWITCH_AHEAD_S - 1, 'switchSource'],
    [20, 30, 'retry'],
  ] as const)(
    'with another source: %s retries and %s s buffered: %s',
    (network, bufferAheadS, step) => {
      expect(stepOf({ sourceLeft: true, attempts: { media: 0, network }, bufferAheadS })).toBe(
        step,
      );
    },
  );

  it('dry past the limit goes to a source left rather than the message', () => {
    const past = {
      bufferAheadS: 0,
      dryForMs: LOAD_WAIT_LIMIT_MS,
      attempts: { media: 0, network: 1 },
    };
    expect(stepOf({ ...past, sourceLeft: true })).toBe('switchSource');
    expect(stepOf({ ...past, sourceLeft: false })).toBe('fail');
  });

  it('the manifest: the message, whatever source is left (SPEC.md section 8)', () => {
    for (const network of ['hostDown', 'reachable'] as const)
      for (const sourceLeft of [false, true])
        expect(stepOf({ subject: 'manifest', network, sourceLeft })).toBe('fail');
  });

  it('something else of the engine’s (a key system, a muxer): the next source, else the message', () => {
    for (const network of ['offline', 'unreachable', 'hostDown', 'reachable'] as const) {
      expect(stepOf({ subject: 'other', network, sourceLeft: true })).toBe('switchSource');
      expect(stepOf({ subject: 'other', network, sourceLeft: false })).toBe('fail');
    }
  });

  it('a track: subtitles go off; an alternate audio gives way to the first; the first is a load', () => {
    expect(stepOf({ subject: 'subtitles' })).toBe('dropTrack');
    expect(stepOf({ subject: 'audio', audioFallback: true })).toBe('dropTrack');
    expect(stepOf({ subject: 'audio', audioFallback: false })).toBe('retry');
    expect(
      stepOf({
        subject: 'audio',
        audioFallback: false,
        bufferAheadS: 0,
        dryForMs: LOAD_WAIT_LIMIT_MS,
      }),
    ).toBe('fail');
  });

  it.each([
    [0, false, 'recoverMedia'],
    [MAX_MEDIA_RECOVERIES - 1, false, 'recoverMedia'],
    [MAX_MEDIA_RECOVERIES, false, 'fail'],
    [MAX_MEDIA_RECOVERIES, true, 'switchSource'],
  ] as const)(
    'a media error after %s recoveries, a source left %s: %s',
    (media, sourceLeft, step) => {
      for (const network of ['offline', 'unreachable', 'hostDown', 'reachable'] as const)
        expect(
          stepOf({ subject: 'media', network, attempts: { media, network: 0 }, sourceLeft }),
        ).toBe(step);
    },
  );
});
