import type Hls from 'hls.js';
import type { MediaEvent, MediaPort, PlayOutcome } from './types';

type HlsModule = typeof import('hls.js');

const finite = (n: number) => (Number.isFinite(n) ? n : 0);

function bufferedEnd(video: HTMLVideoElement): number {
  const { buffered, currentTime } = video;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.1 && currentTime <= buffered.end(i))
      return buffered.end(i);
  }
  return currentTime;
}

function errorKind({ ErrorTypes }: HlsModule, type: string): 'network' | 'media' | 'other' {
  if (type === ErrorTypes.NETWORK_ERROR) return 'network';
  if (type === ErrorTypes.MEDIA_ERROR) return 'media';
  return 'other';
}

/**
 * The browser adapter of the media port: the content <video> element fed by hls.js when
 * MediaSource is there, by the browser's own HLS otherwise. One hls.js instance at a time.
 * hls.js is its own bundle, fetched from the start but evaluated off the path to the first paint.
 */
export function createMediaPort(video: HTMLVideoElement): MediaPort {
  const hlsModule: Promise<HlsModule> = import('hls.js');
  const listeners = new Set<(event: MediaEvent) => void>();
  const emit = (event: MediaEvent) => listeners.forEach((listener) => listener(event));
  let hls: Hls | null = null;

  const videoEvents: Record<string, () => MediaEvent> = {
    playing: () => ({ type: 'playing' }),
    pause: () => ({ type: 'pause' }),
    waiting: () => ({ type: 'waiting' }),
    ended: () => ({ type: 'ended' }),
    seeked: () => ({ type: 'seeked', currentTime: video.currentTime }),
    timeupdate: () => ({
      type: 'timeupdate',
      currentTime: video.currentTime,
      duration: finite(video.duration),
      bufferedEnd: bufferedEnd(video),
    }),
    volumechange: () => ({ type: 'volumechange', volume: video.volume, muted: video.muted }),
  };
  for (const [name, toEvent] of Object.entries(videoEvents)) {
    video.addEventListener(name, () => emit(toEvent()));
  }

  function unload() {
    if (hls) {
      hls.destroy(); // removes every hls.js listener with it
      hls = null;
    }
    video.removeAttribute('src');
    video.load();
  }

  return {
    async load({ url, startAt }) {
      unload();
      const hlsJs = await hlsModule;
      const { default: Hls, Events } = hlsJs;
      if (Hls.isSupported()) {
        const instance = new Hls({ startPosition: startAt > 0 ? startAt : -1 });
        instance.on(Events.MANIFEST_PARSED, (_e, data) =>
          emit({
            type: 'levels',
            levels: data.levels.map((l) => ({ height: l.height, bitrate: l.bitrate })),
          }),
        );
        instance.on(Events.LEVEL_SWITCHED, (_e, data) =>
          emit({ type: 'levelSwitched', level: data.level }),
        );
        instance.on(Events.ERROR, (_e, data) =>
          emit({
            type: 'error',
            fatal: data.fatal,
            kind: errorKind(hlsJs, data.type),
            details: data.details,
          }),
        );
        instance.loadSource(url);
        instance.attachMedia(video);
        hls = instance;
        return { engine: 'hls.js' };
      }
      if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = url;
        if (startAt > 0) video.currentTime = startAt;
        return { engine: 'native' };
      }
      throw new Error('This browser cannot play HLS');
    },
    async play(): Promise<PlayOutcome> {
      try {
        await video.play();
        return { ok: true };
      } catch (error) {
        const name = (error as Error).name;
        return {
          ok: false,
          reason:
            name === 'NotAllowedError'
              ? 'not-allowed'
              : name === 'AbortError'
                ? 'aborted'
                : 'failed',
        };
      }
    },
    pause: () => video.pause(),
    seek: (time) => {
      video.currentTime = time;
    },
    unload,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
