import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MasterSource } from '../api/types';
import type {
  ExternalSubtitle,
  MediaErrorKind,
  MediaLevel,
  MediaTrack,
  StreamEngine,
} from '../shared/media';
import { autoMaxHeight } from '../stream/levels';
import type { CompactCue, Thumbnails } from '../stream/thumbnails';
import { contentActions } from './content';
import { NO_MARKERS, type Markers } from '../stream/markers';

/** Who asked: a host page's command (not remembered as the viewer's preference) or the viewer. */
export interface AskedBy {
  byHost?: true;
}

/** The viewer's (or the host's) choices; the stream actor carries them out, the media confirms them. */
export const streamRequests = {
  qualityRequested: createAction<{ level: number }>('stream/qualityRequested'),
  audioTrackRequested: createAction<{ id: number }>('stream/audioTrackRequested'),
  subtitleRequested: createAction<{ id: number } & AskedBy>('stream/subtitleRequested'),
  rateRequested: createAction<{ rate: number } & AskedBy>('stream/rateRequested'),
  sourceRequested: createAction<{ index: number }>('stream/sourceRequested'),
};

/** SPEC.md section 8: the error types analytics hears are network and other. */
export type StreamErrorType = 'network' | 'other';
export type NetworkType = 'gprs' | '2g' | '3g' | '4g' | 'wifi';

export interface StreamError {
  fatal: boolean;
  kind: MediaErrorKind;
  errorType: StreamErrorType;
  details: string;
  networkType: NetworkType;
  bufferLength: number;
  /** a key system's failure: which key system, and its license server's HTTP status */
  keySystem?: string;
  licenseStatus?: number;
}

export interface StreamState {
  url: string | null;
  engine: StreamEngine | null;
  /** the load's progress; how the stream fares after it is the stream's health (streamHealth.ts) */
  status: 'idle' | 'loading' | 'ready';
  /** the dubbing studios of a master JSON, and the one playing */
  sources: MasterSource[];
  sourceIndex: number;
  levels: MediaLevel[];
  currentLevel: number;
  autoLevel: boolean;
  /** a height the viewer chose (not Auto), kept across episodes */
  preferredHeight: number | null;
  audioTracks: MediaTrack[];
  audioTrack: number;
  subtitleTracks: MediaTrack[];
  subtitleTrack: number;
  rate: number;
  lastError: StreamError | null;
  /** the engine's bandwidth estimate (bits/s) as last kept, this session's or the last one's */
  bandwidth: number | null;
  /**
   * The stream loop's memory, kept here so that the stream actor, started again (after a crash, or
   * in a replay resumed at a checkpoint), goes on as it was: the played time of this source when the
   * estimate was last kept, and the played time of the episode's earlier sources (another dubbing
   * does not start the count over).
   */
  bandwidthKeptAtMs: number;
  playedBeforeMs: number;
  /** where the sources' relative links are resolved against, and the master's own subtitles */
  base: string;
  subtitles: ExternalSubtitle[];
  /** the master JSON's intro, credits and chapters of the episode */
  markers: Markers;
  /** the browser says the viewer saves data (Save-Data): automatic quality is capped */
  saveData: boolean;
  /** the viewer (or the host) picked a quality this session: the Save-Data cap no longer applies */
  qualityPicked: boolean;
  /**
   * The progress bar's previews: the master JSON's thumbnails file (null without one), the file
   * whose answer is here (fetched after the film's first frame), whether it could not be had, and
   * its images and compact cues (none when it failed or held none)
   */
  thumbnails: {
    src: string | null;
    loadedFrom: string | null;
    failed: boolean;
    images: string[];
    cues: CompactCue[];
  };
}

const initialState: StreamState = {
  url: null,
  engine: null,
  status: 'idle',
  sources: [],
  sourceIndex: 0,
  levels: [],
  currentLevel: -1,
  autoLevel: true,
  preferredHeight: null,
  audioTracks: [],
  audioTrack: -1,
  subtitleTracks: [],
  subtitleTrack: -1,
  rate: 1,
  lastError: null,
  bandwidth: null,
  bandwidthKeptAtMs: 0,
  playedBeforeMs: 0,
  base: '',
  subtitles: [],
  markers: NO_MARKERS,
  saveData: false,
  qualityPicked: false,
  thumbnails: { src: null, loadedFrom: null, failed: false, images: [], cues: [] },
};

