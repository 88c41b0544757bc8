// Which MediaFile the player plays: the best fit for its size and bandwidth among playable files.
import type { VastMediaFile } from './model';

/** Whether the browser plays this MIME type and codec; VPAID files also carry their apiFramework. */
export type CanPlay = (type: string, codec: string | null, apiFramework: string | null) => boolean;

export interface MediaChoiceOptions {
  width: number;
  height: number;
  /** measured bandwidth in kbit/s, or null when unknown */
  bandwidthKbps: number | null;
  canPlay: CanPlay;
}

const isVpaid = (file: Pick<VastMediaFile, 'apiFramework'>) =>
  file.apiFramework?.toUpperCase() === 'VPAID';

/** A VPAID 2.0 creative: JavaScript that runs in the VPAID frame, not a file the <video> plays. */
export const isVpaidScript = (file: Pick<VastMediaFile, 'type' | 'apiFramework'>) =>
  isVpaid(file) && /javascript/i.test(file.type);

/** How far a file's size is from the player's: files that fit come before larger ones. */
function sizeRank(file: VastMediaFile, width: number, height: number): [number, number] {
  const fits = file.width <= width && file.height <= height;
  const gap = Math.abs(width * height - file.width * file.height);
  return [fits ? 0 : 1, gap];
}

function compare(a: VastMediaFile, b: VastMediaFile, options: MediaChoiceOptions): number {
  // Plain video before VPAID: VPAID is a deprecated framework with more ways to fail.
  const vpaid = Number(isVpaid(a)) - Number(isVpaid(b));
  if (vpaid !== 0) return vpaid;
  const [aFits, aGap] = sizeRank(a, options.width, options.height);
  const [bFits, bGap] = sizeRank(b, options.width, options.height);
  if (aFits !== bFits) return aFits - bFits;
  if (aGap !== bGap) return aGap - bGap;
  // Same size: the higher bitrate looks better and is already known to fit the bandwidth.
  return (b.bitrate ?? -1) - (a.bitrate ?? -1);
}

/**
 * The best playable file, or null when none is (the caller reports 403). Without a known
 * bandwidth any bitrate goes; with one, files above it are used only when nothing else is left.
 * Ties keep document order.
 */
export function chooseMediaFile(
  files: readonly VastMediaFile[],
  options: MediaChoiceOptions,
): VastMediaFile | null {
  const playable = files.filter((file) =>
    options.canPlay(file.type, file.codec, file.apiFramework),
  );
  if (playable.length === 0) return null;
  const { bandwidthKbps } = options;
  let candidates = playable;
  if (bandwidthKbps !== null) {
    const affordable = playable.filter(
      (file) => file.bitrate === null || file.bitrate <= bandwidthKbps,
    );
    if (affordable.length > 0) candidates = affordable;
    else {
      // Everything is above the bandwidth: the lightest files stall least.
      const lowest = Math.min(...playable.map((file) => file.bitrate ?? Infinity));
      candidates = playable.filter((file) => file.bitrate === lowest);
    }
  }
  let best: VastMediaFile | null = null;
  for (const file of candidates) if (!best || compare(file, best, options) < 0) best = file;
  return best;
}
