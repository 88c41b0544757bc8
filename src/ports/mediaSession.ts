import type { MediaSessionAction, MediaSessionEvent, MediaSessionPort } from './types';

const ALL_ACTIONS: MediaSessionAction[] = [
  'play',
  'pause',
  'seekbackward',
  'seekforward',
  'seekto',
  'nexttrack',
];

const finite = (n: number | undefined) =>
  typeof n === 'number' && Number.isFinite(n) ? n : undefined;

/**
 * The Media Session API: what the media keys, the lock screen and the system's notification show and
 * ask. Without the API (or with a browser that throws on an action it does not know) nothing happens.
 */
export function createMediaSessionPort(): MediaSessionPort {
  const session =
    typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
  const listeners = new Set<(event: MediaSessionEvent) => void>();
  // A press is told as the action its handler was set for: the browser's own action string (a
  // union wider than the player's, 'skipad', 'stop'...) is not trusted to be one of ours.
  const emit = (action: MediaSessionAction, details: MediaSessionActionDetails) => {
    const event: MediaSessionEvent = { action };
    const seekTime = finite(details.seekTime);
    const seekOffset = finite(details.seekOffset);
    if (seekTime !== undefined) event.seekTime = seekTime;
    if (seekOffset !== undefined) event.seekOffset = seekOffset;
    listeners.forEach((l) => l(event));
  };
  const quietly = (fn: () => void) => {
    try {
      fn();
    } catch {
      // an older browser without this action, or a value it will not take: the system shows less
    }
  };
  return {
    setMetadata(metadata) {
      if (!session) return;
      quietly(() => {
        session.metadata =
          metadata && typeof MediaMetadata === 'function'
            ? new MediaMetadata({
                title: metadata.title,
                artist: metadata.artist,
                album: metadata.album,
                artwork: metadata.artwork ? [{ src: metadata.artwork }] : [],
              })
            : null;
      });
    },
    setPlaybackState(state) {
      if (session) quietly(() => (session.playbackState = state));
    },
    setActions(actions) {
      if (!session) return;
      for (const action of ALL_ACTIONS)
        quietly(() =>
          session.setActionHandler(
            action,
            actions.includes(action) ? (details) => emit(action, details) : null,
          ),
        );
    },
    setPositionState(position) {
      if (!session || typeof session.setPositionState !== 'function') return;
      quietly(() => (position ? session.setPositionState(position) : session.setPositionState()));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
