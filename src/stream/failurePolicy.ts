// What the stream actor does about a failure, decided in one place: given the failure, the film
// buffered ahead, the network's state, the attempts so far and the sources left, the next step.
// Pure, so every rule is a row of a table test (test/unit/stream/failurePolicy.test.ts); the
// stream actor only carries the step out (sagas/stream/recovery.ts). docs/reliability.md tells
// these rules as a viewer meets them.

/**
 * What failed: the manifest, any other load (a segment, level playlist, key), a track, the media,
 * or something else of the engine's (a key system, a muxer: hls.js's OTHER_ERROR).
 */
export type FailureSubject = 'manifest' | 'load' | 'audio' | 'subtitles' | 'media' | 'other';

/**
 * What the network is like for this failure: the browser offline; no answer from the stream's host
 * nor from the player's own services (the viewer's network is gone); the stream's host alone not
 * answering while the services do (a CDN edge down); or the host answering (an HTTP error, a hang).
 */
export type NetworkState = 'offline' | 'unreachable' | 'hostDown' | 'reachable';

export interface FailureFacts {
  subject: FailureSubject;
  network: NetworkState;
  /** seconds of film buffered ahead of the playhead */
  bufferAheadS: number;
  /** the film is paused: it waits for the viewer, and is never given up on */
  paused: boolean;
  /** the film has shown its first frame (before it, nothing was ever buffered to play out) */
  started: boolean;
  /** what this incident has spent: media recoveries, load retries */
  attempts: { media: number; network: number };
  /** how long the film has waited with nothing buffered in this incident, in ms (0: not dry) */
  dryForMs: number;
  /** another source of the episode that has not failed */
  sourceLeft: boolean;
  /** an alternate audio failed and the stream's first audio can take its place */
  audioFallback: boolean;
  /** a number in [0, 1) from the rng port: the jitter of the wait */
  random: number;
}

export type Step =
  /** subtitles off, or the stream's first audio instead of the alternate that failed */
  | { step: 'dropTrack' }
  /** hls.js's media recovery: the element attached afresh */
  | { step: 'recoverMedia' }
  /** the viewer's network is gone: wait for it with the connection line (networkWait.ts) */
  | { step: 'waitForNetwork' }
  /** load again from the playhead after the wait */
  | { step: 'retry'; afterMs: number }
  /** the next source of the episode, at the same position */
  | { step: 'switchSource' }
  /** the message with its id */
  | { step: 'fail' };

/** Media recoveries per incident, the way hls.js documents them. */
export const MAX_MEDIA_RECOVERIES = 2;
/**
 * How long a film that has run dry keeps trying before the message: at least a minute, and longer
 * than bare hls.js's own retry window with its defaults (a segment: six retries 1 + 2 + 4 + 8 + 8 +
 * 8 s apart, 31 s; a host that hangs: five tries of 10 s each, 50 s), so no outage bare hls.js
 * rides out ends this player's session.
 */
export const LOAD_WAIT_LIMIT_MS = 90_000;
/**
 * Before the first frame the viewer has seen nothing and waits for the film to start: a host that
 * fails for half a minute at the start is the message (hls.js's own retries and one more round of
 * the player's before it), rather than a minute and a half of spinner.
 */
export const START_WAIT_LIMIT_MS = 30_000;
/** The first wait before loading again, doubled each retry up to the longest, then jittered. */
export const FIRST_RETRY_MS = 1_000;
export const LONGEST_RETRY_MS = 8_000;
/** ± this share of each wait, so players behind one CDN edge do not all come back at once */
export const RETRY_JITTER = 0.25;
/**
 * With another source at hand, the failing one is left after this many retries once the film has
 * less than SWITCH_AHEAD_S buffered: a blip is ridden out on the same source, an outage is not
 * allowed to empty the buffer.
 */
export const SWITCH_AFTER_RETRIES = 2;
export const SWITCH_AHEAD_S = 10;
/** Less than this buffered ahead: the film has run dry. */
export const DRY_S = 1;

/** The wait before the retry after `attempts` of them: growing, capped, jittered. */
export function retryDelayMs(attempts: number, random: number): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** attempts, LONGEST_RETRY_MS);
  return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random));
}

const fallBackOr = (facts: FailureFacts): Step =>
  facts.sourceLeft ? { step: 'switchSource' } : { step: 'fail' };

function loadStep(facts: FailureFacts): Step {
  const { attempts, bufferAheadS, paused, dryForMs, sourceLeft } = facts;
  if (sourceLeft && attempts.network >= SWITCH_AFTER_RETRIES && bufferAheadS < SWITCH_AHEAD_S)
    return { step: 'switchSource' };
  const limit = facts.started ? LOAD_WAIT_LIMIT_MS : START_WAIT_LIMIT_MS;
  if (!paused && bufferAheadS < DRY_S && dryForMs >= limit) return fallBackOr(facts);
  return { step: 'retry', afterMs: retryDelayMs(attempts.network, facts.random) };
}

/** The next step for a fatal failure. */
export function nextStep(facts: FailureFacts): Step {
  const { subject, network } = facts;
  // a dubbing or the film is not given up for a network that is away: waited for, whatever failed
  if (
    subject !== 'media' &&
    subject !== 'other' &&
    (network === 'offline' || network === 'unreachable')
  )
    return { step: 'waitForNetwork' };
  switch (subject) {
    case 'subtitles':
      return { step: 'dropTrack' };
    case 'audio':
      return facts.audioFallback ? { step: 'dropTrack' } : loadStep(facts);
    case 'media':
      return facts.attempts.media < MAX_MEDIA_RECOVERIES
        ? { step: 'recoverMedia' }
        : fallBackOr(facts);
    case 'manifest':
      // SPEC.md section 8: a manifest that cannot be had is fatal (hls.js retried it already)
      return { step: 'fail' };
    case 'other':
      // nothing the player can retry: another source may play, else the message
      return fallBackOr(facts);
    case 'load':
      return loadStep(facts);
  }
}
