import fc from 'fast-check';
import { readAnalytics, readErrorCode, readIncoming, readReady } from '../../../src/sdk/incoming';
import { PROTOCOL } from '../../../src/shared/protocol';

describe("the SDK's reading of what the player's frame posts", () => {
  it('takes the events it knows and answers to numbered requests, and nothing else', () => {
    expect(readIncoming({ protocol: PROTOCOL, event: 'play', data: null })).toEqual({
      kind: 'event',
      name: 'play',
      data: null,
    });
    expect(readIncoming({ protocol: PROTOCOL, event: 'noSuchEvent', data: 1 })).toBeNull();
    expect(readIncoming({ protocol: 'player.js', event: 'play' })).toBeNull();
    expect(readIncoming('{"protocol":"kino-player","event":"play"}')).toBeNull();
    expect(readIncoming({ protocol: PROTOCOL, event: 'response', requestId: 'abc' })).toMatchObject(
      { kind: 'answer', requestId: null },
    );
  });

  it("reads a refusal's code when it is one the SDK knows, REFUSED when not, and its words", () => {
    const refusal = (error: unknown) =>
      readIncoming({ protocol: PROTOCOL, event: 'response', requestId: 3, error });
    expect(refusal({ code: 'AD_PLAYING', message: 'advert' })).toMatchObject({
      requestId: 3,
      error: { code: 'AD_PLAYING', message: 'advert' },
    });
    expect(refusal({ code: 'WHATEVER', message: 7 })).toMatchObject({
      error: { code: 'REFUSED', message: '' },
    });
    expect(refusal('no')).toMatchObject({ error: { code: 'REFUSED', message: '' } });
    expect(refusal(undefined)).toMatchObject({ error: null });
  });

  it('keeps only what the ready, error and analytics events are meant to carry', () => {
    expect(readReady({ events: ['play', 3, null], commands: 'seek' })).toEqual({
      events: ['play'],
      commands: [],
    });
    expect(readReady(null)).toEqual({ events: [], commands: [] });
    expect(readErrorCode({ code: 'CONTENT_NOT_FOUND' })).toBe('CONTENT_NOT_FOUND');
    expect(readErrorCode({ code: 'STREAM_FAILED' })).toBe('STREAM_FAILED');
    expect(readErrorCode({ code: 'toString' })).toBeNull();
    expect(readAnalytics({ event: 'videoplayer_play', payload: { a: 1 } })).toEqual({
      event: 'videoplayer_play',
      payload: { a: 1 },
    });
    expect(readAnalytics({ event: 'videoplayer_play', payload: [1] })).toBeNull();
  });

  it('never throws, whatever the frame posts', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (event, data) => {
        readIncoming({ protocol: PROTOCOL, event, data, requestId: data, error: event });
        readReady(data);
        readErrorCode(data);
        readAnalytics(data);
      }),
      { numRuns: 2_000 },
    );
  });
});