export const streamSlice = createSlice({
  name: 'stream',
  initialState,
  reducers: {
    loadStarted(
      state,
      action: PayloadAction<{
        url: string;
        sources: MasterSource[];
        sourceIndex: number;
        playedBeforeMs?: number;
        base?: string;
        subtitles?: ExternalSubtitle[];
        markers?: Markers;
        thumbnails?: string | null;
      }>,
    ) {
      const { thumbnails: src = null, ...payload } = action.payload;
      return {
        ...initialState,
        ...payload,
        status: 'loading',
        preferredHeight: state.preferredHeight,
        rate: state.rate,
        bandwidth: state.bandwidth,
        saveData: state.saveData,
        qualityPicked: state.qualityPicked,
        // another source of the same film (or an episode of the same file) keeps the file it has
        // (even one without usable cues: asking again would get the same); one that failed is
        // asked for again
        thumbnails:
          src === state.thumbnails.src &&
          state.thumbnails.loadedFrom === src &&
          !state.thumbnails.failed
            ? state.thumbnails
            : { ...initialState.thumbnails, src },
      };
    },
    /** the thumbnails file's cues, for the file still wanted */
    thumbnailsLoaded(state, action: PayloadAction<{ src: string } & Thumbnails>) {
      const { src, images, cues } = action.payload;
      if (src !== state.thumbnails.src) return;
      state.thumbnails = { src, loadedFrom: src, failed: false, images, cues };
    },
    /** the thumbnails file could not be had: the bar shows no previews */
    thumbnailsFailed(state, action: PayloadAction<{ src: string; detail: string }>) {
      if (action.payload.src !== state.thumbnails.src) return;
      state.thumbnails.loadedFrom = action.payload.src;
      state.thumbnails.failed = true;
      state.thumbnails.images = [];
      state.thumbnails.cues = [];
    },
    /** the bandwidth estimate kept for the next choices (the first level, an ad's media file) */
    bandwidthEstimated(
      state,
      action: PayloadAction<{ bitsPerSecond: number | null; atPlayedMs?: number }>,
    ) {
      state.bandwidth = action.payload.bitsPerSecond;
      if (action.payload.atPlayedMs !== undefined)
        state.bandwidthKeptAtMs = action.payload.atPlayedMs;
    },
    saveDataKnown(state, action: PayloadAction<{ saveData: boolean }>) {
      state.saveData = action.payload.saveData;
    },
    attached(state, action: PayloadAction<{ engine: StreamEngine }>) {
      state.engine = action.payload.engine;
      state.status = 'ready';
    },
    levelsLoaded(state, action: PayloadAction<{ levels: MediaLevel[]; auto: boolean }>) {
      state.levels = action.payload.levels;
      state.autoLevel = action.payload.auto;
    },
    levelSwitched(state, action: PayloadAction<{ level: number; auto: boolean }>) {
      state.currentLevel = action.payload.level;
      state.autoLevel = action.payload.auto;
    },
    audioTracksLoaded(state, action: PayloadAction<{ tracks: MediaTrack[]; current: number }>) {
      state.audioTracks = action.payload.tracks;
      state.audioTrack = action.payload.current;
    },
    audioTrackSwitched(state, action: PayloadAction<{ id: number }>) {
      state.audioTrack = action.payload.id;
    },
    subtitleTracksLoaded(state, action: PayloadAction<{ tracks: MediaTrack[]; current: number }>) {
      state.subtitleTracks = action.payload.tracks;
      state.subtitleTrack = action.payload.current;
    },
    subtitleTrackSwitched(state, action: PayloadAction<{ id: number }>) {
      state.subtitleTrack = action.payload.id;
    },
    /** a protected film's license came: a fact for the flight log and the report, nothing to keep */
    licenseReceived(
      _state,
      _action: PayloadAction<{ keySystem: string; url: string; bytes: number }>,
    ) {},
    rateChanged(state, action: PayloadAction<{ rate: number }>) {
      state.rate = action.payload.rate;
    },
    /** the last session's speed, applied with the first load (the element reports its change) */
    rateRestored(state, action: PayloadAction<{ rate: number }>) {
      state.rate = action.payload.rate;
    },
    errorOccurred(state, action: PayloadAction<StreamError>) {
      state.lastError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(streamRequests.qualityRequested, (state, action) => {
      // A choice of the viewer's, not of the engine's: remembered for the next episodes.
      state.preferredHeight =
        action.payload.level < 0 ? null : (state.levels[action.payload.level]?.height ?? null);
      state.qualityPicked = true;
    });
    // the speed asked is the one each later load applies (the element confirms it)
    builder.addCase(streamRequests.rateRequested, (state, action) => {
      state.rate = action.payload.rate;
    });
    // the last episode's intro, credits and chapters never show while the next one loads
    builder.addCase(contentActions.episodeSelected, (state) => {
      state.markers = NO_MARKERS;
    });
  },
});

export const streamActions = streamSlice.actions;

// Selectors of this slice: each takes any state that holds it.
type Holds = { stream: StreamState };
export const selectStreamStatus = (s: Holds) => s.stream.status;
export const selectPreferredHeight = (s: Holds) => s.stream.preferredHeight;
export const selectRate = (s: Holds) => s.stream.rate;
export const selectAutoMaxHeight = (s: Holds) =>
  autoMaxHeight(s.stream.saveData, s.stream.qualityPicked);
export const selectAudioTrackById = (s: Holds, id: number) =>
  s.stream.audioTracks.find((t) => t.id === id);
export const selectBandwidth = (s: Holds) => s.stream.bandwidth;
/** the address of the stream loaded (null before the first) */
export const selectStreamUrl = (s: Holds) => s.stream.url;
/** what a source switch needs of the stream now loaded (nothing before the first) */
export const selectLoadedStream = (s: Holds) =>
  s.stream.url === null
    ? null
    : {
        sources: s.stream.sources,
        sourceIndex: s.stream.sourceIndex,
        base: s.stream.base,
        subtitles: s.stream.subtitles,
        markers: s.stream.markers,
        thumbnails: s.stream.thumbnails.src,
      };
export const selectStreamLoop = (s: Holds) => ({
  playedBeforeMs: s.stream.playedBeforeMs,
  bandwidthKeptAtMs: s.stream.bandwidthKeptAtMs,
});
/**
 * The stream's own first audio (the lowest engine id among its playable tracks: the manifest's
 * order, whatever order the menu shows), and the one playing now.
 */
export const selectAudioFallback = (s: Holds) => ({
  first: s.stream.audioTracks.length ? Math.min(...s.stream.audioTracks.map((t) => t.id)) : null,
  current: s.stream.audioTrack,
});
/** the thumbnails file wanted now, and the one whose cues are loaded */
export const selectThumbnailsSource = (s: Holds) => s.stream.thumbnails;
/** the progress bar's preview images and cues, in time order (none until loaded) */
export const selectThumbnails = (s: Holds): Thumbnails => s.stream.thumbnails;
