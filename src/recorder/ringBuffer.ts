/**
 * Entries kept as JSON strings in segments that each begin with a checkpoint. Over a limit, whole
 * segments are evicted from the front, so the kept log always starts at a checkpoint.
 */
export interface RingLimits {
  maxEntries: number;
  maxBytes: number;
}

export class SegmentedRing {
  private segments: string[][] = [];
  private entries = 0;
  private bytes = 0;
  /** entries evicted so far */
  dropped = 0;

  constructor(private readonly limits: RingLimits) {}

  /** Starts a new segment with this (checkpoint) entry. */
  startSegment(json: string) {
    this.segments.push([]);
    this.push(json);
  }

  /** Appends an entry; the handle lets the caller fill it in later (a port call's outcome). */
  push(json: string): { segment: string[]; index: number } {
    const current = this.segments[this.segments.length - 1];
    if (!current) throw new Error('The first entry must start a segment');
    const handle = { segment: current, index: current.length };
    current.push(json);
    this.entries += 1;
    this.bytes += json.length;
    while (
      this.segments.length > 1 &&
      (this.entries > this.limits.maxEntries || this.bytes > this.limits.maxBytes)
    ) {
      const evicted = this.segments.shift() ?? [];
      this.entries -= evicted.length;
      this.bytes -= evicted.reduce((n, s) => n + s.length, 0);
      this.dropped += evicted.length;
    }
    return handle;
  }

  /** Fills in an entry pushed earlier; nothing happens if it was evicted meanwhile. */
  replace(handle: { segment: string[]; index: number }, json: string) {
    const old = handle.segment[handle.index];
    if (old === undefined || !this.segments.includes(handle.segment)) return;
    handle.segment[handle.index] = json;
    this.bytes += json.length - old.length;
  }

  /** Entries in the current segment: the recorder starts a new one before this grows past a share of the limits. */
  get currentSegmentSize() {
    return this.segments[this.segments.length - 1]?.length ?? 0;
  }

  get size() {
    return { entries: this.entries, bytes: this.bytes, segments: this.segments.length };
  }

  toArray(): string[] {
    return this.segments.flat();
  }
}
