import { buffers, eventChannel } from 'redux-saga';
import { call, put, select, spawn, take } from 'typed-redux-saga';
import type { MediaEvent } from '../../src/shared/media';
import { playbackRequests, selectPlayedSeconds } from '../../src/state/playback';
import type { PlayerState } from '../../src/state';
import {
  selectAudioFallback,
  selectStreamUrl,
  streamActions,
  streamRequests,
} from '../../src/state/stream';
import {
  selectDryAtMs,
  selectFailedSources,
  selectHealthPhase,
  selectHealthReason,
  selectRecoveries,
  selectRetryDueAtMs,
  selectRetryPending,
  streamHealthActions,
} from '../../src/state/streamHealth';
import {
  DRY_S,
  nextStep,
  type FailureFacts,
  type FailureSubject,
  type NetworkState,
} from '../../src/stream/failurePolicy';
import { selectFailure, systemActions } from '../../src/state/system';
import { newErrorId } from '../lib/errorId';
import { networkTypeOf } from '../../src/stream/network';
import { protectionProblemOf, type ProtectionProblem } from '../../src/stream/protection';
import { getPorts } from '../lib/context';
import { NETWORK_WAIT_LIMIT_MS, networkState, waitForNetwork } from './networkWait';

const selectEnded = (s: { media: { ended: boolean } }) => s.media.ended;
const selectPosition = (s: { media: { currentTime: number } }) => s.media.currentTime;
const selectManifestLoaded = (s: { stream: { levels: unknown[] } }) => s.stream.levels.length > 0;
/** the viewer has seen the film (of this source, or of another before a source switch) */
const selectStarted = (s: { media: { started: boolean; playedSeconds: number } }) =>
  s.media.started || s.media.playedSeconds > 0;

/** hls.js error details that SPEC.md section 8 makes fatal: the manifest itself is unusable. */
const MANIFEST_FAILURES = new Set([
  'manifestLoadError',
  'manifestLoadTimeOut',
  'manifestParsingError',
]);
/** hls.js error details of an alternate audio or a subtitle track: the film can play on without it. */
const AUDIO_TRACK_FAILURES = new Set(['audioTrackLoadError', 'audioTrackLoadTimeOut']);
const SUBTITLE_FAILURES = new Set(['subtitleTrackLoadError', 'subtitleTrackLoadTimeOut']);

export type MediaErrorEvent = Extract<MediaEvent, { type: 'error' }> & {
  /** the engine went silent while the film waited (the stall watch's verdict, no load failed) */
  silent?: boolean;
};

function subjectOf(event: MediaErrorEvent, manifestLoaded: boolean): FailureSubject {
  if (event.kind === 'media') return 'media';
  if (event.kind !== 'network') return 'other';
  // an engine silent before the manifest came: the manifest hangs (its own time limit is longer)
  if (MANIFEST_FAILURES.has(event.details) || (event.silent && !manifestLoaded)) return 'manifest';
  if (event.track?.kind === 'subtitles' || SUBTITLE_FAILURES.has(event.details)) return 'subtitles';
  if (event.track?.kind === 'audio' || AUDIO_TRACK_FAILURES.has(event.details)) return 'audio';
  return 'load';
}

const selectSources = (s: PlayerState) => ({
  count: s.stream.sources.length,
  current: s.stream.sourceIndex,
});

/** The next source of the episode that has not failed, after the current one (null: none left). */
function* nextSource() {
  const { count, current } = yield* select(selectSources);
  const failed = yield* select(selectFailedSources);
  for (let step = 1; step < count; step++) {
    const index = (current + step) % count;
    if (!failed.includes(index)) return index;
  }
  return null;
}

/** The retry's wait, then the loads taken up again from the playhead, if still wanted then. */
function* resumeLoadsAfter(afterMs: number, stream: string | null) {
  const { media, clock } = yield* getPorts();
  yield* call([clock, clock.sleep], afterMs);
  // another stream, the message or a wait for the network came meanwhile: not this retry's
  if (stream !== (yield* select(selectStreamUrl))) return;
  if ((yield* select(selectRetryDueAtMs)) === null) return;
  yield* put(streamHealthActions.loadResumed());
  yield* call([media, media.recover], 'network' as const);
}

/** A retry of the loads is waiting its turn. */
export function* retryPending() {
  const { clock } = yield* getPorts();
  const now = yield* call([clock, clock.now]);
  return yield* select(selectRetryPending, now);
}

