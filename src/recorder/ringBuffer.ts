/**
 * The flight recorder's memory: entries in segments that each begin with a checkpoint. An entry is
 * kept as the object it was logged as, and serialised to JSON in batches (cheaper on the main thread
 * than one at a time, and soon enough that later mutation of what it refers to is unlikely). Over a
 * limit, whole segments are evicted from the front, so the kept log always starts at a checkpoint.
 */
export interface RingLimits {
  maxEntries: number;
  maxBytes: number;
}

export type RingItem = string | object;

interface Segment {
  items: RingItem[];
  bytes: number;
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

  /** now: a monotonic clock in milliseconds, to time the serialisation */
  constructor(
    private readonly limits: RingLimits,
    private readonly now: () => number = () => 0,
  ) {}

  /** Starts a new segment with this (checkpoint) entry. */
  startSegment(item: RingItem) {
    this.segments.push({ items: [], bytes: 0 });
    this.push(item);
  }

  /** Appends an entry. */
  push(item: RingItem) {
    const segment = this.segments[this.segments.length - 1];
    if (!segment) throw new Error('The first entry must start a segment');
    const index = segment.items.push(item) - 1;
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

  /** The entry as logged: the object itself while it waits, so the caller may complete it in place. */
  get(handle: RingHandle): RingItem | undefined {
    return this.segments.includes(handle.segment) ? handle.segment.items[handle.index] : undefined;
  }

  /** Replaces an entry that was already serialised; nothing happens if it was evicted meanwhile. */
  replace(handle: RingHandle, json: string) {
    const old = this.get(handle);
    if (typeof old !== 'string') return;
    handle.segment.items[handle.index] = json;
    this.count(handle.segment, json.length - old.length);
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
      this.entries -= evicted.items.length;
      this.bytes -= evicted.bytes;
      this.dropped += evicted.items.length;
    }
  }

  /** Entries in the current segment: the recorder starts a new one before this grows past a share of the limits. */
  get currentSegmentSize() {
    return this.segments[this.segments.length - 1]?.items.length ?? 0;
  }

  get size() {
    this.serialisePending();
    return { entries: this.entries, bytes: this.bytes, segments: this.segments.length };
  }

  /** Every entry as JSON, in order. */
  toArray(): string[] {
    this.serialisePending();
    return this.segments.flatMap((s) => s.items as string[]);
  }
}
