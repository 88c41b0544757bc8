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
};

describe('the host protocol, as the bridge speaks it', () => {
  it('the ready event lists the same events and commands as before the map', () => {
    expect(READY_DATA.ours.events).toEqual([
      'ready',
      'error',
      'play',
      'pause',
      'ended',
      'timeupdate',
      'seeking',
      'seeked',
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
