import type { Action } from 'redux';
import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call, fork, put, race, select, take, takeLatest } from 'typed-redux-saga';
import type { PlayerState } from '../../src/state';
import { selectAutoNext, selectAutoplay } from '../../src/state/resume';
import type { MediaPort } from '../../src/ports/types';
import { NO_HLS_PLAYBACK, type MediaEvent, type StreamEngine } from '../../src/shared/media';
import { contentHeldByAds, selectAds } from '../../src/state/ads';
import { contentActions } from '../../src/state/content';
import { mediaActions, playbackRequests, selectMedia } from '../../src/state/playback';
import { selectCurrentEpisode, selectNextEpisode } from '../../src/state/selectors';
import {
  streamActions,
  streamRequests,
  selectBandwidth,
  selectPreferredHeight,
  selectAutoMaxHeight,
  selectRate,
  selectLoadedStream,
  selectStreamLoop,
  selectStreamStatus,
} from '../../src/state/stream';
import {
  systemActions,
  selectAvailable,
  selectBootEnded,
  selectFailure,
} from '../../src/state/system';
import { selectHealthPhase } from '../../src/state/streamHealth';
import {
  playIntentActions,
  selectMutedForBrowser,
  selectPauseHeld,
  selectPlayKept,
} from '../../src/state/playIntent';
import { BANDWIDTH_KEY } from '../../src/stream/levels';
import { withOrigin } from '../../src/stream/links';
import { networkTypeOf } from '../../src/stream/network';
import { getConfig, getPorts } from '../lib/context';
import { mediaEventToAction } from './mediaEventToAction';
import { failStream, handleStreamError, waitOutNetworkLosses, watchConnection } from './recovery';
import { resolveStream, type ResolvedStream } from './resolveStream';
import { protectionOf } from './protection';
import { NO_KEY_SYSTEM } from '../../src/stream/protection';
import { streamTick } from './streamLoop';
import { watchWhileWaiting } from './stallWatch';
import { anyOf } from '../lib/anyOf';
import { on, takeEach } from '../lib/takeEach';
import { storedBandwidth } from '../lib/storedValues';
import { restoreSubtitles } from './subtitleMemory';
import { applyAudioTracks, switchAudio } from './audioMemory';
import { selectRememberedMuted, selectRememberedVolume } from '../../src/state/preferences';

/** The end of an episode asks for the next one unless the host turned that off or it is being left. */
const selectMovesOnAtEnd = (s: PlayerState) => selectAutoNext(s) && !s.nextUp.requested;

function* recovering() {
  return (yield* select(selectHealthPhase)) === 'recovering';
}

function* handleMediaEvents(channel: EventChannel<MediaEvent>) {
  for (;;) {
    const event = yield* take(channel);
    if (event.type === 'tick') {
      yield* streamTick(event.sample); // inline: once a second
      continue;
    }
    if (event.type === 'error') yield* fork(handleStreamError, event);
    else if (event.type === 'audioTracks')
      yield* fork(applyAudioTracks, event.tracks, event.current);
    else if (yield* oldVideoOfLeftEpisode(event)) continue;
    else {
      const pauseHeld = yield* select(selectPauseHeld); // as it was before the fact ends the seek
      yield* put(
        event.type === 'volumechange' ? yield* volumeFact(event) : mediaEventToAction(event),
      );
      if (pauseHeld) yield* holdPauseThroughSeek(event);
    }
    if (event.type === 'subtitleTracks') yield* fork(restoreSubtitles, event.tracks);
    // the play kept for a recovery's new attachment (the kept play is taken by the request)
    if (event.type === 'durationchange' && (yield* select(selectPlayKept)) && (yield* recovering()))
      yield* put(playbackRequests.playRequested());
    // not when the episode is being left already (its countdown ran out, another one was chosen):
    // a second request would restart the switch, or skip an episode
    if (event.type === 'ended' && (yield* select(selectMovesOnAtEnd))) {
      const next = yield* select(selectNextEpisode);
      if (next) yield* put(contentActions.episodeRequested({ episodeId: next.id }));
    }
  }
}

/** The element's volume, its mute told as the browser's while it is (until an unmute). */
function* volumeFact({ volume, muted }: { volume: number; muted: boolean }) {
  const forBrowser = muted && (yield* select(selectMutedForBrowser));
  return mediaActions.volumeChanged(
    forBrowser ? { volume, muted, mutedForBrowser: true } : { volume, muted },
  );
}

