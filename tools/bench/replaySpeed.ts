// How fast a long session replays: virtual session time per wall-clock time of the replay.
import { replayLog } from '../replay/replay';
import { recordLongSession } from './longSession';

export async function measureReplaySpeed(minutes: number, runs: number) {
  const log = await recordLongSession(minutes);
  const speeds: number[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await replayLog(log);
    if (!result.ok)
      throw new Error(`The long session did not replay: ${result.divergence?.reason}`);
    speeds.push(result.virtualMs / result.wallMs);
  }
  return { speeds, entries: log.entries.length, virtualMinutes: minutes };
}
