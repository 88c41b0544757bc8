// The media port: the content <video> element (mediaElement.ts), fed by hls.js where the browser
// has MediaSource (hlsEngine.ts), by the browser's own HLS otherwise (nativeEngine.ts), with a
// master JSON's subtitle files as its tracks (externalSubtitles.ts).
import type { MediaPort } from './types';
import { NO_HLS_PLAYBACK, type MediaEvent, type PlayOutcome } from '../shared/media';
import { elementVolume } from './elementVolume';
import { externalSubtitles } from './externalSubtitles';
import { startHlsEngine, type HlsEngine } from './hlsEngine';
import type { EarlyLoads } from '../stream/earlyLoader';
import type { HlsModule } from '../stream/hlsModule';
import { watchMediaElement } from './mediaElement';
import { playsHlsItself, startNativeEngine } from './nativeEngine';
import { shouldWaitToStart, untilStartable, watchViewerInput } from './startFromFirstFrame';
import { firstGrantedKeySystem } from './keySystemAccess';
import { NO_KEY_SYSTEM } from '../stream/protection';

export { liveStreamEngines } from './hlsEngine';

const playOutcome = (error: unknown): PlayOutcome => {
  const name = (error as Error).name;
  const reason =
    name === 'NotAllowedError' ? 'not-allowed' : name === 'AbortError' ? 'aborted' : 'failed';
  return { ok: false, reason };
};

const noKeySystem = () =>
  Object.assign(new Error('The browser grants none of the source’s key systems'), {
    name: NO_KEY_SYSTEM,
  });

/**
 * The browser adapter of the media port. One hls.js instance at a time, destroyed with all its
 * listeners before the next. hls.js is its own bundle, which the page's early start has already
 * asked for; so are the manifest and the first loads hls.js will make (stream/earlyLoader.ts).
 */
export function createMediaPort(
  video: HTMLVideoElement,
  early: EarlyLoads | null = null,
): MediaPort {
  // every film's hls.js, asked for at once (the page's early start has already); a protected
  // source's, with EME, only when one comes
  const plainHls: Promise<HlsModule> = import('hls.js');
  const listeners = new Set<(event: MediaEvent) => void>();
  const emit = (event: MediaEvent) => listeners.forEach((listener) => listener(event));
  let hls: HlsEngine | null = null;
  let stopFairPlay: (() => void) | null = null;
  // the first play of a load waiting for the element to be able to play (startFromFirstFrame.ts)
  let startWait: AbortController | null = null;
  const lastInputAt = watchViewerInput(video.ownerDocument);
  const stopWaiting = () => {
    startWait?.abort();
    startWait = null;
  };
  const element = watchMediaElement(video, emit, () => hls?.bandwidth() ?? 0);
  const subtitles = externalSubtitles(video, emit);

  /** pause() calls so far: a play tells whether one came while it was under way */
  let pauses = 0;
  async function startPlaying(): Promise<PlayOutcome> {
    try {
      if (hls && (startWait || shouldWaitToStart(video, lastInputAt()))) {
        startWait ??= new AbortController();
        const { signal } = startWait;
        await untilStartable(video, signal);
        // a pause or the stream actor's unload came first: this play is not carried out
        if (signal.aborted) return { ok: false, reason: 'aborted' };
        startWait = null;
      }
      await video.play();
      return { ok: true };
    } catch (error) {
      return playOutcome(error);
    }
  }

  // A load's own unload keeps a waiting first play: a recovery's or a source switch's new load takes
  // it over (the element is paused meanwhile, so the stream actor would not ask again). Only the
  // stream actor's unload (after a failure, always with a pause first) and a pause end it.
  function unload() {
    hls?.destroy();
    hls = null;
    stopFairPlay?.();
    stopFairPlay = null;
    subtitles.removeAll();
    video.removeAttribute('src');
    video.load();
  }

  return {
    async load(source) {
      unload();
      element.reset();
      const protectedSource = (source.protection?.length ?? 0) > 0;
      const hlsJs: HlsModule = protectedSource ? await import('hls.js-protected') : await plainHls;
      subtitles.add(source.subtitles);
      if (hlsJs.default.isSupported()) {
        const license = protectedSource
          ? await firstGrantedKeySystem(source.protection ?? [])
          : null;
        if (protectedSource && !license) throw noKeySystem();
        hls = startHlsEngine(hlsJs, video, source, emit, early, !subtitles.any, license);
        return { engine: 'hls.js' };
      }
      if (playsHlsItself(video)) {
        // the browser's own HLS: FairPlay alone, its key exchange driven here (fairPlay.ts)
        if (protectedSource) {
          const fairPlay = (source.protection ?? []).filter((k) => k.keySystem === 'fairplay');
          const license = await firstGrantedKeySystem(fairPlay);
          if (!license) throw noKeySystem();
          // its own chunk: only an iPhone's own HLS ever needs it
          const { startFairPlay } = await import('./fairPlay');
          stopFairPlay = startFairPlay(video, license, emit);
        }
        startNativeEngine(video, source);
        return { engine: 'native' };
      }
      throw Object.assign(new Error('This browser cannot play HLS'), { name: NO_HLS_PLAYBACK });
    },
    async play(): Promise<PlayOutcome> {
      const pausesBefore = pauses;
      const outcome = await startPlaying();
      // cut short by a pause (its wait ended, or play() rejected): the viewer's pause, which the
      // stream actor keeps, unlike a recovery's reload that aborts a play it must make up for
      return !outcome.ok && pauses !== pausesBefore ? { ok: false, reason: 'paused' } : outcome;
    },
    playbackQuality() {
      const quality = video.getVideoPlaybackQuality?.();
      return {
        dropped: quality?.droppedVideoFrames ?? 0,
        total: quality?.totalVideoFrames ?? 0,
      };
    },
    pause: () => {
      pauses++;
      stopWaiting();
      video.pause();
    },
    seek: (time) => {
      video.currentTime = time;
    },
    sample: () => element.sample(),
    buffered: () => {
      const ranges: [number, number][] = [];
      for (let i = 0; i < video.buffered.length; i++)
        ranges.push([video.buffered.start(i), video.buffered.end(i)]);
      return ranges;
    },
    setLevel: (level) => hls?.setLevel(level),
    setAudioTrack: (id) => hls?.setAudioTrack(id),
    setSubtitleTrack: (id) => {
      if (subtitles.any) subtitles.show(id);
      else hls?.setSubtitleTrack(id);
    },
    setRate: (rate) => {
      video.playbackRate = rate;
    },
    setVolume: (volume, muted) => {
      video.volume = Math.min(1, Math.max(0, volume));
      video.muted = muted;
    },
    volume: () => ({ volume: elementVolume(video), muted: video.muted }),
    recover: (kind) => hls?.recover(kind),
    engineIdleMs: () => hls?.idleMs() ?? 0,
    unload: () => {
      stopWaiting();
      unload();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