/**
 * The episode is being left (its countdown ran out, another one was chosen): the old video's own
 * end or a late start is not this episode's news any more — the host and analytics heard its end
 * once already, and after the switch they would be charged to the next episode.
 */
function* oldVideoOfLeftEpisode(event: MediaEvent) {
  if (event.type !== 'ended' && event.type !== 'playing') return false;
  if (!(yield* select(selectLeavingEpisode))) return false;
  // credits the countdown ended and that play on by themselves (a picture-in-picture play button)
  // would be heard behind the switch
  if (event.type === 'playing' && (yield* select(selectEndedByCountdown))) {
    const { media } = yield* getPorts();
    yield* call([media, media.pause]);
  }
  return true;
}

const selectEndedByCountdown = (s: PlayerState) => s.nextUp.ended;

const selectLeavingEpisode = (s: PlayerState) => s.nextUp.requested;

/**
 * How long after a seek's end a playing event is still the engine playing on by itself (WebKit tells
 * of it after the seeked event at times) rather than a play from outside the player.
 */
export const PAUSE_HELD_AFTER_SEEK_MS = 500;

/**
 * A pause asked during a seek stays a pause when the engine plays on by itself (WebKit): at each
 * playing event until the seek ends, once more at its end if the element plays then (the seeked
 * fact ends the hold), and at a playing event that follows the seek's end within
 * PAUSE_HELD_AFTER_SEEK_MS. After that, a play from outside the player (picture-in-picture, the
 * lock screen) is the viewer's own.
 */
function* holdPauseThroughSeek(event: MediaEvent) {
  const { media } = yield* getPorts();
  if (event.type === 'playing') yield* call([media, media.pause]);
  if (event.type === 'seeked') {
    const { paused } = yield* call([media, media.sample]);
    if (!paused) yield* call([media, media.pause]);
    else yield* fork(holdPauseAfterSeek);
  }
}

/** The engine's own playing event just after the seek's end is paused; a play asked is not. */
function* holdPauseAfterSeek() {
  const { media, clock } = yield* getPorts();
  const { playing } = yield* race({
    playing: take(mediaActions.playing.type),
    asked: take(anyOf([playbackRequests.playRequested.type, mediaActions.reset.type])),
    over: call([clock, clock.sleep], PAUSE_HELD_AFTER_SEEK_MS),
  });
  if (playing) yield* call([media, media.pause]);
}

/** The availability check said yes: the play kept for its answer goes ahead. */
function* playWhenAvailable({ payload }: ReturnType<typeof systemActions.availabilityKnown>) {
  if (!payload.available || !(yield* select(selectPlayKept))) return;
  const status = yield* select(selectStreamStatus);
  if (status === 'idle' || status === 'loading') return; // the load asks again when it is done
  yield* put(playbackRequests.playRequested()); // takes the kept play
}

/**
 * A play request, carried out or kept (the request itself took back any kept play and a pause held
 * through a seek: src/state/playIntent.ts).
 */
function* play() {
  // The viewer has the failure message: nothing plays behind it (a stream can fail before the play
  // that its load asked for, when its manifest came at once).
  if (yield* select(selectFailure)) return;
  // Content waits for its pre-roll and for any ad break (the ad-break actor asks again after).
  if (contentHeldByAds(yield* select(selectAds))) return;
  // The episode is being left: the old video stays where it is (a resumed credits would end it a
  // second time), and the wish to play goes to the next episode's load.
  if (yield* select(selectLeavingEpisode)) {
    yield* put(playIntentActions.playKept());
    return;
  }
  // Nor does it play before the availability check has answered (SPEC.md section 6), or ever when
  // it said blocked: kept for the answer.
  const available = yield* select(selectAvailable);
  if (available !== true) {
    if (available === null) yield* put(playIntentActions.playKept());
    return;
  }
  // Before the stream is attached, a play() would be cut short by the load: kept for after it.
  const status = yield* select(selectStreamStatus);
  if (status === 'idle' || status === 'loading') {
    yield* put(playIntentActions.playKept());
    return;
  }
  const { media } = yield* getPorts();
  const outcome = yield* call([media, media.play]);
  if (outcome.ok) return;
  // A recovery attaches the element afresh and can cut this play short: again once the element has
  // its source back (its duration comes), else the film would wait at 0 for good. (A play that a
  // pause cut short is told apart, 'paused', and stays paused.)
  if (outcome.reason === 'aborted' && (yield* recovering()))
    yield* put(playIntentActions.playKept());
  if (outcome.reason !== 'not-allowed') return;
  // The browser refused sound without a gesture: start muted; failing that, the play button.
  const { volume, muted: mutedAlready } = yield* select(selectMedia);
  // that mute is the browser's, not the viewer's (a mute the viewer had stays theirs)
  if (!mutedAlready) yield* put(playIntentActions.mutedForBrowser());
  yield* call([media, media.setVolume], volume, true);
  const muted = yield* call([media, media.play]);
  yield* put(muted.ok ? mediaActions.autoplayMuted() : mediaActions.autoplayBlocked());
}

