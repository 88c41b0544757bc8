// The host protocol (src/shared/protocol.ts) is what the bridge speaks: the ready event lists its
// events and commands, unchanged on the wire, and every command of the map is read with its arguments.
import { toCommand } from '../../../src/bridge/commands';
import { READY_DATA } from '../../../src/bridge/events';
import {
  COMMAND_NAMES,
  EVENT_NAMES,
  type CommandArgs,
  type CommandName,
} from '../../../src/shared/protocol';

/** One valid call of each command: a command the map gains without an example does not compile. */
const EXAMPLES: { [K in CommandName]: CommandArgs<K> } = {
  hello: undefined,
  play: undefined,
  pause: undefined,
  seek: { time: 12.5 },
  setVolume: { volume: 0.4 },
  mute: undefined,
  unmute: undefined,
  selectEpisode: { episodeId: 203 },
  setAutoplay: { autoplay: false },
  setPlaybackRate: { rate: 1.5 },
  setQuality: { quality: 720 },
  setSubtitleTrack: { id: 'off' },
  setAudioTrack: { id: 1 },
  requestFullscreen: undefined,
  exitFullscreen: undefined,
  requestPictureInPicture: undefined,
  loadContent: { movieId: 7, episodeId: 701 },
  exportLog: undefined,
  getCurrentTime: undefined,
  getDuration: undefined,
  getPaused: undefined,
  getVolume: undefined,
  getMuted: undefined,
  getEpisode: undefined,
  getEpisodes: undefined,
  getQuality: undefined,
  getFullscreen: undefined,
  getEnded: undefined,
  getBuffered: undefined,
  getPlaybackRate: undefined,
  getQualities: undefined,
  getSubtitleTracks: undefined,
  getSubtitleTrack: undefined,
  getAudioTracks: undefined,
  getAudioTrack: undefined,
  getTracks: undefined,
  getPictureInPicture: undefined,
  isAdPlaying: undefined,
  getQoe: undefined,
};

describe('the host protocol, as the bridge speaks it', () => {
  it('the ready event lists every event and command the player has', () => {
    expect(READY_DATA.ours.events).toEqual([
      'ready',
      'error',
      'play',
      'pause',
      'ended',
      'timeupdate',
      'seeking',
      'seeked',
      'bufferingStart',
      'bufferingEnd',
      'durationChange',
      'rateChange',
      'volumeChange',
      'qualityChange',
      'audioTrackChange',
      'subtitleChange',
      'fullscreenChange',
      'episodeChanged',
      'autoplayBlocked',
      'adBreakStarted',
      'adStarted',
      'adEnded',
      'adBreakEnded',
      'fullscreenStretchedEnter',
      'fullscreenStretchedExit',
      'analytics',
      'flightLog',
      'response',
    ]);
    expect(READY_DATA.ours.events).toEqual([...EVENT_NAMES, 'flightLog', 'response']);
    expect(READY_DATA.ours.commands).toEqual([
      'hello',
      'play',
      'pause',
      'seek',
      'setVolume',
      'mute',
      'unmute',
      'selectEpisode',
      'setAutoplay',
      'setPlaybackRate',
      'setQuality',
      'setSubtitleTrack',
      'setAudioTrack',
      'requestFullscreen',
      'exitFullscreen',
      'requestPictureInPicture',
      'loadContent',
      'exportLog',
      'getCurrentTime',
      'getDuration',
      'getPaused',
      'getVolume',
      'getMuted',
      'getEpisode',
      'getEpisodes',
      'getQuality',
      'getFullscreen',
      'getEnded',
      'getBuffered',
      'getPlaybackRate',
      'getQualities',
      'getSubtitleTracks',
      'getSubtitleTrack',
      'getAudioTracks',
      'getAudioTrack',
      'getTracks',
      'getPictureInPicture',
      'isAdPlaying',
      'getQoe',
    ]);
  });

  it.each(COMMAND_NAMES)('reads %s with the arguments of the map', (name) => {
    const args = EXAMPLES[name];
    expect(toCommand(name, args)).toEqual({ name, ...args });
  });

  it('reads nothing else, own names only', () => {
    for (const name of ['nosuch', 'constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(toCommand(name, undefined)).toBe('unknown command');
  });
});
