// kino-player-sdk: the host page's side of the player, as an ES module. Importing it does nothing (no
// window, no document): a player is made by createPlayer (a frame in a container, from its data
// attributes), attachPlayer (a player frame already on the page) or mountAll (each data-kino-player
// element). The global script (embed.js) is this with window.KinoPlayer and an auto-mount on load.
export { KinoPlayer } from './player.js';
export { attachPlayer, createPlayer, mountAll } from './mount.js';
export { PLAYER_COMMANDS, type KinoPlayerCommand } from './commandList.js';
export { PlayerError, destroyedError, type PlayerErrorCode } from './errors.js';
export type { AnyEventHandler, EventHandler } from './eventHandlers.js';
export {
  ANSWER_TIMEOUT_MS,
  READY_TIMEOUT_MS,
  type MountOptions,
  type PlayerOptions,
} from './options.js';
export { FRAME_ATTRIBUTES, QUERY_ATTRIBUTES } from './frame.js';
export {
  COMMAND_NAMES,
  EVENT_NAMES,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  PROTOCOL,
  type HostQualityLevel,
  type HostTimeRanges,
  type HostTracks,
  type HostQoe,
  type BootErrorCode,
  type CommandAnswer,
  type CommandArgs,
  type CommandError,
  type CommandErrorCode,
  type CommandMessage,
  type CommandName,
  type HostAd,
  type HostAdStatus,
  type HostEpisode,
  type HostError,
  type HostQuality,
  type HostTrack,
  type PlayerCommands,
  type PlayerEvent,
  type PlayerEventName,
  type PlayerEvents,
  type PlayerMessage,
  type ReadyInfo,
  type RequestId,
} from '../shared/protocol.js';
