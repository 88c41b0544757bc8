// embed.js: the host SDK as a global script. `window.KinoPlayer` is the SDK's player class, whose
// frames default to the player beside this script (or the script's data-player-url); on load, every
// data-kino-player element the page has not given a player itself gets one. No React, no player
// code: a host page loads a few kilobytes.
import { PlayerError } from './errors.js';
import { attachPlayer, mountEach } from './mount.js';
import type { PlayerOptions } from './options.js';
import { KinoPlayer as Player } from './player.js';
import { parseAddress } from '../shared/address.js';

const script = document.currentScript as HTMLScriptElement | null;
/** the player's page: the script's data-player-url, or index.html beside the script */
const PLAYER_URL =
  parseAddress(
    script?.getAttribute('data-player-url') ?? 'index.html',
    script?.src || location.href,
  )?.href ?? 'index.html';

export class KinoPlayer extends Player {
  static readonly PlayerError = PlayerError;

  /** A frame in the container (the player beside this script unless `playerUrl` says), or the frame given. */
  constructor(target: HTMLElement, options: PlayerOptions = {}) {
    super(target, { ...options, playerUrl: options.playerUrl ?? PLAYER_URL });
  }

  /** The player of each data-kino-player element (made where there is none yet). */
  static mountAll(root: ParentNode = document, options: PlayerOptions = {}): Player[] {
    return mountEach({ ...options, root, playerUrl: options.playerUrl ?? PLAYER_URL }, false);
  }

  /** Takes a player frame already on the page. */
  static attach(frame: HTMLIFrameElement, options?: PlayerOptions): Player {
    return attachPlayer(frame, options);
  }
}

declare global {
  interface Window {
    KinoPlayer?: typeof KinoPlayer;
  }
}

window.KinoPlayer = KinoPlayer;

// After the page's own scripts: a player the page makes in an element replaces this one.
const autoMount = () => mountEach({ playerUrl: PLAYER_URL }, true);
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', autoMount);
else setTimeout(autoMount, 0);
