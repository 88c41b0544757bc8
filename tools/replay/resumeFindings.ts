// The check of the film after an ad break: it plays again in time, unless it rightly stays paused
// (content-not-resumed).
import { MEDIA_TIMEOUT_MS } from '../../sagas/ads/limits';
import type { MediaSample } from '../../src/shared/media';
import type { AdBreak, At } from './adBreaks';
import type { Finding } from './finding';
import { breakName, LATE_MS, type Session, type } from './findingSession';
import { secs } from './seconds';

/**
 * After a break the film plays again (SPEC.md section 4: resumed after the ad). It gets what an ad's
 * media file gets to show its first frame (MEDIA_TIMEOUT_MS), counted from when it can play: the
 * break over, the stream attached and the availability check answered.
 */
const RESUME_LIMIT_MS = MEDIA_TIMEOUT_MS + LATE_MS;

// ---- content-not-resumed ----

/** Whether the film was paused when the break began (runBreak keeps a viewer's pause of a mid-roll). */
function filmPausedBefore(s: Session, b: AdBreak): boolean {
  const start = b.started?.index ?? b.ended?.index ?? 0;
  for (let i = start; i >= (b.requested?.index ?? 0); i--) {
    const e = s.at(i).entry;
    if (e.kind === 'call' && e.actor === 'ads' && e.port === 'media' && e.method === 'sample')
      return (e.result as MediaSample).paused;
  }
  return s.at(start).state.media.paused;
}

/** Why the film rightly stays paused after this break's end, if it does. */
function staysPausedBecause(s: Session, b: AdBreak, end: At): string | null {
  const before = s.steps[end.index - 1]?.state ?? s.at(end.index).state;
  const after = s.at(end.index).state;
  if (before.ads.hostHold) return 'the host page paused the player during the break';
  if (b.kind === 'midroll' && b.started && filmPausedBefore(s, b))
    return 'the film was paused before the break';
  if (after.ads.episodeId !== b.episodeId) return 'the episode changed';
  if (after.system.failure) return 'a message is shown';
  return null;
}

/** Actions after a break's end that leave the film paused rightly. */
const RIGHTLY_PAUSED = new Set([
  'playback/pauseRequested',
  'media/autoplayBlocked', // the browser wants the viewer's click
  'system/bootFailed',
  'system/playbackFailed',
  'content/episodeSelected',
  'ads/breakStarted',
]);

/**
 * After a break ended or passed, the film reports playing (or, asked to play, waits for its data:
 * the element waiting, or the stream recovering from a failure) within RESUME_LIMIT_MS of when it
 * can play; unless it rightly stays paused (staysPausedBecause, or a pause, a message, another
 * episode or break, the browser's refusal after it) or the log ends before.
 */
export function contentNotResumed(s: Session): Finding[] {
  const out: Finding[] = [];
  for (const b of s.breaks) {
    if (!b.ended || b.ended.how === 'crashed' || staysPausedBecause(s, b, b.ended)) continue;
    const atEnd = s.at(b.ended.index).state;
    // the film can play once its stream is attached and the availability check has answered
    const waitingFor = new Set<string>();
    if (atEnd.stream.status === 'idle' || atEnd.stream.status === 'loading')
      waitingFor.add('stream/attached');
    if (atEnd.system.available === null) waitingFor.add('system/availabilityKnown');
    let from = b.ended.t;
    let asked: number | null = null;
    let outcome: 'resumed' | 'excused' | 'late' | 'log-ended' = 'log-ended';
    let lateSeq = 0;
    for (let i = b.ended.index + 1; i < s.steps.length; i++) {
      const e = s.at(i).entry;
      if (waitingFor.size === 0 && e.t > from + RESUME_LIMIT_MS) {
        outcome = 'late';
        lateSeq = e.seq;
        break;
      }
      const t = type(e);
      if (!t) continue;
      if (waitingFor.delete(t) && waitingFor.size === 0) from = e.t;
      if (t === 'playback/playRequested') asked ??= e.seq;
      // asked to play, the film waits for its data: the element says so, or the stream recovers
      // from a failure (the first play then waits for the element to be able to play, with no
      // waiting event: startFromFirstFrame.ts); the stall watch and the start policy judge the wait
      const waitsForData = t === 'media/waiting' || t === 'stream/recovering';
      if (t === 'media/playing' || (waitsForData && asked !== null)) {
        outcome = 'resumed';
        break;
      }
      if (RIGHTLY_PAUSED.has(t)) {
        outcome = 'excused';
        break;
      }
    }
    if (outcome !== 'late') continue;
    out.push({
      kind: 'content-not-resumed',
      message:
        `The film did not play again within ${secs(RESUME_LIMIT_MS)} after the ${breakName(b)} ended at ${secs(b.ended.t)}: ` +
        (asked === null
          ? 'no play was asked for'
          : 'a play was asked for, and the film did not start'),
      t: from + RESUME_LIMIT_MS,
      seqs: [b.ended.seq, ...(asked === null ? [] : [asked]), lateSeq],
    });
  }
  return out;
}
