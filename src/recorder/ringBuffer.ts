import { canPack, packText, unpackText } from './packText';

/**
 * The flight recorder's memory: entries in segments that each begin with a checkpoint. An entry is
 * kept as the object it was logged as, and serialised to JSON in batches (cheaper on the main thread
 * than one at a time, and soon enough that later mutation of what it refers to is unlikely). A
 * segment that a newer one has followed is packed (gzipped, in the background): a long session's log
 * is held at about a tenth of its JSON. Over a limit, whole segments are evicted from the front, so
 * the kept log always starts at a checkpoint.
 */
export interface RingLimits {
  maxEntries: number;
  maxBytes: number;
}

export type RingItem = string | object;

interface Segment {
  /** the entries; emptied once the segment is packed */
  items: RingItem[];
  /** entries in the segment */
  count: number;
  /** JSON characters in the segment */
  bytes: number;
  /** the entries' JSON lines, gzipped */
  packed?: Uint8Array;
  /** entries completed after the segment was packed (a port call that returned late), by index */
  amended?: Map<number, string>;
}

export interface RingHandle {
  segment: Segment;
  index: number;
}

/** How many entries wait as objects before they are serialised together. */
export const SERIALISE_BATCH = 128;

export class SegmentedRing {
  private segments: Segment[] = [];
  // Entries waiting to be serialised, as parallel arrays: no object per entry on the hot path.
  private pendingSegments: Segment[] = [];
  private pendingIndexes: number[] = [];
  private entries = 0;
  private bytes = 0;
  /** entries evicted so far */
  dropped = 0;

  /** main-thread time spent serialising batches */
  serialiseMs = 0;
  /** packing goes on in the background: the promise of the last segment sent */
  private packing: Promise<void> = Promise.resolve();
  private readonly packs = canPack();

  /** now: a monotonic clock in milliseconds, to time the serialisation */
  constructor(
    private readonly limits: RingLimits,
    private readonly now: () => number = () => 0,
  ) {}

  /** Starts a new segment with this (checkpoint) entry. */
  startSegment(item: RingItem) {
    const finished = this.segments[this.segments.length - 1];
    this.segments.push({ items: [], count: 0, bytes: 0 });
    this.push(item);
    if (finished && this.packs) this.pack(finished);
  }

  /** Packs a finished segment in the background; until then (and if it fails) its entries stay as they are. */
  private pack(segment: Segment) {
    this.serialisePending();
    const began = this.now();
    const text = (segment.items as string[]).join('\n'); // JSON has no raw line breaks
    this.serialiseMs += this.now() - began;
    this.packing = this.packing.then(async () => {
      try {
        const packed = await packText(text);
        if (!this.segments.includes(segment)) return; // evicted meanwhile
        segment.packed = packed;
        segment.items = [];
      } catch {
        // kept unpacked: memory, not data, is lost
      }
    });
  }

  /** Resolves once every finished segment sent for packing is packed (or kept as it was). */
  settled(): Promise<void> {
    return this.packing;
  }

  /** Appends an entry. */
  push(item: RingItem) {
    const segment = this.segments[this.segments.length - 1];
    if (!segment) throw new Error('The first entry must start a segment');
    const index = segment.items.push(item) - 1;
    segment.count += 1;
    this.entries += 1;
    if (typeof item === 'string') this.count(segment, item.length);
    else {
      this.pendingSegments.push(segment);
      this.pendingIndexes.push(index);
    }
    if (this.pendingIndexes.length >= SERIALISE_BATCH) this.serialisePending();
    if (this.entries > this.limits.maxEntries || this.bytes > this.limits.maxBytes) this.evict();
    return index;
  }

  /** Appends an entry the caller will fill in later (a port call's outcome), by the handle returned. */
  pushTracked(item: RingItem): RingHandle {
    const segment = this.segments[this.segments.length - 1];
    const index = this.push(item);
    if (!segment) throw new Error('The first entry must start a segment');
    return { segment, index };
  }

  /**
   * The entry as logged: the object itself while it waits, so the caller may complete it in place;
   * undefined once evicted, or packed.
   */
  get(handle: RingHandle): RingItem | undefined {
    return this.segments.includes(handle.segment) ? handle.segment.items[handle.index] : undefined;
  }

  /** Replaces an entry that was already serialised or packed; nothing happens if it was evicted meanwhile. */
  replace(handle: RingHandle, json: string) {
    const { segment, index } = handle;
    if (!this.segments.includes(segment) || index >= segment.count) return;
    const old = segment.items[index];
    if (typeof old === 'string') {
      segment.items[index] = json;
      this.count(segment, json.length - old.length);
    }
    // a finished segment is packed, or being packed from its old text: the amendment goes over it
    const finished = segment !== this.segments[this.segments.length - 1];
    if (finished && this.packs) (segment.amended ??= new Map()).set(index, json);
  }

  private count(segment: Segment, bytes: number) {
    segment.bytes += bytes;
    this.bytes += bytes;
  }

  private serialisePending() {
    const segments = this.pendingSegments;
    const indexes = this.pendingIndexes;
    if (indexes.length === 0) return;
    const began = this.now();
    for (let i = 0; i < indexes.length; i++) {
      const segment = segments[i] as Segment;
      const index = indexes[i] as number;
      const item = segment.items[index];
      if (item === undefined || typeof item === 'string') continue;
      const json = JSON.stringify(item);
      segment.items[index] = json;
      this.count(segment, json.length);
    }
    this.pendingSegments = [];
    this.pendingIndexes = [];
    this.serialiseMs += this.now() - began;
  }

  private evict() {
    while (
      this.segments.length > 1 &&
      (this.entries > this.limits.maxEntries || this.bytes > this.limits.maxBytes)
    ) {
      const evicted = this.segments.shift();
      if (!evicted) return;
      this.entries -= evicted.count;
      this.bytes -= evicted.bytes;
      this.dropped += evicted.count;
    }
  }

  /** Entries in the current segment: the recorder starts a new one before this grows past a share of the limits. */
  get currentSegmentSize() {
    return this.segments[this.segments.length - 1]?.count ?? 0;
  }

  /** entries, their JSON characters, segments, and the bytes the packed segments take */
  get size() {
    this.serialisePending();
    const packedBytes = this.segments.reduce((sum, s) => sum + (s.packed?.byteLength ?? 0), 0);
    return {
      entries: this.entries,
      bytes: this.bytes,
      segments: this.segments.length,
      packedBytes,
    };
  }

  /** Every entry as JSON, in order (packed segments unpacked). */
  async toArray(): Promise<string[]> {
    this.serialisePending();
    const segments = [...this.segments]; // as they are now: eviction may go on while unpacking
    const lines = await Promise.all(segments.map(entriesOf));
    return lines.flat();
  }
}

async function entriesOf(segment: Segment): Promise<string[]> {
  const { packed, amended } = segment;
  // a copy, taken now: the current segment goes on growing while others unpack
  if (!packed) return (segment.items as string[]).slice();
  const lines = (await unpackText(packed)).split('\n');
  amended?.forEach((json, index) => {
    lines[index] = json;
  });
  return lines;
}
