import { SegmentedRing } from '../../../src/recorder/ringBuffer';

const fill = (ring: SegmentedRing, segments: number, perSegment: number) => {
  for (let s = 0; s < segments; s++) {
    ring.startSegment(`c${s}`);
    for (let i = 1; i < perSegment; i++) ring.push(`e${s}.${i}`);
  }
};

describe('the ring buffer', () => {
  it('evicts whole segments from the front and counts what it dropped', () => {
    const ring = new SegmentedRing({ maxEntries: 10, maxBytes: 1e6 });
    fill(ring, 4, 4); // 16 entries in segments of 4
    expect(ring.toArray()[0]).toBe('c2'); // the kept log starts at a checkpoint
    expect(ring.size.entries).toBe(8);
    expect(ring.dropped).toBe(8);
  });

  it('evicts by bytes as well', () => {
    const ring = new SegmentedRing({ maxEntries: 1000, maxBytes: 30 });
    fill(ring, 5, 3); // entries of 2-5 characters
    expect(ring.size.bytes).toBeLessThanOrEqual(30);
    expect(ring.toArray()[0]).toMatch(/^c\d$/);
    expect(ring.dropped + ring.size.entries).toBe(15);
  });

  it('keeps the current segment even when it alone is over the limit', () => {
    const ring = new SegmentedRing({ maxEntries: 3, maxBytes: 1e6 });
    fill(ring, 1, 6);
    expect(ring.size.entries).toBe(6);
    expect(ring.dropped).toBe(0);
  });

  it('fills in an entry later, unless it was evicted', () => {
    const ring = new SegmentedRing({ maxEntries: 4, maxBytes: 1e6 });
    ring.startSegment('c0');
    const handle = ring.pushTracked('pending');
    ring.replace(handle, 'done');
    expect(ring.toArray()).toEqual(['c0', 'done']);
    fill(ring, 2, 3);
    ring.replace(handle, 'late');
    expect(ring.toArray()).not.toContain('late');
  });
});
