import { call, put, select } from 'typed-redux-saga';
import { COMMANDS, isGetter, type Command, type Getter } from '../../src/bridge/commands';
import { EVENTS, PLAYERJS_EVENTS, PLAYERJS_METHODS } from '../../src/bridge/events';
import type { RequestId } from '../../src/bridge/messages';
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

/** What the ready event tells a host: what it may hear and ask. */
export const READY_DATA = {
  ours: { events: EVENTS, commands: COMMANDS },
  playerjs: { events: PLAYERJS_EVENTS, methods: PLAYERJS_METHODS },
};

/** What a host may not do while an advert plays: refused with this code, never queued. */
export const REFUSED_DURING_AD = {
  code: 'AD_PLAYING',
  message: 'Not while an advert plays',
} as const;

/** A getter's answer, from the state. */
export function answerGetter(name: Getter, s: PlayerState): unknown {
  switch (name) {
    case 'getCurrentTime':
      return s.media.currentTime;
    case 'getDuration':
      return s.media.duration;
    case 'getPaused':
      return s.media.paused;
    case 'getVolume':
      return s.media.volume;
    case 'getMuted':
      return s.media.muted;
    case 'getEpisode':
      return selectCurrentEpisode(s);
    case 'getEpisodes':
      return selectEpisodesInOrder(s);
    case 'getQuality':
      return selectQuality(s);
    case 'getFullscreen':
      return s.viewport.fullscreen;
  }
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
export function* runCommand(command: Command, requestId: RequestId) {
  const state = yield* select(selectPlayerState);
  const inBreak = selectInAdBreak(state);
  const { media } = yield* getPorts();
  switch (command.name) {
    case 'hello':
      return { data: state.system.boot === 'ready' ? READY_DATA.ours : null };
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
      return { data: command.name === 'getVolume' ? now.volume : now.muted };
    }
    case 'getPaused': {
      if (inBreak) return { data: !selectAdWanted(state) }; // the advert's, which the host controls
      const sample = yield* call([media, media.sample]);
      return { data: sample.paused };
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
      return { data: sample.currentTime };
    }
    default:
      return isGetter(command.name) ? { data: answerGetter(command.name, state) } : {};
  }
}
