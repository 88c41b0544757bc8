import type { UnknownAction } from 'redux';
import type { PlayerState } from '../../src/state';
import { playbackRequests, SEEK_STEP_S, VOLUME_STEP } from '../../src/state/playback';
import { PLAYBACK_RATES } from '../../src/state/selectors';
import { streamRequests } from '../../src/state/stream';
import { uiRequests } from '../../src/state/ui';
import { togglePlay } from './gestures';

const clampVolume = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 100) / 100;

/** The next speed of the menu's list up or down from this one (none past either end). */
function nextRate(rate: number, step: 1 | -1) {
  const at = PLAYBACK_RATES.indexOf(rate);
  const next = PLAYBACK_RATES[at < 0 ? PLAYBACK_RATES.indexOf(1) : at + step];
  return next === undefined ? null : streamRequests.rateRequested({ rate: next });
}

/**
 * The keyboard, as vidstack, Plyr and media-chrome map it: Space/K play-pause, J/Left and L/Right
 * 10 s back and forward, Up/Down volume, M mute, F fullscreen, C subtitles, I picture-in-picture,
 * 0-9 to 0-90 % of the episode, Home/End to its start and end, Shift+< and Shift+> (the keys '<'
 * and '>') a speed down or up, Escape closes a menu. Null for a key that means nothing to the player.
 */
export function actionForKey(key: string, s: PlayerState): UnknownAction | null {
  const { volume, muted, duration } = s.media;
  if (/^[0-9]$/.test(key))
    return duration > 0
      ? playbackRequests.seekRequested({ time: (duration * Number(key)) / 10 })
      : null;
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
    case 'Home':
      return playbackRequests.seekRequested({ time: 0 });
    case 'End':
      return duration > 0 ? playbackRequests.seekRequested({ time: duration }) : null;
    case '<':
      return nextRate(s.stream.rate, -1);
    case '>':
      return nextRate(s.stream.rate, 1);
    case 'Escape':
      return s.ui.menu ? uiRequests.menuClosed() : null;
    default:
      return null;
  }
}
