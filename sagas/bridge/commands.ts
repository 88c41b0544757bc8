import { call, put, race, select, take } from 'typed-redux-saga';
import { plain } from '../lib/plainEffects';
import type { Command } from '../../src/bridge/commands';
import type { RequestId } from '../../src/bridge/messages';
import { READY_DATA } from '../../src/bridge/events';
import type {
  CommandAnswer,
  CommandError,
  CommandErrorCode,
  CommandName,
  HostEpisode,
  HostQualityLevel,
  HostTrack,
} from '../../src/shared/protocol';
import { STRETCHED_MODE } from '../../src/shared/config';
import type { DisplayOutcome } from '../../src/ports/types';
import { streamRequests } from '../../src/state/stream';
import { selectStretched, viewportActions } from '../../src/state/viewport';
import type { PlayerState } from '../../src/state';
import { bridgeActions } from '../../src/state/bridge';
import { contentActions } from '../../src/state/content';
import { adRequests, selectInAdBreak } from '../../src/state/ads';
import { playbackRequests } from '../../src/state/playback';
import { resumeActions } from '../../src/state/resume';
import {
  selectAdWanted,
  selectCurrentEpisode,
  selectEpisodesInOrder,
  selectQuality,
  selectPlayerState,
} from '../../src/state/selectors';
import { getConfig, getPorts } from '../lib/context';
import { currentQoe } from '../lib/currentQoe';

/** What a host may not do while an advert plays: refused with this code, never queued. */
export const REFUSED_DURING_AD: CommandError = {
  code: 'AD_PLAYING',
  message: 'Not while an advert plays',
};

/** An answer to a command: its data as the host protocol says, or why it was refused. */
export type Answer = { data?: unknown; error?: CommandError };
const answer = <K extends CommandName>(_name: K, data: CommandAnswer<K>): Answer => ({ data });

const refused = (code: CommandErrorCode, message: string): Answer => ({
  error: { code, message },
});

/** The stream's levels as a host chooses among them: highest first. */
const qualitiesOf = (s: PlayerState): HostQualityLevel[] =>
  s.stream.levels
    .map((l, level) => ({ level, height: l.height, bitrate: l.bitrate }))
    .sort((a, b) => b.height - a.height || b.bitrate - a.bitrate);

const trackOf = ({ id, name, lang }: HostTrack): HostTrack => ({ id, name, lang });
const subtitlesOf = (s: PlayerState) => s.stream.subtitleTracks.map(trackOf);
const audioOf = (s: PlayerState) => s.stream.audioTracks.map(trackOf);

/** The getters answered from the state (the others read the video element). */
type StateGetter =
  | 'getDuration'
  | 'getEpisode'
  | 'getEpisodes'
  | 'getQuality'
  | 'getFullscreen'
  | 'getEnded'
  | 'getPlaybackRate'
  | 'getQualities'
  | 'getSubtitleTracks'
  | 'getSubtitleTrack'
  | 'getAudioTracks'
  | 'getAudioTrack'
  | 'getTracks'
  | 'getPictureInPicture'
  | 'isAdPlaying';
const STATE_GETTERS: { [K in StateGetter]: (s: PlayerState) => CommandAnswer<K> } = {
  getDuration: (s) => s.media.duration,
  getEpisode: (s): HostEpisode | null => selectCurrentEpisode(s),
  getEpisodes: (s) => selectEpisodesInOrder(s),
  getQuality: (s) => selectQuality(s),
  getFullscreen: (s) => s.viewport.fullscreen,
  // the end of the credits' countdown is the episode's end too (docs/master-json.md)
  getEnded: (s) => s.media.ended || s.nextUp.ended,
  getPlaybackRate: (s) => s.stream.rate,
  getQualities: qualitiesOf,
  getSubtitleTracks: subtitlesOf,
  getSubtitleTrack: (s) => subtitlesOf(s).find((t) => t.id === s.stream.subtitleTrack) ?? null,
  getAudioTracks: audioOf,
  getAudioTrack: (s) => audioOf(s).find((t) => t.id === s.stream.audioTrack) ?? null,
  getTracks: (s) => ({ qualities: qualitiesOf(s), subtitles: subtitlesOf(s), audio: audioOf(s) }),
  getPictureInPicture: (s) => s.viewport.pictureInPicture,
  isAdPlaying: (s) => selectInAdBreak(s) && s.ads.ad !== null,
};