/** What the policy is told of this failure (src/stream/failurePolicy.ts). */
function* factsOf(event: MediaErrorEvent, subject: FailureSubject, network: NetworkState) {
  const { media, clock, rng } = yield* getPorts();
  const sample = yield* call([media, media.sample]);
  const bufferAheadS = Math.max(0, sample.bufferedEnd - sample.currentTime);
  const dryAtMs = yield* select(selectDryAtMs);
  const now = yield* call([clock, clock.now]);
  const audio = yield* select(selectAudioFallback);
  const failedAudio = event.track?.id ?? audio.current;
  const facts: FailureFacts = {
    subject,
    network,
    bufferAheadS,
    paused: sample.paused,
    started: yield* select(selectStarted),
    attempts: yield* select(selectRecoveries),
    dryForMs: bufferAheadS < DRY_S && dryAtMs !== null ? now - dryAtMs : 0,
    sourceLeft: (yield* nextSource()) !== null,
    audioFallback: audio.first !== null && audio.first !== failedAudio,
    random: yield* call([rng, rng.next]),
  };
  return { facts, now };
}

/** Subtitles off, or the stream's first audio for the alternate that failed; loading goes on. */
function* dropTrack(subject: FailureSubject) {
  const { media } = yield* getPorts();
  if (subject === 'subtitles') yield* call([media, media.setSubtitleTrack], -1);
  else {
    const audio = yield* select(selectAudioFallback);
    if (audio.first !== null) yield* call([media, media.setAudioTrack], audio.first);
  }
  yield* call([media, media.recover], 'network' as const);
}

/**
 * The source kept failing: the episode goes on from the next one at the same position (the stream
 * actor's source switch keeps the time, the play and the played time), told to analytics and the
 * flight log with the failure that made it.
 */
function* switchSource(event: MediaErrorEvent) {
  const to = yield* nextSource();
  if (to === null) {
    yield* failStream(`Stream failed: ${event.details}, no source left`);
    return;
  }
  const { current } = yield* select(selectSources);
  yield* put(streamHealthActions.sourceFallback({ from: current, to, details: event.details }));
  yield* put(
    streamActions.errorOccurred({
      fatal: false,
      kind: event.kind,
      errorType: event.kind === 'network' ? 'network' : 'other',
      details: `sourceFallback: ${event.details}`,
      networkType: networkTypeOf(event.bandwidth),
      bufferLength: event.bufferLength,
    }),
  );
  yield* put(streamRequests.sourceRequested({ index: to }));
}

/**
 * Reports every engine error (its type, the network type from the bandwidth, the buffer), and for a
 * fatal one carries out the policy's next step (src/stream/failurePolicy.ts): a track given up, the
 * media recovered, the network waited for, the loads tried again after a growing wait, the next
 * source, or the message.
 */
export function* handleStreamError(event: MediaErrorEvent) {
  const { media } = yield* getPorts();
  yield* put(
    streamActions.errorOccurred({
      fatal: event.fatal,
      kind: event.kind,
      errorType: event.kind === 'network' ? 'network' : 'other',
      details: event.details,
      networkType: networkTypeOf(event.bandwidth),
      bufferLength: event.bufferLength,
      ...(event.keySystem ? { keySystem: event.keySystem } : {}),
      ...(event.licenseStatus === undefined ? {} : { licenseStatus: event.licenseStatus }),
    }),
  );
  if (!event.fatal) return;
  const subject = subjectOf(event, yield* select(selectManifestLoaded));
  let network: NetworkState = 'reachable';
  if (event.kind === 'network') {
    // one incident at a time: the wait under way resumes the loads when the network is back, and
    // a retry already waiting its turn loads again for this failure too
    if ((yield* select(selectHealthPhase)) === 'waitingForNetwork') return;
    if (yield* retryPending()) return;
    const stream = yield* select(selectStreamUrl);
    network = yield* networkState(event);
    // another stream loaded during the probe, the browser said it is offline meanwhile, or a
    // retry was decided by another failure: this error is not news
    if (stream !== (yield* select(selectStreamUrl))) return;
    if ((yield* select(selectHealthPhase)) === 'waitingForNetwork') return;
    if (yield* retryPending()) return;
  }
  const { facts, now } = yield* factsOf(event, subject, network);
  const next = nextStep(facts);
  const atPlayedS = yield* select(selectPlayedSeconds);
  switch (next.step) {
    case 'waitForNetwork':
      yield* put(streamHealthActions.networkLost({ details: event.details }));
      return;
    case 'dropTrack':
      yield* dropTrack(subject);
      return;
    case 'recoverMedia': {
      yield* put(streamHealthActions.recovering({ kind: 'media', atPlayedS }));
      // hls.js attaches the element afresh, which stops it and cuts a pending play() short: the
      // film that was playing, or about to, is asked to play again (else it would wait at 0)
      const { paused } = yield* call([media, media.sample]);
      yield* call([media, media.recover], 'media' as const);
      if (!paused) yield* put(playbackRequests.playRequested());
      return;
    }
    case 'retry': {
      const dry = facts.bufferAheadS < DRY_S && !facts.paused;
      yield* put(
        streamHealthActions.recovering({
          kind: 'network',
          atPlayedS,
          afterMs: next.afterMs,
          atMs: now,
          dry,
        }),
      );
      // detached: a stall watch that asked for it ends with the film's next playing or pause,
      // and the retry must still come (it checks it is still wanted when its time comes)
      yield* spawn(resumeLoadsAfter, next.afterMs, yield* select(selectStreamUrl));
      return;
    }
    case 'switchSource':
      yield* switchSource(event);
      return;
    case 'fail': {
      const license =
        event.licenseStatus === undefined
          ? ''
          : ` (${event.keySystem ?? 'license'}: license answered ${event.licenseStatus})`;
      yield* failStream(
        `Stream failed: ${event.details}${license}`,
        protectionProblemOf(event.details, event.licenseStatus),
      );
    }
  }
}

