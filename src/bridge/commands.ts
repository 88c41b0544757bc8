// What a host page may ask of the player, in our own protocol ({protocol, command, args, requestId})
// and, mapped onto the same commands, in the player.js protocol. Pure: parsing never throws. The
// commands, their arguments and answers are the host protocol's (src/shared/protocol.ts): a command
// the map has and this file cannot read, or the other way round, does not compile.
import {
  COMMAND_KINDS,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  COMMAND_NAMES,
  type CommandArgs,
  type CommandName,
  type GetterName,
} from '../shared/protocol';

/** A command with its arguments, as the bridge carries it out: `{ name: 'seek', time }`. */
export type Command = {
  [K in CommandName]: { name: K } & (CommandArgs<K> extends undefined ? unknown : CommandArgs<K>);
}[CommandName];

/** Getters: answered with a value, changing nothing. */
export type Getter = GetterName;
export const GETTERS = COMMAND_NAMES.filter(
  (name): name is Getter => COMMAND_KINDS[name] === 'getter',
);

/** Every command name, as the ready event lists them. */
export const COMMANDS = COMMAND_NAMES;

export const isGetter = (name: string): name is Getter =>
  (GETTERS as readonly string[]).includes(name);

const finiteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Reads one field of a plain args object; anything else (arrays, prototypes) gives undefined. */
function field(args: unknown, key: string): unknown {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  return Object.prototype.hasOwnProperty.call(args, key)
    ? (args as Record<string, unknown>)[key]
    : undefined;
}

type Reader<K extends CommandName> = (args: unknown) => Extract<Command, { name: K }> | string;
const bare =
  <K extends CommandName>(name: K): Reader<K> =>
  () =>
    ({ name }) as Extract<Command, { name: K }>;

/** How each command's arguments are read and checked: one reader per command of the map. */
const READERS: { [K in CommandName]: Reader<K> } = {
  hello: bare('hello'),
  play: bare('play'),
  pause: bare('pause'),
  mute: bare('mute'),
  unmute: bare('unmute'),
  exportLog: bare('exportLog'),
  seek: (args) => {
    const time = field(args, 'time');
    return finiteNumber(time) && time >= 0 ? { name: 'seek', time } : 'seek needs a time >= 0';
  },
  setVolume: (args) => {
    const volume = field(args, 'volume');
    return finiteNumber(volume) && volume >= 0 && volume <= 1
      ? { name: 'setVolume', volume }
      : 'setVolume needs a volume from 0 to 1';
  },
  selectEpisode: (args) => {
    const episodeId = field(args, 'episodeId');
    return Number.isSafeInteger(episodeId) && (episodeId as number) > 0
      ? { name: 'selectEpisode', episodeId: episodeId as number }
      : 'selectEpisode needs an integer episodeId';
  },
  setAutoplay: (args) => {
    const autoplay = field(args, 'autoplay');
    return typeof autoplay === 'boolean'
      ? { name: 'setAutoplay', autoplay }
      : 'setAutoplay needs a boolean';
  },
  setPlaybackRate: (args) => {
    const rate = field(args, 'rate');
    return finiteNumber(rate) && rate >= PLAYBACK_RATE_MIN && rate <= PLAYBACK_RATE_MAX
      ? { name: 'setPlaybackRate', rate }
      : `setPlaybackRate needs a rate from ${PLAYBACK_RATE_MIN} to ${PLAYBACK_RATE_MAX}`;
  },
  setQuality: (args) => {
    const quality = field(args, 'quality');
    return quality === 'auto' || (Number.isSafeInteger(quality) && (quality as number) > 0)
      ? { name: 'setQuality', quality: quality as 'auto' | number }
      : "setQuality needs 'auto' or a height";
  },
  setSubtitleTrack: (args) => {
    const id = field(args, 'id');
    return id === 'off' || (Number.isSafeInteger(id) && (id as number) >= 0)
      ? { name: 'setSubtitleTrack', id: id as 'off' | number }
      : "setSubtitleTrack needs a track id or 'off'";
  },
  setAudioTrack: (args) => {
    const id = field(args, 'id');
    return Number.isSafeInteger(id) && (id as number) >= 0
      ? { name: 'setAudioTrack', id: id as number }
      : 'setAudioTrack needs a track id';
  },
  requestFullscreen: bare('requestFullscreen'),
  exitFullscreen: bare('exitFullscreen'),
  requestPictureInPicture: bare('requestPictureInPicture'),
  loadContent: (args) => {
    const movieId = field(args, 'movieId');
    const episodeId = field(args, 'episodeId');
    const positive = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
    if (!positive(movieId)) return 'loadContent needs an integer movieId';
    if (episodeId !== undefined && !positive(episodeId))
      return 'loadContent needs an integer episodeId, or none';
    return { name: 'loadContent', movieId, ...(episodeId === undefined ? {} : { episodeId }) };
  },
  getCurrentTime: bare('getCurrentTime'),
  getDuration: bare('getDuration'),
  getPaused: bare('getPaused'),
  getVolume: bare('getVolume'),
  getMuted: bare('getMuted'),
  getEpisode: bare('getEpisode'),
  getEpisodes: bare('getEpisodes'),
  getQuality: bare('getQuality'),
  getFullscreen: bare('getFullscreen'),
  getEnded: bare('getEnded'),
  getBuffered: bare('getBuffered'),
  getPlaybackRate: bare('getPlaybackRate'),
  getQualities: bare('getQualities'),
  getSubtitleTracks: bare('getSubtitleTracks'),
  getSubtitleTrack: bare('getSubtitleTrack'),
  getAudioTracks: bare('getAudioTracks'),
  getAudioTrack: bare('getAudioTrack'),
  getTracks: bare('getTracks'),
  getPictureInPicture: bare('getPictureInPicture'),
  isAdPlaying: bare('isAdPlaying'),
  getQoe: bare('getQoe'),
};

export const UNKNOWN_COMMAND = 'unknown command';

const isCommandName = (name: string): name is CommandName =>
  Object.prototype.hasOwnProperty.call(READERS, name);

/** A command by name with its arguments, validated; a string says what is wrong. */
export function toCommand(name: unknown, args: unknown): Command | string {
  if (typeof name !== 'string') return 'command is not a string';
  if (!isCommandName(name)) return UNKNOWN_COMMAND;
  return (READERS[name] as Reader<CommandName>)(args);
}