/** What the browser said to a host's display request, as the answer. */
const displayAnswer = (outcome: DisplayOutcome, what: string): Answer | null =>
  outcome === 'refused'
    ? refused('NOT_ALLOWED', `The browser refused ${what} (it needs a viewer's gesture)`)
    : outcome === 'unsupported'
      ? refused('NOT_SUPPORTED', `This browser has no ${what}`)
      : null;

/** How long an answered display change may wait for the browser's event that the state follows. */
export const DISPLAY_EVENT_WAIT_MS = 1_000;

/**
 * The browser settles its promise and fires its change event in either order: the answer waits for
 * the state to show the change, so a getter sent after it reads the new display.
 */
function* displayShown(shown: (s: PlayerState) => boolean, change: string) {
  const { clock } = yield* getPorts();
  const until = function* () {
    while (!shown(yield* select(selectPlayerState))) yield* take(change);
  };
  yield* race([plain.call(until), plain.call([clock, clock.sleep], DISPLAY_EVENT_WAIT_MS)]);
}

/** The host's display requests: the stretched mode where the page has it, else the browser's. */
function* display(
  name: 'requestFullscreen' | 'exitFullscreen' | 'requestPictureInPicture',
): Generator<unknown, Answer> {
  const { viewport } = yield* getPorts();
  if (name === 'requestPictureInPicture') {
    const outcome = yield* call([viewport, viewport.requestPictureInPicture]);
    const refusal = displayAnswer(outcome, 'picture-in-picture');
    if (!refusal)
      yield* displayShown(
        (s) => s.viewport.pictureInPicture,
        viewportActions.pictureInPictureChanged.type,
      );
    return refusal ?? {};
  }
  const config = yield* getConfig();
  if (config.fullscreenMode === STRETCHED_MODE && config.embedded) {
    // the host page stretches the frame: no browser permission, no gesture
    const active = name === 'requestFullscreen';
    if ((yield* select(selectStretched)) !== active)
      yield* put(viewportActions.stretchedChanged({ active }));
    return active ? answer('requestFullscreen', { mode: 'stretched' }) : {};
  }
  const entering = name === 'requestFullscreen';
  const outcome = entering
    ? yield* call([viewport, viewport.requestFullscreen])
    : yield* call([viewport, viewport.exitFullscreen]);
  const refusal = displayAnswer(outcome, entering ? 'fullscreen' : 'leaving fullscreen');
  if (refusal) return refusal;
  yield* displayShown(
    (s) => s.viewport.fullscreen === entering,
    viewportActions.fullscreenChanged.type,
  );
  return entering ? answer('requestFullscreen', { mode: 'fullscreen' }) : {};
}

/** A getter's answer, from the state. */
export function answerGetter(name: StateGetter, s: PlayerState): Answer {
  return { data: STATE_GETTERS[name](s) };
}

/** The volume for the content and, during a break, for the advert too (the viewer hears one). */
function* setVolume(volume: number, muted: boolean) {
  if (yield* select(selectInAdBreak)) yield* put(adRequests.volumeRequested({ volume, muted }));
  yield* put(playbackRequests.volumeRequested({ volume, muted }));
}

/**
 * Carries out a host's command as the viewer's intent would be (the actors that own playback do the
 * rest), on the advert while a break runs; answers with data or with a stable error code. Getters
 * that the element answers read it, so they see every command sent before them.
 */
