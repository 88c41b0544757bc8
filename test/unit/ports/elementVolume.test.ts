import { elementVolume } from '../../../src/ports/elementVolume';

describe('elementVolume', () => {
  it('reads a volume WebKit keeps as a 32-bit float back as it was set', () => {
    const video = { volume: Math.fround(0.4) } as HTMLMediaElement;
    expect(video.volume).not.toBe(0.4);
    expect(elementVolume(video)).toBe(0.4);
    expect(elementVolume({ volume: 1 } as HTMLMediaElement)).toBe(1);
  });
});
