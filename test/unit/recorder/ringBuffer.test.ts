/** @jest-environment node */
// Node's CompressionStream, as in the browser: the finished segments are packed.
import { SegmentedRing } from '../../../src/recorder/ringBuffer';

const fill = (ring: SegmentedRing, segments: number, perSegment: number) => {
  for (let s = 0; s < segments; s++) {
    ring.startSegment(`c${s}`);
    for (let i = 1; i < perSegment; i++) ring.push(`e${s}.${i}`);
  }
};

describe('the ring buffer', () => {
  it('evicts whole segments from the front and counts what it dropped', async () => {
    const ring = new SegmentedRing({ maxEntries: 10, maxBytes: 1e6 });
    fill(ring, 4, 4); // 16 entries in segments of 4
    expect((await ring.toArray())[0]).toBe('c2'); // the kept log starts at a checkpoint
    expect(ring.size.entries).toBe(8);
    expect(ring.dropped).toBe(8);
  });

  it('evicts by bytes as well', async () => {
    const ring = new SegmentedRing({ maxEntries: 1000, maxBytes: 30 });
    fill(ring, 5, 3); // entries of 2-5 characters
    expect(ring.size.bytes).toBeLessThanOrEqual(30);
    expect((await ring.toArray())[0]).toMatch(/^c\d$/);
    expect(ring.dropped + ring.size.entries).toBe(15);
  });

  it('keeps the current segment even when it alone is over the limit', () => {
    const ring = new SegmentedRing({ maxEntries: 3, maxBytes: 1e6 });
    fill(ring, 1, 6);
    expect(ring.size.entries).toBe(6);
    expect(ring.dropped).toBe(0);
  });

  it('fills in an entry later, unless it was evicted', async () => {
    const ring = new SegmentedRing({ maxEntries: 4, maxBytes: 1e6 });
    ring.startSegment('c0');
    const handle = ring.pushTracked('pending');
    ring.replace(handle, 'done');
    expect(await ring.toArray()).toEqual(['c0', 'done']);
    fill(ring, 2, 3);
    ring.replace(handle, 'late');
    expect(await ring.toArray()).not.toContain('late');
  });

  it('holds finished segments packed, at a fraction of their size, and gives back every entry as it was', async () => {
    const ring = new SegmentedRing({ maxEntries: 100_000, maxBytes: 1e8 });
    const entry = (s: number, i: number) =>
      JSON.stringify({
        seq: s * 1000 + i,
        kind: 'put',
        action: { title: 'Сериал «Пример», эпизод ' + i },
      });
    const written: string[] = [];
    for (let s = 0; s < 3; s++) {
      ring.startSegment(`{"checkpoint":${s}}`);
      written.push(`{"checkpoint":${s}}`);
      for (let i = 0; i < 500; i++) {
        ring.push(entry(s, i));
        written.push(entry(s, i));
      }
    }
    await ring.settled();
    const { bytes, packedBytes, entries } = ring.size;
    expect(entries).toBe(written.length);
    // two segments finished and packed, the current one as it is
    const currentBytes = written.slice(1002).join('').length;
    expect(packedBytes).toBeGreaterThan(0);
    expect(packedBytes).toBeLessThan((bytes - currentBytes) / 5);
    expect(await ring.toArray()).toEqual(written);
  });

  it('completes an entry of a segment packed before its call returned', async () => {
    const ring = new SegmentedRing({ maxEntries: 100, maxBytes: 1e6 });
    ring.startSegment('c0');
    const handle = ring.pushTracked('{"call":1}');
    ring.push('e1');
    ring.startSegment('c1'); // c0's segment goes to be packed
    ring.replace(handle, '{"call":1,"result":"while packing"}');
    await ring.settled();
    expect(ring.size.packedBytes).toBeGreaterThan(0);
    ring.replace(handle, '{"call":1,"result":"after"}');
    expect(await ring.toArray()).toEqual(['c0', '{"call":1,"result":"after"}', 'e1', 'c1']);
  });

  it('exports the entries as they were when asked, while the log goes on while it unpacks', async () => {
    const ring = new SegmentedRing({ maxEntries: 100, maxBytes: 1e6 });
    fill(ring, 2, 3);
    await ring.settled();
    const exported = ring.toArray();
    ring.push({ kind: 'logged while unpacking' });
    expect(await exported).toEqual(['c0', 'e0.1', 'e0.2', 'c1', 'e1.1', 'e1.2']);
  });

  it('keeps every segment as it is where the platform cannot compress', async () => {
    const { CompressionStream } = globalThis;
    // @ts-expect-error: taken away for this test
    delete globalThis.CompressionStream;
    try {
      const ring = new SegmentedRing({ maxEntries: 100, maxBytes: 1e6 });
      fill(ring, 3, 3);
      await ring.settled();
      expect(ring.size.packedBytes).toBe(0);
      expect(await ring.toArray()).toHaveLength(9);
    } finally {
      globalThis.CompressionStream = CompressionStream;
    }
  });
});