/** The remembered volume and mute (the preferences actor read them back), before the first load. */
function* restoreVolume() {
  const { media } = yield* getPorts();
  const volume = yield* select(selectRememberedVolume);
  const muted = yield* select(selectRememberedMuted);
  yield* call([media, media.setVolume], volume, muted);
}

/** Whether the viewer saves data (the last session's speed: the preferences actor reads it). */
function* knowSaveData() {
  const { device } = yield* getPorts();
  const { saveData } = yield* call([device, device.describe]);
  if (saveData) yield* put(streamActions.saveDataKnown({ saveData }));
}

/** Loads the chosen episode (or another source of it, at the same position) and runs the stream loop. */
function* loadStream(action: Action) {
  const config = yield* getConfig();
  const { media } = yield* getPorts();
  const switchingSource = streamRequests.sourceRequested.match(action);
  let startAt: number;
  let resumePlaying = false;
  let playedBeforeMs = 0;
  // what is loaded is the state's (a restarted actor switches sources as the first did)
  const loaded = yield* select(selectLoadedStream);
  let stream: ResolvedStream | null;
  if (switchingSource) {
    const index = action.payload.index;
    if (!loaded?.sources[index]) return;
    const sample = yield* call([media, media.sample]);
    startAt = sample.currentTime;
    resumePlaying = !sample.paused;
    playedBeforeMs = (yield* select(selectStreamLoop)).playedBeforeMs + sample.playedMs;
    stream = { ...loaded, sourceIndex: index };
  } else {
    const episode = yield* select(selectCurrentEpisode);
    if (!episode) return;
    stream = yield* resolveStream(episode.m3u8MasterFilePath);
    if (!stream) return;
    const firstLoad = loaded === null; // the session's first stream
    startAt = firstLoad ? (config.startTime ?? 0) : 0;
    if (firstLoad) yield* restoreVolume();
  }
  const { sources, sourceIndex, base, subtitles, markers, thumbnails } = stream;
  const source = sources[sourceIndex];
  if (!source) return;
  const url = withOrigin(source.link, base);
  // the reset also ends any seek of the last load (its seeked never comes), and the pause held for it
  yield* put(switchingSource ? mediaActions.reset({ keepPlayed: true }) : mediaActions.reset());
  yield* put(
    streamActions.loadStarted({
      url,
      sources,
      sourceIndex,
      playedBeforeMs,
      base,
      subtitles,
      markers,
      thumbnails,
    }),
  );
  const preferredHeight = yield* select(selectPreferredHeight);
  const bandwidth = yield* select(selectBandwidth);
  const autoMaxHeight = yield* select(selectAutoMaxHeight);
  const protection = yield* protectionOf(source, base);
  let engine: StreamEngine;
  try {
    ({ engine } = yield* call([media, media.load], {
      url,
      startAt,
      preferredHeight,
      bandwidthEstimate: bandwidth,
      autoMaxHeight,
      subtitles,
      ...(protection ? { protection } : {}),
    }));
  } catch (error) {
    // a browser with no way to play HLS (neither MediaSource nor its own), none of a protected
    // source's key systems, or an engine that could not be fetched: a fatal stream error, reported
    // as the engine's are, and the viewer is told
    const { name, message } = error as Error;
    const noHls = name === NO_HLS_PLAYBACK;
    const noKeySystem = name === NO_KEY_SYSTEM;
    yield* put(
      streamActions.errorOccurred({
        fatal: true,
        kind: noHls ? 'media' : noKeySystem ? 'other' : 'network',
        errorType: noHls || noKeySystem ? 'other' : 'network',
        details: noHls ? 'noHlsPlayback' : noKeySystem ? NO_KEY_SYSTEM : 'engineLoadFailed',
        networkType: networkTypeOf(bandwidth ?? 0),
        bufferLength: 0,
      }),
    );
    const tried = protection?.map((k) => k.keySystem).join(', ');
    yield* failStream(
      `Stream load failed: ${message}${noKeySystem ? ` (${tried})` : ''}`,
      noKeySystem ? 'noKeySystem' : null,
    );
    return;
  }
  yield* put(streamActions.attached({ engine }));
  const rate = yield* select(selectRate);
  if (rate !== 1) yield* call([media, media.setRate], rate);
  const autoplay = yield* select(selectAutoplay);
  const wanted = yield* select(selectPlayKept);
  if (resumePlaying || wanted || (!switchingSource && autoplay))
    yield* put(playbackRequests.playRequested());
}

