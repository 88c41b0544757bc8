// The media port's engine where the browser has MediaSource: one hls.js instance for one stream,
// its events told as the port's, its controls (level, tracks, recovery) behind plain calls.
import type Hls from 'hls.js';
import type { XhrLoader } from 'hls.js';
import { abrConfig } from '../stream/abrController';
import type { HlsModule } from '../stream/hlsModule';
import { levelCapOf, levelOfHeight } from '../stream/levels';
import { LOAD_POLICIES } from '../stream/loadPolicies';
import { capPreloadUntilPlay } from '../stream/preloadCap';
import { hungLoadCounter } from '../stream/hungLoads';
import { earlyFragmentLoader, earlyPlaylistLoader, type EarlyLoads } from '../stream/earlyLoader';
import { DEMUXERS_MISSING, demuxersFor, demuxingLoader } from '../stream/lateDemuxers';
import type { MediaErrorKind, MediaEvent, MediaTrack } from '../shared/media';
import type { KeySystemLicense } from '../stream/protection';
import { emeConfig } from './hlsProtection';
import type { MediaSource as MediaSourceSpec } from './types';
import { bufferLength, finite } from './mediaElement';

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

/**
 * Whether hls.js takes a ManagedMediaSource, by its own rule (getMediaSource): where preferred, or
 * where the browser has no other (iPhones).
 */
const usesManagedMediaSource = (hls: Hls) =>
  typeof (self as { ManagedMediaSource?: unknown }).ManagedMediaSource !== 'undefined' &&
  (hls.config.preferManagedMediaSource || typeof self.MediaSource === 'undefined');

/**
 * AirPlay hands the receiver an address, and a ManagedMediaSource has none to hand: hls.js turns
 * remote playback off for it, so AirPlay would do nothing. A second <source> with the stream's own
 * address, next to hls.js's, is what AirPlay sends instead (hls.js and WebKit's advice), and remote
 * playback goes back on. Done once the MediaSource is open (it opens only with remote playback off or
 * such a source), and after every attach: a media error's recovery attaches anew, clearing the sources.
 */
function offerAirPlaySource({ Events }: HlsModule, hls: Hls, video: HTMLVideoElement, url: string) {
  const airplay = document.createElement('source');
  airplay.type = 'application/x-mpegURL';
  airplay.src = url;
  hls.on(Events.MEDIA_ATTACHED, () => {
    video.append(airplay);
    video.disableRemotePlayback = false;
  });
  // left behind, the element would play it itself once hls.js is gone
  return () => airplay.remove();
}

/**
 * hls.js's fragment loader, where the player needs one of its own: one that takes the early start's
 * segments, and one that holds a segment needing the demuxers the build loads later (lateDemuxers.ts);
 * `missing`: they could not be loaded.
 */
function fragmentLoaderOf(
  hlsJs: HlsModule,
  early: EarlyLoads | null,
  missing: () => void,
  progressed: () => void,
) {
  const base = early ? earlyFragmentLoader(hlsJs, early, progressed) : null;
  if (!hlsJs.provideDemuxers) return base; // hls.js's own package: its demuxers are inside
  return demuxingLoader(
    base ?? (hlsJs.default.DefaultConfig.loader as typeof XhrLoader),
    demuxersFor(hlsJs),
    missing,
  );
}

/** a level's segments, s, before its playlist says (HLS authoring's usual 6 s) */
const FALLBACK_SEGMENT_S = 6;

/** hls.js instances created and not yet destroyed, on this page (the QA API and the benchmarks read it). */
let liveEngines = 0;
export const liveStreamEngines = () => liveEngines;

export type HlsEngine = ReturnType<typeof startHlsEngine>;

/**
 * Loads the source into the element through hls.js; `useOwnSubtitles`: the stream's renditions;
 * `license`: the key system granted for a protected source.
 */
