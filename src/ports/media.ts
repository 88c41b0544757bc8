import type Hls from 'hls.js';
import { levelCapOf, levelOfHeight } from '../stream/levels';
import { createStreamLoop, TICK_MS, type RawSample } from '../stream/loop';
import { LOAD_POLICIES } from '../stream/loadPolicies';
import { earlyManifestLoader } from '../stream/earlyManifestLoader';
import type { FetchedText } from '../shared/http';
import type { MediaSource as MediaSourceSpec, MediaPort } from './types';
import {
  NO_HLS_PLAYBACK,
  type ExternalSubtitle,
  type MediaErrorKind,
  type MediaEvent,
  type MediaTrack,
  type PlayOutcome,
} from '../shared/media';
import { elementVolume } from './elementVolume';

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

function errorKind({ ErrorTypes }: HlsModule, type: string): MediaErrorKind {
  if (type === ErrorTypes.NETWORK_ERROR) return 'network';
  if (type === ErrorTypes.MEDIA_ERROR) return 'media';
  return 'other';
}

/** The alternate rendition an hls.js error came from, by its playlist's loader context (if one). */
function trackOf(context: { type?: string; id?: number | null } | undefined) {
  const id = context?.id;
  if (typeof id !== 'number') return {};
  if (context?.type === 'audioTrack') return { track: { kind: 'audio' as const, id } };
  if (context?.type === 'subtitleTrack') return { track: { kind: 'subtitles' as const, id } };
  return {};
}

const track = (t: { id: number; name?: string; lang?: string }): MediaTrack => ({
  id: t.id,
  name: t.name ?? '',
  lang: t.lang ?? '',
});

/** hls.js events that show it at work: while a film waits for data, silence from all of them is a stall. */
const ENGINE_WORK = [
  'MANIFEST_LOADING',
  'LEVEL_LOADING',
  'LEVEL_LOADED',
  'AUDIO_TRACK_LOADING',
  'AUDIO_TRACK_LOADED',
  'FRAG_LOADING',
  'FRAG_LOADED',
  'FRAG_BUFFERED',
  'ERROR',
] as const;

/** How long a subtitle file may take before the film goes on without it. */
export const SUBTITLE_LOAD_LIMIT_MS = 4_000;

/** hls.js instances created and not yet destroyed, on this page (the QA API and the benchmarks read it). */
let liveEngines = 0;
export const liveStreamEngines = () => liveEngines;

/** Manifests fetched ahead of the stream engine, each handed out once. */
export interface EarlyManifests {
  manifest(url: string): Promise<FetchedText> | null;
}

/**
 * The browser adapter of the media port: the content <video> element fed by hls.js when
 * MediaSource is there, by the browser's own HLS otherwise. One hls.js instance at a time, destroyed
 * with all its listeners before the next. hls.js is its own bundle, which the page's early start
 * has already asked for; so is the first manifest (earlyManifestLoader).
 */
