import type { UnknownAction } from 'redux';
import type { PlayerState } from '../../src/state';
import { playbackRequests, SEEK_STEP_S, VOLUME_STEP } from '../../src/state/playback';
import { streamRequests } from '../../src/state/stream';
import { uiRequests } from '../../src/state/ui';
import { togglePlay } from './gestures';

const clampVolume = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 100) / 100;

/**
 * The keyboard, as vidstack, Plyr and media-chrome map it: Space/K play-pause, J/Left and L/Right
 * 10 s back and forward, Up/Down volume, M mute, F fullscreen, C subtitles, I picture-in-picture,
 * Escape closes a menu. Null for a key that means nothing to the player.
 */
export function actionForKey(key: string, s: PlayerState): UnknownAction | null {
  const { volume, muted } = s.media;
  switch (key.length === 1 ? key.toLowerCase() : key) {
    case ' ':
    case 'k':
      return togglePlay(s);
    case 'j':
    case 'ArrowLeft':
      return playbackRequests.seekByRequested({ seconds: -SEEK_STEP_S });
    case 'l':
    case 'ArrowRight':
      return playbackRequests.seekByRequested({ seconds: SEEK_STEP_S });
    case 'ArrowUp':
      return playbackRequests.volumeRequested({
        volume: clampVolume(volume + VOLUME_STEP),
        muted: false,
      });
    case 'ArrowDown':
      return playbackRequests.volumeRequested({ volume: clampVolume(volume - VOLUME_STEP), muted });
    case 'm':
      return playbackRequests.volumeRequested({ volume, muted: !muted });
    case 'f':
      return uiRequests.fullscreenToggled();
    case 'c': {
      const { subtitleTrack, subtitleTracks } = s.stream;
      const first = subtitleTracks[0];
      if (subtitleTrack >= 0) return streamRequests.subtitleRequested({ id: -1 });
      return first ? streamRequests.subtitleRequested({ id: first.id }) : null;
    }
    case 'i':
      return s.viewport.capabilities.pictureInPicture ? uiRequests.pictureInPictureToggled() : null;
    case 'Escape':
      return s.ui.menu ? uiRequests.menuClosed() : null;
    default:
      return null;
  }
}
