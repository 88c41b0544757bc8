import type { MediaLevel } from '../shared/media';

/** The engine's last bandwidth estimate, remembered for the next session's first level. */
export const BANDWIDTH_KEY = 'player-bandwidth';

/** The level of a height the viewer chose before; -1 (automatic) when the stream has no such height. */
export function levelOfHeight(levels: readonly MediaLevel[], height: number | null): number {
  return height === null ? -1 : levels.findIndex((l) => l.height === height);
}