export function startHlsEngine(
  hlsJs: HlsModule,
  video: HTMLVideoElement,
  source: MediaSourceSpec,
  emit: (event: MediaEvent) => void,
  early: EarlyLoads | null,
  useOwnSubtitles: boolean,
  license: KeySystemLicense | null = null,
) {
  const { default: HlsClass, Events } = hlsJs;
  /** when hls.js last showed it was at work, or a load of its got bytes (stall watch: idleMs) */
  let activeAt = 0;
  const working = () => {
    activeAt = performance.now();
  };
  const fLoader = fragmentLoaderOf(
    hlsJs,
    early,
    // the demuxers' bundle not had: nothing here can play the film (another source may)
    () =>
      emit({
        type: 'error',
        fatal: true,
        kind: 'other',
        details: DEMUXERS_MISSING,
        bandwidth: finite(hls.bandwidthEstimate),
        bufferLength: bufferLength(video),
      }),
    working,
  );
  /** the height automatic quality is capped under (Save-Data) until the viewer picks a level */
  let cappedHeight: number | null = null;
  const hangs = hungLoadCounter();
  liveEngines += 1;
  const hls: Hls = new HlsClass({
    ...LOAD_POLICIES,
    // The adverts are the player's own VAST breaks: HLS interstitials (EXT-X-DATERANGE) would play
    // over them unseen by the player's state. Without that controller, a film on demand has no
    // timeupdate listener in hls.js (four calls a second) once its first level playlist is in, until
    // a media-error recovery attaches the element again.
    interstitialsController: undefined,
    startPosition: source.startAt > 0 ? source.startAt : -1,
    enableWebVTT: useOwnSubtitles,
    // captions inside the video (CEA-608/708) would be native text tracks no menu of the player
    // offers: left unparsed, and their parser out of the build (tools/build/hls.mjs)
    enableCEA708Captions: false,
    // a segment coming slowly (a 150 KB one takes a minute at 20 kbit/s) is hls.js at work, not
    // silent: the stall watch would otherwise ask for it again from its first byte, again and again
    xhrSetup: (xhr: XMLHttpRequest) => xhr.addEventListener('progress', working),
    ...abrConfig(hlsJs, source.bandwidthEstimate),
    ...(license
      ? emeConfig(license, ({ url, bytes }) =>
          emit({ type: 'licenseReceived', keySystem: license.keySystem, url, bytes }),
        )
      : {}),
    ...(early ? { pLoader: earlyPlaylistLoader(hlsJs, early) } : {}),
    ...(fLoader ? { fLoader } : {}),
  });
  hls.on(Events.MANIFEST_PARSED, (_e, data) => {
    const levels = data.levels.map((l) => ({ height: l.height, bitrate: l.bitrate }));
    const chosen = levelOfHeight(levels, source.preferredHeight);
    if (chosen >= 0) hls.currentLevel = chosen;
    // set before hls.js picks its first level (it starts loading after this event)
    else {
      cappedHeight = source.autoMaxHeight ?? null;
      hls.autoLevelCapping = levelCapOf(levels, cappedHeight);
    }
    emit({ type: 'levels', levels, auto: hls.autoLevelEnabled });
  });
  // a level dropped (one that failed) moves the others' indices: the cap follows its height
  hls.on(Events.LEVELS_UPDATED, (_e, data) => {
    if (cappedHeight !== null) hls.autoLevelCapping = levelCapOf(data.levels, cappedHeight);
  });
  hls.on(Events.LEVEL_SWITCHED, (_e, data) =>
    emit({ type: 'levelSwitched', level: data.level, auto: hls.autoLevelEnabled }),
  );
  hls.on(Events.AUDIO_TRACKS_UPDATED, (_e, data) =>
    emit({ type: 'audioTracks', tracks: data.audioTracks.map(track), current: hls.audioTrack }),
  );
  hls.on(Events.AUDIO_TRACK_SWITCHED, (_e, data) =>
    emit({ type: 'audioTrackSwitched', id: data.id }),
  );
  if (useOwnSubtitles) {
    hls.on(Events.SUBTITLE_TRACKS_UPDATED, (_e, data) =>
      emit({
        type: 'subtitleTracks',
        tracks: data.subtitleTracks.map(track),
        current: hls.subtitleTrack,
      }),
    );
    // hls.js tells of a switch inside the call that asked for it: told after it, as the
    // external files' switches are
    hls.on(Events.SUBTITLE_TRACK_SWITCH, (_e, data) =>
      queueMicrotask(() => emit({ type: 'subtitleTrackSwitched', id: data.id })),
    );
  }
  hls.on(Events.FRAG_LOADED, () => hangs.segmentLoaded());
  hls.on(Events.ERROR, (_e, data) =>
    emit({
      type: 'error',
      fatal: hangs.failed(data.details) || data.fatal,
      kind: errorKind(hlsJs, data.type),
      details: data.details,
      ...trackOf(data.context ?? undefined),
      // no answer at all (refused, reset, offline): the stream actor asks whether the network is gone
      ...(data.response?.code === 0 ? { noResponse: true as const } : {}),
      // a key system's failure: which one (the source's granted one), and its license server's answer
      ...(license && data.type === hlsJs.ErrorTypes.KEY_SYSTEM_ERROR
        ? {
            keySystem: license.keySystem,
            ...(data.response ? { licenseStatus: data.response.code } : {}),
          }
        : {}),
      bandwidth: finite(hls.bandwidthEstimate),
      bufferLength: bufferLength(video),
    }),
  );
  for (const name of ENGINE_WORK) hls.on(Events[name], working);
  working();
  const withdrawAirPlaySource = usesManagedMediaSource(hls)
    ? offerAirPlaySource(hlsJs, hls, video, source.url)
    : () => undefined;
  const liftPreloadCap = capPreloadUntilPlay(hls, video);
  hls.loadSource(source.url);
  hls.attachMedia(video);

  /**
   * The pick from the next segments on (nextLevel). hls.js drops what is buffered ahead only from a
   * segment it finds it can load again in time; should it drop nothing while more than two segments
   * of the other rung are ahead, they would show for that long: the pick then goes at once, its
   * buffer reloaded (a short wait rather than a rung the viewer turned down).
   */
  function switchFromNextSegments(level: number) {
    let flushed = false;
    const sawFlush = () => {
      flushed = true;
    };
    hls.on(Events.BUFFER_FLUSHING, sawFlush);
    hls.nextLevel = level; // hls.js asks for its flush inside this call
    hls.off(Events.BUFFER_FLUSHING, sawFlush);
    const segmentS = hls.levels[level]?.details?.targetduration ?? FALLBACK_SEGMENT_S;
    if (!flushed && bufferLength(video) > 2 * segmentS) hls.currentLevel = level;
  }

  return {
    bandwidth: () => hls.bandwidthEstimate,
    /** -1 for automatic; the viewer's pick, so it lifts the Save-Data cap */
    setLevel(level: number) {
      cappedHeight = null;
      hls.autoLevelCapping = -1;
      const playing = hls.currentLevel;
      // After a pick, hls.js names the rung on screen only from its next tick (100 ms): until
      // then it is the one before the pick, and what is buffered ahead is of the pick. So while
      // the viewer's own rung is loading, any other goes at once, as from a different rung.
      const otherThanPicked = !hls.autoLevelEnabled && hls.loadLevel !== level;
      if (level !== -1 && (level !== playing || otherThanPicked)) {
        hls.currentLevel = level; // the buffer of the old rung goes, so the pick shows at once
        return;
      }
      // The rung already on screen. While hls.js loads another one (the automatic choice had
      // climbed), what is buffered ahead is of that rung and would show for up to a buffer's
      // length: it goes, from the first segment hls.js can load again before the film reaches it
      // (nextLevel: the next one, or the one after when a load may not come in time). Otherwise,
      // and for auto, nothing is flushed (nextLevel would drop a buffer of the very rung picked).
      // Either way hls.js tells of no switch, so the choice is told here (the menu and the host's
      // qualityChange follow it).
      if (level !== -1 && hls.loadLevel !== level) switchFromNextSegments(level);
      else hls.loadLevel = level;
      if (playing >= 0)
        queueMicrotask(() =>
          emit({ type: 'levelSwitched', level: playing, auto: hls.autoLevelEnabled }),
        );
    },
    setAudioTrack(id: number) {
      hls.audioTrack = id;
    },
    /** the stream's own subtitle renditions (-1: off) */
    setSubtitleTrack(id: number) {
      hls.subtitleDisplay = id >= 0;
      hls.subtitleTrack = id;
      if (id < 0) queueMicrotask(() => emit({ type: 'subtitleTrackSwitched', id }));
    },
    recover(kind: 'media' | 'network') {
      if (kind === 'media') hls.recoverMediaError();
      // a manifest that never came (the network was gone at the start) is asked for again
      else if (hls.levels.length === 0 && hls.url) hls.loadSource(hls.url);
      else hls.startLoad();
    },
    idleMs: () => performance.now() - activeAt,
    destroy() {
      hls.destroy(); // removes every hls.js listener with it
      withdrawAirPlaySource();
      liftPreloadCap();
      liveEngines -= 1;
    },
  };
}