/**
 * The stream actor's one owner of the waits for the network: each `networkLost` is waited out here,
 * in turn, so no other task's end (a stall watch's, an error handler's) cuts a wait short; an actor
 * started again in the middle of one takes it up. Past its limit, the message.
 */
export function* waitOutNetworkLosses() {
  for (;;) {
    if ((yield* select(selectHealthPhase)) !== 'waitingForNetwork') {
      yield* take(streamHealthActions.networkLost);
      // (a loss told after the message is up changes nothing)
      if ((yield* select(selectHealthPhase)) !== 'waitingForNetwork') continue;
    }
    const outcome = yield* waitForNetwork();
    if (outcome === 'gaveUp')
      yield* failStream(
        `Stream failed: ${yield* select(selectHealthReason)}, the network away ${NETWORK_WAIT_LIMIT_MS / 60_000} minutes`,
      );
  }
}

/**
 * The browser's online and offline events, told as actions (the one subscription to them: a wait
 * for the network takes its `online` from here). When it says the network is gone, that is waited
 * for at once, so the viewer is told as soon as the film runs dry (hls.js 1.7 itself only pauses its
 * loads while offline, which would leave a plain spinner until the stall watch's 10 s).
 */
export function* watchConnection() {
  const { connection } = yield* getPorts();
  const changes = eventChannel<{ online: boolean }>(
    (emit) => connection.subscribe((e) => emit({ online: e.online })),
    buffers.sliding(2),
  );
  try {
    for (;;) {
      const { online } = yield* take(changes);
      yield* put(streamHealthActions.connectionChanged({ online }));
      if (online) continue;
      const phase = yield* select(selectHealthPhase);
      // nothing loaded yet, the message is up, or a wait is under way: nothing more to do
      if (phase === 'idle' || phase === 'failed' || phase === 'waitingForNetwork') continue;
      // an ended film has nothing to load
      if (yield* select(selectEnded)) continue;
      yield* put(streamHealthActions.networkLost({ details: 'offline' }));
    }
  } finally {
    changes.close();
  }
}

/** The stream cannot go on: SPEC.md section 8, the viewer is told, with an id to quote, and offered a reload. */
export function* failStream(detail: string, protection: ProtectionProblem | null = null) {
  // two failures decided at once (both waited for a probe): the viewer has the first's id
  if (yield* select(selectFailure)) return;
  const { media } = yield* getPorts();
  const { currentTime } = yield* call([media, media.sample]);
  // the element's own time, or the state's when the element was just attached afresh (a source
  // switch keeps the position there): the reload takes the same episode up from it
  const at = Math.max(currentTime, yield* select(selectPosition));
  yield* put(streamHealthActions.failed());
  yield* put(
    systemActions.playbackFailed({
      reason: 'unexpected',
      errorId: yield* newErrorId(),
      address: null,
      detail,
      // the reload button takes the film up from here (src/app/reloadAfterFailure.ts)
      atS: Math.floor(at),
      ...(protection ? { protection } : {}),
    }),
  );
}
