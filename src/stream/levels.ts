import type { MediaLevel } from '../shared/media';

/** The engine's last bandwidth estimate, remembered for the next session's guess before it measures. */
export const BANDWIDTH_KEY = 'player-bandwidth';

/**
 * A remembered estimate older than this says nothing of today's network (a laptop moved from the
 * office to a train, a phone from Wi-Fi to a mobile link): the next session starts as if it had none.
 * Half an hour covers a viewer going from one film to the next on the host's site.
 */
export const BANDWIDTH_FRESH_MS = 30 * 60_000;

/** The estimate as it is kept: with the wall-clock time it was kept at, to tell its age. */
export const keptBandwidth = (bitsPerSecond: number, atMs: number) =>
  JSON.stringify({ bitsPerSecond, atMs });

/** The level of a height the viewer chose before; -1 (automatic) when the stream has no such height. */
export function levelOfHeight(levels: readonly MediaLevel[], height: number | null): number {
  return height === null ? -1 : levels.findIndex((l) => l.height === height);
}

/** With Save-Data on, the automatic choice goes no higher than this, until the viewer picks a quality. */
export const SAVE_DATA_MAX_HEIGHT = 360;

/** The height automatic quality may reach: capped when the viewer saves data and has not picked one. */
export function autoMaxHeight(saveData: boolean, qualityPicked: boolean): number | null {
  return saveData && !qualityPicked ? SAVE_DATA_MAX_HEIGHT : null;
}

/**
 * The cap for automatic quality under a height (hls.js autoLevelCapping, an index: every level at or
 * below it may be used): the highest index whose level and every one before it fit; the lowest
 * level when the first is taller; -1 (no cap) without a height.
 */
export function levelCapOf(levels: readonly MediaLevel[], maxHeight: number | null): number {
  if (maxHeight === null || levels.length === 0) return -1;
  const firstTaller = levels.findIndex((l) => l.height > maxHeight);
  if (firstTaller < 0) return levels.length - 1;
  return Math.max(0, firstTaller - 1);
}
