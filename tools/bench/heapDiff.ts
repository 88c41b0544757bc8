// What a heap grew by between two snapshots, by kind of object: the long session's answer to "what
// is the rest of the growth" (BENCH_HEAP_DIFF=1 npm run bench -- session prints it).
import type { CDPSession } from 'puppeteer-core';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export type HeapSummary = Map<string, { count: number; bytes: number }>;

/** A heap snapshot of the page, after two garbage collections. */
export async function takeSnapshot(cdp: CDPSession): Promise<HeapSummary> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  return summarize(JSON.parse(chunks.join('')) as Snapshot);
}

/** Self sizes by kind: objects by constructor, the rest by their type (strings, code, arrays...). */
export function summarize({ snapshot, nodes, strings }: Snapshot): HeapSummary {
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const [typeAt = 0, nameAt = 1, sizeAt = 3] = ['type', 'name', 'self_size'].map((f) =>
    fields.indexOf(f),
  );
  const field = (node: number, at: number) => nodes[node + at] ?? 0;
  const summary: HeapSummary = new Map();
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[field(i, typeAt)] ?? '?';
    const key =
      type === 'object' || type === 'closure' || type === 'native' || type === 'code'
        ? `${type} ${strings[field(i, nameAt)]}`
        : type;
    const entry = summary.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += field(i, sizeAt);
    summary.set(key, entry);
  }
  return summary;
}

/** The kinds that grew most, in bytes, a line each. */
export function growth(before: HeapSummary, after: HeapSummary, top = 15): string[] {
  return [...after]
    .map(([key, a]) => {
      const b = before.get(key) ?? { count: 0, bytes: 0 };
      return { key, bytes: a.bytes - b.bytes, count: a.count - b.count };
    })
    .sort((x, y) => y.bytes - x.bytes)
    .slice(0, top)
    .map(
      (g) =>
        `${(g.bytes / 1024).toFixed(0).padStart(7)} KB ${String(g.count).padStart(7)}  ${g.key}`,
    );
}
