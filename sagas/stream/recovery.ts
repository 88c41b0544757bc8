import { call, put, select } from 'typed-redux-saga';
import type { MediaEvent } from '../../src/shared/media';
import { playbackRequests } from '../../src/state/playback';
import { selectAudioFallback, selectRecoveries, streamActions } from '../../src/state/stream';
import { systemActions } from '../../src/state/system';
import { newErrorId } from '../lib/errorId';
import { networkTypeOf } from '../../src/stream/network';
import { getPorts } from '../lib/context';

/** hls.js error details that SPEC.md section 8 makes fatal: the manifest itself is unusable. */
const MANIFEST_FAILURES = new Set([
  'manifestLoadError',
  'manifestLoadTimeOut',
  'manifestParsingError',
]);
/** hls.js error details of an alternate audio or a subtitle track: the film can play on without it. */
const AUDIO_TRACK_FAILURES = new Set(['audioTrackLoadError', 'audioTrackLoadTimeOut']);
const SUBTITLE_FAILURES = new Set(['subtitleTrackLoadError', 'subtitleTrackLoadTimeOut']);
export const MAX_MEDIA_RECOVERIES = 2;
/** hls.js has retried each load already (src/stream/loadPolicies.ts): one reload more, then the message */
export const MAX_NETWORK_RECOVERIES = 1;

/**
 * Reports every engine error (its type, the network type from the bandwidth, the buffer), and for a
 * fatal one follows hls.js's documented recovery: recoverMediaError for media errors, startLoad after
 * a growing pause for network errors; past the budget, or for a broken manifest, the stream has failed.
 */
export type MediaErrorEvent = Extract<MediaEvent, { type: 'error' }>;

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
  if (yield* fellBackFromTrack(event)) return;
  // counted in the state (streamActions.recovering), so a restarted actor keeps the count
  const budget = yield* select(selectRecoveries);
  if (event.kind === 'media' && budget.media < MAX_MEDIA_RECOVERIES) {
    yield* put(streamActions.recovering());
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
    yield* put(streamActions.recovering());
    yield* call([clock, clock.sleep], 1000 * 2 ** budget.network);
    yield* call([media, media.recover], 'network' as const);
    return;
  }
  yield* failStream(`Stream failed: ${event.details}`);
}

/** The stream cannot go on: SPEC.md section 8, the viewer is told, with an id to quote, and offered a reload. */
export function* failStream(detail: string) {
  yield* put(streamActions.failed());
  yield* put(
    systemActions.playbackFailed({
      reason: 'unexpected',
      errorId: yield* newErrorId(),
      address: null,
      detail,
    }),
  );
}
