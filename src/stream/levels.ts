import type { MediaLevel } from '../shared/media';

/** The engine's last bandwidth estimate, remembered for the next session's first level. */
export const BANDWIDTH_KEY = 'player-bandwidth';

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