/** 10 s back or forward from where the video really is, within the video. */
function* seekBy({ payload }: ReturnType<typeof playbackRequests.seekByRequested>) {
  const { media } = yield* getPorts();
  const { currentTime, duration } = yield* call([media, media.sample]);
  const end = duration > 0 ? duration : Infinity;
  yield* call([media, media.seek], Math.min(end, Math.max(0, currentTime + payload.seconds)));
}

/**
 * The viewer has the failure message instead of the player: nothing may go on behind it. hls.js
 * would otherwise load on and could start the film past a broken segment, sound and all.
 */
function* stopAfterFailure() {
  const status = yield* select(selectStreamStatus);
  if (status === 'idle') return; // nothing was loaded
  const { media } = yield* getPorts();
  // paused first: an unload stops the element without a pause event, and the state would say playing
  yield* call([media, media.pause]);
  yield* call([media, media.unload]);
}

/**
 * Intents that the media port carries out as they are; the media's events confirm them. Each one's
 * payload typed by its action creator, so a renamed field does not compile.
 */
const mediaIntents = (media: MediaPort) => [
  on(playbackRequests.pauseRequested, () => media.pause()),
  on(playbackRequests.seekRequested, ({ payload }) => media.seek(payload.time)),
  on(playbackRequests.volumeRequested, ({ payload }) =>
    media.setVolume(payload.volume, payload.muted),
  ),
  on(streamRequests.qualityRequested, ({ payload }) => media.setLevel(payload.level)),
  on(streamRequests.subtitleRequested, ({ payload }) => media.setSubtitleTrack(payload.id)),
  on(streamRequests.rateRequested, ({ payload }) => media.setRate(payload.rate)),
];

/**
 * The stream actor: owns the media port (hls.js and the <video>), loads the chosen episode and
 * source, carries out the viewer's playback and track choices, recovers from stream errors and
 * from an engine that stalls.
 */
export function* streamActor() {
  const { media, storage, clock } = yield* getPorts();
  // the last session's bandwidth estimate, if fresh, for hls.js's guess before it measures and
  // the ads' first media file; started again after the boot, the actor keeps this session's
  if (!(yield* select(selectBootEnded))) {
    const stored = yield* call([storage, storage.get], BANDWIDTH_KEY);
    const nowMs = yield* call([clock, clock.epochMs]);
    yield* put(streamActions.bandwidthEstimated({ bitsPerSecond: storedBandwidth(stored, nowMs) }));
    yield* knowSaveData();
  }
  // buffered: the media may report while the actor is mid-step (hls.js tells of a switch inside the
  // call that asked for it), and a report dropped then leaves the state wrong
  const channel = eventChannel<MediaEvent>((emit) => media.subscribe(emit), buffers.expanding());
  try {
    yield* takeLatest(
      anyOf([contentActions.episodeSelected.type, streamRequests.sourceRequested.type]),
      loadStream,
    );
    yield* takeEach(
      on(playbackRequests.playRequested, play),
      on(systemActions.availabilityKnown, playWhenAvailable),
      ...mediaIntents(media),
      on([systemActions.bootFailed, systemActions.playbackFailed], stopAfterFailure),
      on(streamRequests.audioTrackRequested, switchAudio),
      on(playbackRequests.seekByRequested, seekBy),
    );
    yield* takeLatest(mediaActions.waiting.type, watchWhileWaiting);
    yield* fork(watchConnection);
    yield* fork(waitOutNetworkLosses);
    yield* call(handleMediaEvents, channel);
  } finally {
    channel.close();
  }
}
