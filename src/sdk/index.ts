// kino-player-sdk: the host page's side of the player, as an ES module. Importing it does nothing (no
// window, no document): a player is made by createPlayer (a frame in a container, from its data
// attributes), attachPlayer (a player frame already on the page) or mountAll (each data-kino-player
// element). The global script (embed.js) is this with window.KinoPlayer and an auto-mount on load.
export {
  ANSWER_TIMEOUT_MS,
  attachPlayer,
  createPlayer,
  KinoPlayer,
  mountAll,
  PlayerError,
  READY_TIMEOUT_MS,
  type AnyEventHandler,
  type EventHandler,
  type MountOptions,
  type PlayerErrorCode,
  type PlayerOptions,
} from './player.js';
export { FRAME_ATTRIBUTES, QUERY_ATTRIBUTES } from './frame.js';
export {
  COMMAND_NAMES,
  EVENT_NAMES,
  PROTOCOL,
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
