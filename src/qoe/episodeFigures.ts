// An episode's quality-of-experience figures from its tallies (src/state/qoe.ts): as a host page
// gets them (`getQoe`) and as the videoplayer_qoe event's fields.
import type { PlaybackQuality } from '../shared/media';
import type { HostQoe } from '../shared/protocol';
import type { QoeState } from '../state/qoe';
import { adFill, averageBitrate, elapsedMs, meanMs, rebufferRatio, stalledMs } from './figures';

/** The episode's figures as a host page gets them (`getQoe`): the host protocol's. */
export type QoeFigures = HostQoe;

/**
 * The figures now: the tallies, the clock now (a stall still on counts up to it), the seconds the
 * film has been watched (media.playedSeconds: not paused, stalls included), the element's frames and
 * the stream's bandwidth estimate as last kept (bits/s).
 */
export function qoeFigures(
  s: QoeState,
  nowMs: number,
  watchedSec: number,
  frames: PlaybackQuality,
  bandwidth: number | null = null,
): QoeFigures {
  const stalled = Math.round(stalledMs(s.stalledMs, s.stallSinceMs, nowMs));
  const openLevelSec = s.bitrate === null ? 0 : Math.max(0, watchedSec - s.bitrateSinceSec);
  const secondsByLevel = { ...s.secondsByLevel };
  if (s.levelLabel !== null && openLevelSec > 0)
    secondsByLevel[s.levelLabel] = (secondsByLevel[s.levelLabel] ?? 0) + openLevelSec;
  return {
    ttffMs: elapsedMs(s.intentAtMs, s.firstFrameAtMs),
    ttffContentMs: elapsedMs(s.intentAtMs, s.contentFirstFrameAtMs),
    rebufferCount: s.stalls,
    rebufferMs: stalled,
    rebufferRatio: rebufferRatio(stalled, watchedSec * 1000),
    watchedSec,
    droppedFrames: s.framesBefore.dropped + frames.dropped,
    totalFrames: s.framesBefore.total + frames.total,
    averageBitrate: averageBitrate(
      s.bitSeconds + (s.bitrate ?? 0) * openLevelSec,
      s.levelSeconds + openLevelSec,
    ),
    levelSwitches: s.levelSwitches,
    secondsByLevel,
    bandwidthEstimate: bandwidth === null ? null : Math.round(bandwidth),
    adsAsked: s.adsAsked,
    adsPlayed: s.adsPlayed,
    adFill: adFill(s.adsPlayed, s.adsAsked),
    adStartMs: meanMs(s.adStartTotalMs, s.adStarts),
  };
}

/** The figures as the videoplayer_qoe event's fields (snake case, as the other events' are). */
export const qoeEventFields = (f: QoeFigures) => ({
  ttff_ms: f.ttffMs,
  ttff_content_ms: f.ttffContentMs,
  rebuffer_count: f.rebufferCount,
  rebuffer_ms: f.rebufferMs,
  rebuffer_ratio: f.rebufferRatio,
  watched_sec: f.watchedSec,
  dropped_frames: f.droppedFrames,
  total_frames: f.totalFrames,
  avg_bitrate: f.averageBitrate,
  level_switches: f.levelSwitches,
  seconds_by_level: f.secondsByLevel,
  bandwidth_estimate: f.bandwidthEstimate,
  ads_asked: f.adsAsked,
  ads_played: f.adsPlayed,
  ad_fill: f.adFill,
  ad_start_ms: f.adStartMs,
});
