import { buffers, eventChannel } from 'redux-saga';
import { call, put, select, take } from 'typed-redux-saga';
import type { MediaEvent } from '../../src/shared/media';
import { playbackRequests, selectPlayedSeconds } from '../../src/state/playback';
import { selectAudioFallback, selectStreamUrl, streamActions } from '../../src/state/stream';
import {
  selectHealthPhase,
  selectHealthReason,
  selectRecoveries,
  streamHealthActions,
} from '../../src/state/streamHealth';
import { systemActions } from '../../src/state/system';
import { newErrorId } from '../lib/errorId';
import { networkTypeOf } from '../../src/stream/network';
import { getPorts } from '../lib/context';
import { NETWORK_WAIT_LIMIT_MS, networkGone, waitForNetwork } from './networkWait';

const selectEnded = (s: { media: { ended: boolean } }) => s.media.ended;

/** hls.js error details that SPEC.md section 8 makes fatal: the manifest itself is unusable. */
const MANIFEST_FAILURES = new Set([
  'manifestLoadError',
  'manifestLoadTimeOut',
  'manifestParsingError',
]);
/** hls.js error details of an alternate audio or a subtitle track: the film can play on without it. */
const AUDIO_TRACK_FAILURES = new Set(['audioTrackLoadError', 'audioTrackLoadTimeOut']);
const SUBTITLE_FAILURES = new Set(['subtitleTrackLoadError', 'subtitleTrackLoadTimeOut']);
/** Reloads per incident (the budget refills once the film plays on: src/state/streamHealth.ts). */
export const MAX_MEDIA_RECOVERIES = 2;
/** hls.js has retried each load already (src/stream/loadPolicies.ts): one reload more, then the message */
export const MAX_NETWORK_RECOVERIES = 1;

export type MediaErrorEvent = Extract<MediaEvent, { type: 'error' }> & {
  /** the engine went silent while the film waited (the stall watch's verdict, no load failed) */
  silent?: boolean;
};

/**
 * A track that cannot be loaded is not the film: subtitles go off, an alternate audio gives way to
 * the stream's first one, and loading goes on (reported only, docs/reliability.md). The first audio
 * itself failing is the stream failing. True when it fell back.
 */
function* fellBackFromTrack(event: MediaErrorEvent) {
  const { media } = yield* getPorts();
  const kind = event.track?.kind;
  if (kind === 'subtitles' || SUBTITLE_FAILURES.has(event.details)) {
    yield* call([media, media.setSubtitleTrack], -1);
  } else if (kind === 'audio' || AUDIO_TRACK_FAILURES.has(event.details)) {
    // the track that failed: the one it names, else the one playing
    const audio = yield* select(selectAudioFallback);
    const failed = event.track?.id ?? audio.current;
    if (audio.first === null || audio.first === failed) return false;
    yield* call([media, media.setAudioTrack], audio.first);
  } else return false;
  yield* call([media, media.recover], 'network' as const);
  return true;
}

/**
 * Reports every engine error (its type, the network type from the bandwidth, the buffer), and for a
 * fatal one: a network that is gone is waited for (networkWait.ts); otherwise hls.js's documented
 * recovery: recoverMediaError for media errors, startLoad after a growing pause for network errors;
 * past the budget, or for a broken manifest, the stream has failed.
 */
export function* handleStreamError(event: MediaErrorEvent) {
  const { media, clock } = yield* getPorts();
  yield* put(
    streamActions.errorOccurred({
      fatal: event.fatal,
      kind: event.kind,
      errorType: event.kind === 'network' ? 'network' : 'other',
      details: event.details,
      networkType: networkTypeOf(event.bandwidth),
      bufferLength: event.bufferLength,
    }),
  );
  if (!event.fatal) return;
  if (event.kind === 'network') {
    // one incident at a time: the wait under way resumes the loads when the network is back
    if ((yield* select(selectHealthPhase)) === 'waitingForNetwork') return;
    // (before any track's fallback: a dubbing is not given up for a network that is away)
    const stream = yield* select(selectStreamUrl);
    const gone = yield* networkGone(event);
    // another stream loaded during the probe: this error is not its news
    if (stream !== (yield* select(selectStreamUrl))) return;
    if (gone) {
      yield* put(streamHealthActions.networkLost({ details: event.details }));
      return;
    }
  }
  if (yield* fellBackFromTrack(event)) return;
  // counted in the state (streamHealthActions.recovering), so a restarted actor keeps the count
  const budget = yield* select(selectRecoveries);
  if (event.kind === 'media' && budget.media < MAX_MEDIA_RECOVERIES) {
    yield* put(
      streamHealthActions.recovering({
        kind: 'media',
        atPlayedS: yield* select(selectPlayedSeconds),
      }),
    );
    // hls.js attaches the element afresh, which stops it and cuts a pending play() short: the film
    // that was playing, or about to, is asked to play again (else it would wait at 0 for good)
    const { paused } = yield* call([media, media.sample]);
    yield* call([media, media.recover], 'media' as const);
    if (!paused) yield* put(playbackRequests.playRequested());
    return;
  }
  if (
    event.kind === 'network' &&
    !MANIFEST_FAILURES.has(event.details) &&
    budget.network < MAX_NETWORK_RECOVERIES
  ) {
    yield* put(
      streamHealthActions.recovering({
        kind: 'network',
        atPlayedS: yield* select(selectPlayedSeconds),
      }),
    );
    yield* call([clock, clock.sleep], 1000 * 2 ** budget.network);
    yield* call([media, media.recover], 'network' as const);
    return;
  }
  yield* failStream(`Stream failed: ${event.details}`);
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
export function* failStream(detail: string) {
  yield* put(streamHealthActions.failed());
  yield* put(
    systemActions.playbackFailed({
      reason: 'unexpected',
      errorId: yield* newErrorId(),
      address: null,
      detail,
    }),
  );
}
