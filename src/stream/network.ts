import type { NetworkType } from '../state/stream';

/** SPEC.md section 8: the network type estimated from the bandwidth, in kbit/s. */
export function networkTypeOf(bandwidthBps: number): NetworkType {
  const kbps = bandwidthBps / 1000;
  if (kbps < 50) return 'gprs';
  if (kbps < 300) return '2g';
  if (kbps < 1000) return '3g';
  if (kbps < 4000) return '4g';
  return 'wifi';
}
