import type { AdMediaEvent, AdMediaPort } from './types';
import type { PlayOutcome } from '../shared/media';
import { elementVolume } from './elementVolume';

const finite = (n: number) => (Number.isFinite(n) ? n : 0);

/** The browser adapter of the advert's <video>: progressive media files, played as they are. */
export function createAdMediaPort(video: HTMLVideoElement, player: HTMLElement): AdMediaPort {
  const listeners = new Set<(event: AdMediaEvent) => void>();
  const emit = (event: AdMediaEvent) => listeners.forEach((listener) => listener(event));
  const events: Record<string, () => AdMediaEvent> = {
    loadeddata: () => ({ type: 'loaded', duration: finite(video.duration) }),
    playing: () => ({ type: 'playing' }),
    pause: () => ({ type: 'pause', atEnd: video.ended }),
    timeupdate: () => ({
      type: 'timeupdate',
      currentTime: video.currentTime,
      duration: finite(video.duration),
    }),
    volumechange: () => ({
      type: 'volumechange',
      volume: elementVolume(video),
      muted: video.muted,
    }),
    ended: () => ({ type: 'ended' }),
    error: () => ({
      type: 'error',
      code: video.error?.code ?? 0,
      message: video.error?.message ?? 'media error',
    }),
  };
  for (const [name, toEvent] of Object.entries(events)) {
    // An emptied element (unload) has no source: its error is not the advert's.
    video.addEventListener(name, () => {
      if (video.getAttribute('src')) emit(toEvent());
    });
  }
  return {
    canPlay: (type, codec) => video.canPlayType(codec ? `${type}; codecs="${codec}"` : type) !== '',
    size: () => ({ width: player.clientWidth, height: player.clientHeight }),
    load(url) {
      if (video.getAttribute('src') === url && !video.error) {
        const ready = video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA;
        return { ready, duration: finite(video.duration) };
      }
      video.src = url;
      video.load();
      return { ready: false, duration: 0 };
    },
    show(visible) {
      video.hidden = !visible;
    },
    async play(): Promise<PlayOutcome> {
      try {
        await video.play();
        return { ok: true };
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NotAllowedError') return { ok: false, reason: 'not-allowed' };
        return { ok: false, reason: name === 'AbortError' ? 'aborted' : 'failed' };
      }
    },
    pause: () => video.pause(),
    setVolume(volume, muted) {
      video.volume = volume;
      video.muted = muted;
    },
    unload() {
      video.pause();
      video.removeAttribute('src');
      video.load();
      video.hidden = true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
