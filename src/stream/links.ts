import type { MasterSource } from '../api/types';
import { originOf, parseAddress } from '../shared/address';

const HTTP = /^https?:\/\//i;

/**
 * SPEC.md sections 3 and 5: a link without an http prefix is prefixed with the origin of `base`
 * (a protocol-relative or javascript: one too: it stays on that origin).
 */
export function withOrigin(link: string, base: string): string {
  if (HTTP.test(link)) return link;
  return `${originOf(base) ?? ''}${link.startsWith('/') ? '' : '/'}${link}`;
}

export const isMasterJson = (path: string) =>
  parseAddress(path, 'http://x')?.pathname.includes('.json') ?? false;

/** The source marked default, else the first (of a checked MasterJson, or the first script's reading). */
export function defaultSource<M extends { sources: readonly Pick<MasterSource, 'isDefault'>[] }>(
  master: M,
): M['sources'][number] | null {
  return master.sources.find((s) => s.isDefault) ?? master.sources[0] ?? null;
}
