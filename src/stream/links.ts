import type { MasterJson, MasterSource } from '../api/types';

const HTTP = /^https?:\/\//i;

/** SPEC.md sections 3 and 5: a link without an http prefix is prefixed with the given origin. */
export function withOrigin(link: string, originOf: string): string {
  if (HTTP.test(link)) return link;
  const origin = new URL(originOf).origin;
  return `${origin}${link.startsWith('/') ? '' : '/'}${link}`;
}

export const isMasterJson = (path: string) => new URL(path, 'http://x').pathname.includes('.json');

export function defaultSource(master: MasterJson): MasterSource | null {
  return master.sources.find((s) => s.isDefault) ?? master.sources[0] ?? null;
}

export function isMasterJsonShape(data: unknown): data is MasterJson {
  const m = data as MasterJson | null;
  return (
    !!m &&
    Array.isArray(m.sources) &&
    m.sources.every((s) => typeof s?.link === 'string') &&
    (m.subtitles === undefined || Array.isArray(m.subtitles))
  );
}
