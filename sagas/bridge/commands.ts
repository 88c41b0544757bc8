import { call, put, select } from 'typed-redux-saga';
import type { Command } from '../../src/bridge/commands';
import type { RequestId } from '../../src/bridge/messages';
import { READY_DATA } from '../../src/bridge/events';
import type {
  CommandAnswer,
  CommandError,
  CommandName,
  HostEpisode,
} from '../../src/shared/protocol';
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
import { getPorts } from '../lib/context';

/** What a host may not do while an advert plays: refused with this code, never queued. */
export const REFUSED_DURING_AD: CommandError = {
  code: 'AD_PLAYING',
  message: 'Not while an advert plays',
};

/** An answer to a command: its data as the host protocol says, or why it was refused. */
export type Answer = { data?: unknown; error?: CommandError };
const answer = <K extends CommandName>(_name: K, data: CommandAnswer<K>): Answer => ({ data });

/** The getters answered from the state (the others read the video element). */
type StateGetter = 'getDuration' | 'getEpisode' | 'getEpisodes' | 'getQuality' | 'getFullscreen';
const STATE_GETTERS: { [K in StateGetter]: (s: PlayerState) => CommandAnswer<K> } = {
  getDuration: (s) => s.media.duration,
  getEpisode: (s): HostEpisode | null => selectCurrentEpisode(s),
  getEpisodes: (s) => selectEpisodesInOrder(s),
  getQuality: (s) => selectQuality(s),
  getFullscreen: (s) => s.viewport.fullscreen,
};

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
    case 'setAutoplay':
      yield* put(resumeActions.autoplayChosen({ autoplay: command.autoplay }));
      return {};
    case 'exportLog':
      // answered outside the actors: the log is the recorder's, not the state's
      yield* put(bridgeActions.logRequested({ requestId }));
      return {};
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