export function* runCommand(command: Command, requestId: RequestId): Generator<unknown, Answer> {
  const state = yield* select(selectPlayerState);
  const inBreak = selectInAdBreak(state);
  const { media } = yield* getPorts();
  switch (command.name) {
    case 'hello':
      return answer('hello', state.system.boot === 'ready' ? READY_DATA.ours : null);
    case 'play':
    case 'pause': {
      const play = command.name === 'play';
      if (inBreak) yield* put(adRequests.hostPlayRequested({ play }));
      else yield* put(play ? playbackRequests.playRequested() : playbackRequests.pauseRequested());
      return {};
    }
    case 'seek':
      if (inBreak) return { error: REFUSED_DURING_AD };
      yield* put(playbackRequests.seekRequested({ time: command.time }));
      return {};
    case 'setVolume': {
      const { muted } = yield* call([media, media.volume]);
      yield* setVolume(command.volume, muted);
      return {};
    }
    case 'mute':
    case 'unmute': {
      const { volume } = yield* call([media, media.volume]);
      yield* setVolume(volume, command.name === 'mute');
      return {};
    }
    case 'getVolume':
    case 'getMuted': {
      const now = yield* call([media, media.volume]);
      return command.name === 'getVolume'
        ? answer('getVolume', now.volume)
        : answer('getMuted', now.muted);
    }
    case 'getPaused': {
      if (inBreak) return answer('getPaused', !selectAdWanted(state)); // the advert's, which the host controls
      const sample = yield* call([media, media.sample]);
      return answer('getPaused', sample.paused);
    }
    case 'selectEpisode': {
      if (inBreak) return { error: REFUSED_DURING_AD };
      const known = state.content.episodes.some((e) => e.id === command.episodeId);
      if (!known)
        return { error: { code: 'UNKNOWN_EPISODE', message: `No episode ${command.episodeId}` } };
      yield* put(contentActions.episodeRequested({ episodeId: command.episodeId }));
      return {};
    }
    case 'setPlaybackRate':
      if (inBreak) return { error: REFUSED_DURING_AD };
      yield* put(streamRequests.rateRequested({ rate: command.rate, byHost: true }));
      return {};
    case 'setQuality': {
      const { quality } = command;
      if (quality === 'auto') {
        yield* put(streamRequests.qualityRequested({ level: -1 }));
        return {};
      }
      // the level of that height the stream prefers (its highest bitrate)
      const level = qualitiesOf(state).find((q) => q.height === quality);
      if (!level) return refused('UNKNOWN_QUALITY', `No ${quality}p quality`);
      yield* put(streamRequests.qualityRequested({ level: level.level }));
      return {};
    }
    case 'setSubtitleTrack': {
      const { id } = command;
      if (id !== 'off' && !state.stream.subtitleTracks.some((t) => t.id === id))
        return refused('UNKNOWN_SUBTITLE_TRACK', `No subtitle track ${id}`);
      yield* put(streamRequests.subtitleRequested({ id: id === 'off' ? -1 : id, byHost: true }));
      return {};
    }
    case 'setAudioTrack':
      if (!state.stream.audioTracks.some((t) => t.id === command.id))
        return refused('UNKNOWN_AUDIO_TRACK', `No audio track ${command.id}`);
      yield* put(streamRequests.audioTrackRequested({ id: command.id }));
      return {};
    case 'requestPictureInPicture':
      if (inBreak) return { error: REFUSED_DURING_AD }; // it would show the film, not the advert
      return yield* display(command.name);
    case 'requestFullscreen':
    case 'exitFullscreen':
      return yield* display(command.name);
    case 'loadContent':
      // carried out by the bridge once answered: the frame loads the player again
      if (inBreak) return { error: REFUSED_DURING_AD };
      return {};
    case 'getBuffered': {
      const ranges = yield* call([media, media.buffered]);
      return answer('getBuffered', ranges);
    }
    case 'setAutoplay':
      yield* put(resumeActions.autoplayChosen({ autoplay: command.autoplay }));
      return {};
    case 'exportLog':
      // answered outside the actors: the log is the recorder's, not the state's
      yield* put(bridgeActions.logRequested({ requestId }));
      return {};
    case 'getQoe':
      // the clock now (a stall under way counts up to it) and the element's frame counts
      return answer('getQoe', yield* currentQoe());
    case 'getCurrentTime': {
      // the element's own position: the state's is a second behind, and a seek's not yet there
      const sample = yield* call([media, media.sample]);
      return answer('getCurrentTime', sample.currentTime);
    }
    default: {
      // the rest are the state's getters: a command of the protocol not handled above does not compile
      const getter: { name: StateGetter } = command;
      return answerGetter(getter.name, state);
    }
  }
}