export function createMediaPort(
  video: HTMLVideoElement,
  early: EarlyManifests | null = null,
): MediaPort {
  const hlsModule: Promise<HlsModule> = import('hls.js');
  const listeners = new Set<(event: MediaEvent) => void>();
  const emit = (event: MediaEvent) => listeners.forEach((listener) => listener(event));
  let hls: Hls | null = null;
  let external: HTMLTrackElement[] = [];
  /** when hls.js last showed it was at work (stall watch: engineIdleMs) */
  let engineActiveAt = 0;
  /** the height automatic quality is capped under (Save-Data) until the viewer picks a level */
  let cappedHeight: number | null = null;

  const videoEvents: Record<string, () => MediaEvent> = {
    playing: () => ({ type: 'playing' }),
    pause: () => ({ type: 'pause', currentTime: video.currentTime }),
    waiting: () => ({ type: 'waiting' }),
    ended: () => ({ type: 'ended' }),
    seeking: () => ({ type: 'seeking', currentTime: video.currentTime }),
    seeked: () => ({ type: 'seeked', currentTime: video.currentTime }),
    durationchange: () => ({ type: 'durationchange', duration: finite(video.duration) }),
    ratechange: () => ({ type: 'ratechange', rate: video.playbackRate }),
    volumechange: () => ({
      type: 'volumechange',
      volume: elementVolume(video),
      muted: video.muted,
    }),
  };
  for (const [name, toEvent] of Object.entries(videoEvents)) {
    video.addEventListener(name, () => emit(toEvent()));
  }

  // The stream loop: a sample every 100 ms while playing, reported (one event, one flight-log
  // entry) when what it shows changes.
  const loop = createStreamLoop();
  let ticker: ReturnType<typeof setInterval> | undefined;
  const stopTicking = () => {
    clearInterval(ticker);
    ticker = undefined;
  };
  // Only the position is read every tick; the rest of the sample (the buffer is the dear part)
  // when the loop may report.
  video.addEventListener('playing', () => {
    stopTicking();
    ticker = setInterval(() => {
      const sample = loop.tick(video.currentTime, video.paused, rawSample);
      if (sample) emit({ type: 'tick', sample });
    }, TICK_MS);
  });
  for (const name of ['pause', 'ended', 'emptied']) video.addEventListener(name, stopTicking);

  /**
   * The browser holds the film back while a shown subtitle file is loading: one that never answers
   * would stop the film for good. Past SUBTITLE_LOAD_LIMIT_MS the subtitles are turned off instead.
   */
  function giveUpOnHungSubtitles(el: HTMLTrackElement) {
    setTimeout(() => {
      const loading =
        el.readyState === HTMLTrackElement.NONE || el.readyState === HTMLTrackElement.LOADING;
      if (!loading || el.track.mode === 'disabled' || !el.isConnected) return;
      el.removeAttribute('src'); // no address: the track fails at once, which the browser waits for
      el.remove();
      emit({ type: 'subtitleTrackSwitched', id: -1 });
    }, SUBTITLE_LOAD_LIMIT_MS);
  }

  function addExternalSubtitles(subtitles: ExternalSubtitle[]) {
    external = subtitles.map((s) => {
      const el = document.createElement('track');
      Object.assign(el, { kind: 'subtitles', src: s.src, label: s.label, srclang: s.language });
      video.append(el);
      el.track.mode = 'disabled';
      return el;
    });
    if (external.length) {
      const tracks = subtitles.map((s, id) => ({ id, name: s.label, lang: s.language }));
      queueMicrotask(() => emit({ type: 'subtitleTracks', tracks, current: -1 }));
    }
  }

  function rawSample(): RawSample {
    return {
      currentTime: video.currentTime,
      duration: finite(video.duration),
      bufferedEnd: bufferedEnd(video),
      paused: video.paused,
      bandwidth: finite(hls?.bandwidthEstimate ?? 0),
    };
  }

  function unload() {
    if (hls) {
      hls.destroy(); // removes every hls.js listener with it
      hls = null;
      liveEngines -= 1;
    }
    external.forEach((el) => el.remove());
    external = [];
    video.removeAttribute('src');
    video.load();
  }

  function attachHls(hlsJs: HlsModule, source: MediaSourceSpec) {
    const { default: HlsClass, Events } = hlsJs;
    const useOwnSubtitles = source.subtitles.length === 0;
    cappedHeight = null;
    liveEngines += 1;
    const instance = new HlsClass({
      ...LOAD_POLICIES,
      startPosition: source.startAt > 0 ? source.startAt : -1,
      enableWebVTT: useOwnSubtitles,
      ...(source.bandwidthEstimate ? { abrEwmaDefaultEstimate: source.bandwidthEstimate } : {}),
      ...(early ? { pLoader: earlyManifestLoader(hlsJs, (url) => early.manifest(url)) } : {}),
    });
    instance.on(Events.MANIFEST_PARSED, (_e, data) => {
      const levels = data.levels.map((l) => ({ height: l.height, bitrate: l.bitrate }));
      const chosen = levelOfHeight(levels, source.preferredHeight);
      if (chosen >= 0) instance.currentLevel = chosen;
      // set before hls.js picks its first level (it starts loading after this event)
      else {
        cappedHeight = source.autoMaxHeight ?? null;
        instance.autoLevelCapping = levelCapOf(levels, cappedHeight);
      }
      emit({ type: 'levels', levels, auto: instance.autoLevelEnabled });
    });
    // a level dropped (one that failed) moves the others' indices: the cap follows its height
    instance.on(Events.LEVELS_UPDATED, (_e, data) => {
      if (cappedHeight !== null) instance.autoLevelCapping = levelCapOf(data.levels, cappedHeight);
    });
    instance.on(Events.LEVEL_SWITCHED, (_e, data) =>
      emit({ type: 'levelSwitched', level: data.level, auto: instance.autoLevelEnabled }),
    );
    instance.on(Events.AUDIO_TRACKS_UPDATED, (_e, data) =>
      emit({
        type: 'audioTracks',
        tracks: data.audioTracks.map(track),
        current: instance.audioTrack,
      }),
    );
    instance.on(Events.AUDIO_TRACK_SWITCHED, (_e, data) =>
      emit({ type: 'audioTrackSwitched', id: data.id }),
    );
    if (useOwnSubtitles) {
      instance.on(Events.SUBTITLE_TRACKS_UPDATED, (_e, data) =>
        emit({
          type: 'subtitleTracks',
          tracks: data.subtitleTracks.map(track),
          current: instance.subtitleTrack,
        }),
      );
      // hls.js tells of a switch inside the call that asked for it: told after it, as the
      // external files' switches are
      instance.on(Events.SUBTITLE_TRACK_SWITCH, (_e, data) =>
        queueMicrotask(() => emit({ type: 'subtitleTrackSwitched', id: data.id })),
      );
    }
    instance.on(Events.ERROR, (_e, data) =>
      emit({
        type: 'error',
        fatal: data.fatal,
        kind: errorKind(hlsJs, data.type),
        details: data.details,
        ...trackOf(data.context ?? undefined),
        bandwidth: finite(instance.bandwidthEstimate),
        bufferLength: Math.max(0, bufferedEnd(video) - video.currentTime),
      }),
    );
    const working = () => {
      engineActiveAt = performance.now();
    };
    for (const name of ENGINE_WORK) instance.on(Events[name], working);
    working();
    instance.loadSource(source.url);
    instance.attachMedia(video);
    hls = instance;
  }

  return {
    async load(source) {
      const { url, startAt, subtitles } = source;
      unload();
      loop.reset();
      const hlsJs = await hlsModule;
      addExternalSubtitles(subtitles);
      if (hlsJs.default.isSupported()) {
        attachHls(hlsJs, source);
        return { engine: 'hls.js' };
      }
      if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = url;
        if (startAt > 0) video.currentTime = startAt;
        return { engine: 'native' };
      }
      throw Object.assign(new Error('This browser cannot play HLS'), { name: NO_HLS_PLAYBACK });
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
    playbackQuality() {
      const quality = video.getVideoPlaybackQuality?.();
      return {
        dropped: quality?.droppedVideoFrames ?? 0,
        total: quality?.totalVideoFrames ?? 0,
      };
    },
    pause: () => video.pause(),
    seek: (time) => {
      video.currentTime = time;
    },
    sample: () => loop.sample(rawSample()),
    buffered: () => {
      const ranges: [number, number][] = [];
      for (let i = 0; i < video.buffered.length; i++)
        ranges.push([video.buffered.start(i), video.buffered.end(i)]);
      return ranges;
    },
    setLevel: (level) => {
      if (!hls) return;
      cappedHeight = null;
      hls.autoLevelCapping = -1;
      hls.currentLevel = level;
    },
    setAudioTrack: (id) => {
      if (hls) hls.audioTrack = id;
    },
    setSubtitleTrack: (id) => {
      if (external.length) {
        external.forEach((el, i) => (el.track.mode = i === id ? 'showing' : 'disabled'));
        const chosen = external[id];
        // a file given up on before stays off
        const givenUp = chosen !== undefined && !chosen.isConnected;
        // told after the call (the actor may be mid-step), as hls.js's switches are
        queueMicrotask(() => {
          emit({ type: 'subtitleTrackSwitched', id });
          if (givenUp) emit({ type: 'subtitleTrackSwitched', id: -1 });
        });
        if (chosen && !givenUp) giveUpOnHungSubtitles(chosen);
      } else if (hls) {
        hls.subtitleDisplay = id >= 0;
        hls.subtitleTrack = id;
        if (id < 0) queueMicrotask(() => emit({ type: 'subtitleTrackSwitched', id }));
      }
    },
    setRate: (rate) => {
      video.playbackRate = rate;
    },
    setVolume: (volume, muted) => {
      video.volume = Math.min(1, Math.max(0, volume));
      video.muted = muted;
    },
    volume: () => ({ volume: elementVolume(video), muted: video.muted }),
    recover: (kind) => {
      if (kind === 'media') hls?.recoverMediaError();
      else hls?.startLoad();
    },
    engineIdleMs: () => (hls ? performance.now() - engineActiveAt : 0),
    unload,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
