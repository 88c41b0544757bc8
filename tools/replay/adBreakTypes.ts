// What the log tells of a session's ad breaks (adBreaks.ts): each break, its ads, their statuses,
// the tracking URLs their VAST lists, the beacons they fired and their SIMID creatives' messages.
import type { AdEndStatus, AdStatus, BreakKind } from '../../src/state/ads';
import type { VastErrorCode, VastOffset } from '../../src/vast/model';

/** Where in the log: an entry's time and seq, and its place in log.entries. */
export interface At {
  t: number;
  seq: number;
  index: number;
}

/** One tracking URL of an ad, as the ad's tracking keys it (sagas/ads/tracking.ts). */
export interface TrackingUrl {
  /** the key the player fires it under, once per ad: the event, or progress-<n> for each progress */
  key: string;
  /** the VAST event, with a progress event's offset: 'start', 'progress@3s', 'error' */
  label: string;
  event: string;
  offset: VastOffset | null;
  /** the URL as the VAST document has it, macros and all */
  template: string;
  /** the URLs it becomes once its macros are filled in */
  pattern: RegExp;
  /** a verificationNotExecuted URL's Verification: its place in the ad's verifications, its vendor */
  verification?: { index: number; vendor: string | null };
  /** an iconView or iconClick URL's icon: its place in the ad's icons, its program */
  icon?: { index: number; program: string | null };
}

export interface FiredBeacon extends At {
  url: string;
  /** the tracking URLs of the ad it can be (none when the ad's VAST is not in the log) */
  matches: TrackingUrl[];
}

/** One SIMID message of an ad's creative, either way, where the log has it. */
export interface SimidMessageAt extends At {
  /** out: the player's, to the creative; in: the creative's */
  dir: 'in' | 'out';
  /**
   * its type without SIMID's prefix ("Player:init", "Creative:clickThru", "createSession"); an
   * answer names the message it answers: "resolve(Player:init)"
   */
  name: string;
}

/** An ad's SIMID creative (ads/simidLoading on), as the log tells it. */
export interface SimidRun {
  /** the creative's page; null for one already on where the log starts */
  url: string | null;
  messages: SimidMessageAt[];
  /** ads/simidShown: it answered startCreative, and showed */
  shown: At | null;
  /** ads/simidFailed: gone, the ad played on as its plain video */
  failed: (At & { code: number | null; message: string }) | null;
}

export interface AdRun {
  /** its place in the break, from 0 */
  index: number;
  vastUrl: string;
  id: string | null;
  title: string;
  vpaid: boolean;
  /** its SIMID creative, for an ad that ran one */
  simid: SimidRun | null;
  /** the longest duration the ad told, seconds (0 while unknown) */
  durationSec: number;
  /** ads/adCreated; or the log's first checkpoint, for an ad already on there (fromCheckpoint) */
  created: At;
  fromCheckpoint: boolean;
  /** each status the ad took, in order, from created on (its end status last) */
  statuses: (At & { status: AdStatus })[];
  /** its end (adEnded), or where it was cut short: status null, and `cut` says by what */
  ended: (At & { status: AdEndStatus | null; cut: string | null }) | null;
  error: { code: VastErrorCode; message: string } | null;
  /** the ad's tracking URLs from its VAST chain; null when the chain is not in the log */
  tracking: TrackingUrl[] | null;
  beacons: FiredBeacon[];
  /** the entries of the ad: log.entries[from..to] */
  from: number;
  to: number;
}

export interface AdBreak {
  kind: BreakKind;
  requested: At | null;
  /**
   * breakStarted, or the log's first checkpoint for a break already on there (fromCheckpoint: the
   * log's front was dropped); null for a break that had nothing to play (breakPassed)
   */
  started: At | null;
  fromCheckpoint: boolean;
  /** reason: why it passed, or 'the ad actor crashed'; null when it ended (breakEnded) */
  ended: (At & { how: 'ended' | 'passed' | 'crashed'; reason: string | null }) | null;
  total: number;
  /** where the film was, seconds */
  contentTime: number;
  episodeId: number | null;
  ads: AdRun[];
}
