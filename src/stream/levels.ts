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
 * The highest level automatic quality may use under a height (hls.js autoLevelCapping); the lowest
 * level when every one is taller, -1 (no cap) without a height.
 */
export function levelCapOf(levels: readonly MediaLevel[], maxHeight: number | null): number {
  if (maxHeight === null || levels.length === 0) return -1;
  const heights = levels.map((l) => l.height);
  const fitting = heights.filter((h) => h <= maxHeight);
  const height = fitting.length ? Math.max(...fitting) : Math.min(...heights);
  return heights.lastIndexOf(height);
}
