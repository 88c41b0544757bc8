// What a host page may ask of the player, in our own protocol ({protocol, command, args, requestId})
// and, mapped onto the same commands, in the player.js protocol. Pure: parsing never throws.

/** Commands that change something. */
export type ActionCommand =
  | { name: 'hello' }
  | { name: 'play' }
  | { name: 'pause' }
  | { name: 'seek'; time: number }
  | { name: 'setVolume'; volume: number }
  | { name: 'mute' }
  | { name: 'unmute' }
  | { name: 'selectEpisode'; episodeId: number }
  | { name: 'setAutoplay'; autoplay: boolean }
  | { name: 'exportLog' };

/** Getters: answered with a value from the state. */
export const GETTERS = [
  'getCurrentTime',
  'getDuration',
  'getPaused',
  'getVolume',
  'getMuted',
  'getEpisode',
  'getEpisodes',
  'getQuality',
  'getFullscreen',
] as const;
export type Getter = (typeof GETTERS)[number];

export type Command = ActionCommand | { name: Getter };

/** Every command name, as the ready event lists them. */
export const COMMANDS = [
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
  ...GETTERS,
] as const;

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

/** A command by name with its arguments, validated; a string says what is wrong. */
export function toCommand(name: unknown, args: unknown): Command | string {
  if (typeof name !== 'string') return 'command is not a string';
  switch (name) {
    case 'hello':
    case 'play':
    case 'pause':
    case 'mute':
    case 'unmute':
    case 'exportLog':
      return { name };
    case 'seek': {
      const time = field(args, 'time');
      return finiteNumber(time) && time >= 0 ? { name, time } : 'seek needs a time >= 0';
    }
    case 'setVolume': {
      const volume = field(args, 'volume');
      return finiteNumber(volume) && volume >= 0 && volume <= 1
        ? { name, volume }
        : 'setVolume needs a volume from 0 to 1';
    }
    case 'selectEpisode': {
      const episodeId = field(args, 'episodeId');
      return Number.isSafeInteger(episodeId) && (episodeId as number) > 0
        ? { name, episodeId: episodeId as number }
        : 'selectEpisode needs an integer episodeId';
    }
    case 'setAutoplay': {
      const autoplay = field(args, 'autoplay');
      return typeof autoplay === 'boolean' ? { name, autoplay } : 'setAutoplay needs a boolean';
    }
    default:
      return isGetter(name) ? { name } : 'unknown command';
  }
}
