import { HUNG_LOADS_IN_A_ROW, hungLoadCounter } from '../../../src/stream/hungLoads';

const times = (n: number, f: () => boolean) => Array.from({ length: n }, f);

describe('hung loads in a row', () => {
  it('calls the server hung at the third hung load, on any levels, then counts again', () => {
    const hangs = hungLoadCounter();
    const told = times(2 * HUNG_LOADS_IN_A_ROW, () => hangs.failed('levelLoadTimeOut'));
    expect(told).toEqual([false, false, true, false, false, true]);
  });

  it('counts hung segments and hung level playlists together', () => {
    const hangs = hungLoadCounter();
    expect(hangs.failed('fragLoadTimeOut')).toBe(false);
    expect(hangs.failed('levelLoadTimeOut')).toBe(false);
    expect(hangs.failed('fragLoadTimeOut')).toBe(true);
  });

  it('starts again when a segment loads between them: one slow rung is no hung server', () => {
    const hangs = hungLoadCounter();
    hangs.failed('fragLoadTimeOut');
    hangs.failed('fragLoadTimeOut');
    hangs.segmentLoaded();
    expect(hangs.failed('fragLoadTimeOut')).toBe(false);
    expect(hangs.failed('fragLoadTimeOut')).toBe(false);
  });

  it('leaves other failures (a 404, a refused connection, a broken segment) to hls.js', () => {
    const hangs = hungLoadCounter();
    const told = ['fragLoadError', 'levelLoadError', 'fragParsingError', 'fragLoadError'].map(
      (d) => hangs.failed(d),
    );
    expect(told).toEqual([false, false, false, false]);
    expect(hangs.failed('fragLoadTimeOut')).toBe(false);
  });
});
