// The SDK player's command methods by name, every one: for a wrapper that forwards them (the React
// entry's ref). A method missing from the list does not compile.
import type { KinoPlayer } from './player.js';

/** The SDK player's methods that send a command (each a promise settled in a stated time). */
export type KinoPlayerCommand = {
  [K in keyof KinoPlayer]: KinoPlayer[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof KinoPlayer];

/** The names of those methods, every one (for a wrapper forwarding them, as the React entry's ref). */
export const PLAYER_COMMANDS = [
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
  'getFlightLog',
  'getQoe',
] as const satisfies readonly KinoPlayerCommand[];
// a command method missing from the list does not compile
type Unlisted = Exclude<KinoPlayerCommand, (typeof PLAYER_COMMANDS)[number]>;
const everyCommand: [Unlisted] extends [never] ? true : Unlisted = true;
void everyCommand;
