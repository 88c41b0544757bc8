// What a host page may ask of the player, in our own protocol ({protocol, command, args, requestId})
// and, mapped onto the same commands, in the player.js protocol. Pure: parsing never throws. The
// commands, their arguments and answers are the host protocol's (src/shared/protocol.ts); each
// command's arguments are checked by its schema (messageSchemas.ts), which gives their type: a
// command the map has and this file cannot read, or the other way round, does not compile.
import * as v from 'valibot';
import {
  COMMAND_KINDS,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  COMMAND_NAMES,
  type CommandName,
  type GetterName,
} from '../shared/protocol';
import { COMMAND_ARGS, type ArgsOf, type CommandWithArgs } from './messageSchemas';

/** A command with its arguments, as the bridge carries it out: `{ name: 'seek', time }`. */
export type Command = {
  [K in CommandName]: { name: K } & (ArgsOf<K> extends undefined ? unknown : ArgsOf<K>);
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

/**
 * What the host hears when a command's arguments are not what its schema (messageSchemas.ts) takes:
 * by the argument at fault, one sentence for each argument of each command.
 */
const NEEDS: { [K in CommandWithArgs]: Record<keyof ArgsOf<K>, string> } = {
  seek: { time: 'seek needs a time >= 0' },
  setVolume: { volume: 'setVolume needs a volume from 0 to 1' },
  selectEpisode: { episodeId: 'selectEpisode needs an integer episodeId' },
  setAutoplay: { autoplay: 'setAutoplay needs a boolean' },
  setPlaybackRate: {
    rate: `setPlaybackRate needs a rate from ${PLAYBACK_RATE_MIN} to ${PLAYBACK_RATE_MAX}`,
  },
  setQuality: { quality: "setQuality needs 'auto' or a height" },
  setSubtitleTrack: { id: "setSubtitleTrack needs a track id or 'off'" },
  setAudioTrack: { id: 'setAudioTrack needs a track id' },
  loadContent: {
    movieId: 'loadContent needs an integer movieId',
    episodeId: 'loadContent needs an integer episodeId, or none',
  },
};

export const UNKNOWN_COMMAND = 'unknown command';

const CommandNameSchema = v.picklist(COMMAND_NAMES);

const takesArgs = (name: CommandName): name is CommandWithArgs =>
  Object.prototype.hasOwnProperty.call(COMMAND_ARGS, name);

/** A command by name with its arguments, validated; a string says what is wrong. */
export function toCommand(name: unknown, args: unknown): Command | string {
  if (typeof name !== 'string') return 'command is not a string';
  if (!v.is(CommandNameSchema, name)) return UNKNOWN_COMMAND;
  if (!takesArgs(name)) return { name } as Command;
  const result = v.safeParse(COMMAND_ARGS[name], args);
  if (result.success) return { name, ...result.output } as Command;
  const needs: Record<string, string> = NEEDS[name];
  const atFault = v.getDotPath(result.issues[0]);
  return (atFault && needs[atFault]) || Object.values(needs).join('; ');
}
