// The ways a page gets a player: made in a container, attached to a frame already there, or one for
// each data-kino-player element (the global script's auto-mount among them).
import { KinoPlayer, makeMounted, mounted } from './player.js';
import type { MountOptions, PlayerOptions } from './options.js';

/** Makes the player's frame in a container, from its data attributes. */
export function createPlayer(
  container: HTMLElement,
  options: PlayerOptions & { playerUrl: string },
): KinoPlayer {
  return new KinoPlayer(container, options);
}

/** Takes a player frame already on the page. */
export function attachPlayer(frame: HTMLIFrameElement, options?: PlayerOptions): KinoPlayer {
  return new KinoPlayer(frame, options);
}

/**
 * The player of each `data-kino-player` element under `root`: the one this SDK made there already,
 * or a new one (an element with a player frame of another copy of the SDK is left alone).
 */
export function mountAll(options: MountOptions): KinoPlayer[] {
  return mountEach(options, false);
}

/** @internal mountAll, the players it makes marked as the global script's auto-mount */
export function mountEach({ root, ...options }: MountOptions, auto: boolean): KinoPlayer[] {
  const scope = root ?? document;
  const players: KinoPlayer[] = [];
  for (const element of Array.from(scope.querySelectorAll<HTMLElement>('[data-kino-player]'))) {
    const known = mounted.get(element);
    if (known) players.push(known.player);
    else if (!element.querySelector('iframe[data-kino-frame]'))
      players.push(makeMounted(element, options, auto));
  }
  return players;
}
