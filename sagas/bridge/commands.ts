import { call, put, select } from 'typed-redux-saga';
import { COMMANDS, isGetter, type Command, type Getter } from '../../src/bridge/commands';
import { EVENTS, PLAYERJS_EVENTS, PLAYERJS_METHODS } from '../../src/bridge/events';
import type { RequestId } from '../../src/bridge/messages';
import type { PlayerState } from '../../src/state';
import { bridgeActions } from '../../src/state/bridge';
import { contentActions } from '../../src/state/content';
import { playbackRequests } from '../../src/state/playback';
import {
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

/**
 * Carries out a host's command as the viewer's intent would be (the actors that own playback do the
 * rest); answers with data or with a stable error code.
 */
export function* runCommand(command: Command, requestId: RequestId) {
  const state = yield* select(selectPlayerState);
  const { volume, muted } = state.media;
  switch (command.name) {
    case 'hello':
      return { data: state.system.boot === 'ready' ? READY_DATA.ours : null };
    case 'play':
      yield* put(playbackRequests.playRequested());
      return {};
    case 'pause':
      yield* put(playbackRequests.pauseRequested());
      return {};
    case 'seek':
      yield* put(playbackRequests.seekRequested({ time: command.time }));
      return {};
    case 'setVolume':
      yield* put(playbackRequests.volumeRequested({ volume: command.volume, muted }));
      return {};
    case 'mute':
    case 'unmute':
      yield* put(playbackRequests.volumeRequested({ volume, muted: command.name === 'mute' }));
      return {};
    case 'selectEpisode': {
      const known = state.content.episodes.some((e) => e.id === command.episodeId);
      if (!known)
        return { error: { code: 'UNKNOWN_EPISODE', message: `No episode ${command.episodeId}` } };
      yield* put(contentActions.episodeRequested({ episodeId: command.episodeId }));
      return {};
    }
    case 'exportLog':
      // answered outside the actors: the log is the recorder's, not the state's
      yield* put(bridgeActions.logRequested({ requestId }));
      return {};
    case 'getCurrentTime': {
      // the element's own position: the state's is a second behind, and a seek's not yet there
      const { media } = yield* getPorts();
      const sample = yield* call([media, media.sample]);
      return { data: sample.currentTime };
    }
    default:
      return isGetter(command.name) ? { data: answerGetter(command.name, state) } : {};
  }
}
