// The player's boot (its store, its actors' first steps: some tens of ms of the main thread) would
// land where it falls, and a film's early start waits on a chain of answers, each of which needs
// the main thread a moment to ask for the next. Under "Fast 4G" the player's code came while the
// master JSON was on its way, and the boot held its answer back 100 ms before the manifest could be
// asked for. So with autoplay the boot runs when the chain waits on the network (right after its
// next request has gone out, or once no answer it awaits leads to another), and never more than
// BOOT_HOLD_MAX_MS later than it would have.
import type { EarlyAnswers } from './earlyAnswers';

/** the longest the boot is held for the early start: about one answer's round trip on a fast line */
export const BOOT_HOLD_MAX_MS = 100;

/**
 * Runs `boot` once: at the early start's next wait on the network, at most BOOT_HOLD_MAX_MS from
 * now; at once without an early start, or without autoplay (the viewer waits for the interface,
 * which the boot asks for, not for the film's first frame).
 */
export function bootWhenNetworkBound(
  early: Pick<EarlyAnswers, 'whenWaitingOnNetwork'> | null,
  autoPlay: boolean,
  boot: () => void,
): void {
  if (!early || !autoPlay) {
    boot();
    return;
  }
  let booted = false;
  const once = () => {
    if (booted) return;
    booted = true;
    boot();
  };
  early.whenWaitingOnNetwork(once);
  setTimeout(once, BOOT_HOLD_MAX_MS);
}
