import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdListItem } from '../api/types';
import type { VastErrorCode, VastIconFallbackImage } from '../vast/model';
import { contentActions } from './content';
import { MAX_RESTARTS, systemActions } from './system';
import type {
  AdStatus,
  AdEndStatus,
  BreakKind,
  AdIconView,
  AdView,
  SimidView,
  AdHistoryItem,
} from './adViews';

export type { AdStatus, AdEndStatus, BreakKind, AdIconView, AdView, SimidView, AdHistoryItem };

/** Demo mid-roll interval in seconds of played content (SPEC.md section 9). */
export const MIDROLL_INTERVAL_S = 10;
/** Ads the history keeps (the last ones): a long session must not grow the state without end. */
export const AD_HISTORY_LIMIT = 100;

export interface AdsState {
  list: {
    status: 'none' | 'loading' | 'loaded' | 'failed';
    items: AdListItem[];
    /** counts the fetches: the answer of one overtaken by a reset and a newer fetch is ignored */
    fetch: number;
  };
  /** the break now running, if any */
  activeBreak: { kind: BreakKind; total: number; contentTime: number } | null;
  /** the current episode's pre-roll has run (or had nothing to play) */
  prerollDone: boolean;
  ad: AdView | null;
  volume: number;
  muted: boolean;
  /** the viewer's last play/pause click in the ad layer decides over visibility */
  userChoice: 'play' | 'pause' | null;
  /** the host page paused the player during the break: no ad plays, nor content after it, until its play */
  hostHold: boolean;
  /** the last volume asked for during the break: an ad that starts after it starts with it */
  volumeAsked: { volume: number; muted: boolean } | null;
  /** played seconds of content at which the next mid-roll is due */
  nextMidrollAt: number;
  /** the episode the pre-roll and mid-roll counts belong to */
  episodeId: number | null;
  /** the ad actor gave up after repeated crashes: content plays without adverts */
  disabled: boolean;
  history: AdHistoryItem[];
  /** mid-roll breaks are on for this player (the demo's `advert` parameter) */
  midrolls: boolean;
}

const initialState: AdsState = {
  list: { status: 'none', items: [], fetch: 0 },
  activeBreak: null,
  prerollDone: false,
  ad: null,
  volume: 1,
  muted: false,
  userChoice: null,
  hostHold: false,
  volumeAsked: null,
  nextMidrollAt: MIDROLL_INTERVAL_S,
  episodeId: null,
  disabled: false,
  history: [],
  midrolls: false,
};

/** Intents from the ad layer and from the other actors. */
export const adRequests = {
  /** SPEC.md section 4: updating fetches the list only if none is loaded */
  listUpdateRequested: createAction('ads/listUpdateRequested'),
  breakRequested: createAction<{ kind: BreakKind }>('ads/breakRequested'),
  skipRequested: createAction('ads/skipRequested'),
  clickThroughRequested: createAction('ads/clickThroughRequested'),
  playPauseRequested: createAction('ads/playPauseRequested'),
  /** the host page's play or pause during a break (the bridge sends the others to content) */
  hostPlayRequested: createAction<{ play: boolean }>('ads/hostPlayRequested'),
  volumeRequested: createAction<{ volume: number; muted: boolean }>('ads/volumeRequested'),
  /** the viewer clicked an industry icon, by its place in the ad's VAST icons */
  industryIconClicked: createAction<{ index: number }>('ads/industryIconClicked'),
  /** the viewer closed an icon's fallback image: the ad plays on */
  iconFallbackClosed: createAction('ads/iconFallbackClosed'),
};

export interface BreakOver {
  kind: BreakKind;
  /** the episode the break was for: a break cut short by an episode change counts for none */
  episodeId: number | null;
  playedSeconds: number;
}

function breakOver(state: AdsState, action: PayloadAction<BreakOver>) {
  state.activeBreak = null;
  state.ad = null;
  state.userChoice = null;
  state.hostHold = false;
  if (action.payload.episodeId !== state.episodeId) return;
  if (action.payload.kind === 'preroll') state.prerollDone = true;
  else {
    // SPEC.md section 4: the next threshold moves on by the interval (past any missed while postponed).
    let next = state.nextMidrollAt + MIDROLL_INTERVAL_S;
    while (next <= action.payload.playedSeconds) next += MIDROLL_INTERVAL_S;
    state.nextMidrollAt = next;
  }
}

const ended = (status: AdStatus) =>
  status === 'stopped' || status === 'skipped' || status === 'completed' || status === 'error';

export const adsSlice = createSlice({
  name: 'ads',
  initialState,
  reducers: {
    listReset(state) {
      state.list = { status: 'none', items: [], fetch: state.list.fetch };
    },
    listLoading(state) {
      state.list.status = 'loading';
      state.list.fetch += 1;
    },
    listLoaded(state, action: PayloadAction<{ items: AdListItem[]; fetch: number }>) {
      if (action.payload.fetch !== state.list.fetch || state.list.status !== 'loading') return;
      state.list.status = 'loaded';
      state.list.items = action.payload.items;
    },
    listFailed(state, action: PayloadAction<{ message: string; fetch: number }>) {
      if (action.payload.fetch !== state.list.fetch || state.list.status !== 'loading') return;
      state.list.status = 'failed';
      state.list.items = [];
    },
    breakStarted(
      state,
      action: PayloadAction<{ kind: BreakKind; total: number; contentTime: number }>,
    ) {
      state.activeBreak = action.payload;
      state.userChoice = null;
      state.hostHold = false;
      state.volumeAsked = null;
    },
    /** The break is over: content may play. */
    breakEnded: breakOver,
    /** A break had nothing to play (no ads, no list, native fullscreen): content may play. */
    breakPassed: (state: AdsState, action: PayloadAction<BreakOver & { reason: string }>) =>
      breakOver(state, action),
    adCreated(state, action: PayloadAction<{ index: number; vastUrl: string }>) {
      state.userChoice = null; // a pause of the previous ad is not this one's
      state.ad = {
        ...action.payload,
        status: 'created',
        id: null,
        title: '',
        durationSec: 0,
        currentTime: 0,
        skipOffsetSec: null,
        clickThrough: null,
        needsClick: false,
        vpaid: false,
        error: null,
      };
    },
    adLoaded(
      state,
      action: PayloadAction<{
        id: string | null;
        title: string;
        durationSec: number;
        skipOffsetSec: number | null;
        clickThrough: string | null;
        vpaid: boolean;
      }>,
    ) {
      if (state.ad) Object.assign(state.ad, action.payload, { status: 'loaded' });
    },
    /** The ad's SIMID creative is loading in its hidden frame (SIMID 1.2 section 6.1). */
    simidLoading(state, _action: PayloadAction<{ url: string }>) {
      if (state.ad) state.ad.simid = { status: 'loading' };
    },
    /** The SIMID creative answered startCreative: it shows over the ad's video. */
    simidShown(state) {
      if (state.ad?.simid) state.ad.simid = { status: 'shown' };
    },
    /**
     * The SIMID creative failed (its own fatal error, a rejected or unanswered init or start, no
     * session): it is gone, and the ad plays on as its plain video. `code` is SIMID's (1100-1299).
     */
    simidFailed(state, action: PayloadAction<{ code: number | null; message: string }>) {
      if (state.ad?.simid) state.ad.simid = { status: 'failed', ...action.payload };
    },
    /** A skip offset in percent, without a VAST duration: placed once the creative tells its own. */
    skipOffsetKnown(state, action: PayloadAction<{ skipOffsetSec: number | null }>) {
      if (state.ad) state.ad.skipOffsetSec = action.payload.skipOffsetSec;
    },
    adStarted(state) {
      if (state.ad) state.ad.status = 'started';
    },
    adPlaying(state) {
      if (state.ad && !ended(state.ad.status)) {
        state.ad.status = 'playing';
        state.ad.needsClick = false;
      }
    },
    adPaused(state) {
      if (state.ad && !ended(state.ad.status)) state.ad.status = 'paused';
    },
    /** The ad's position: at most once a second (SPEC.md section 9). */
    adProgressed(state, action: PayloadAction<{ currentTime: number; durationSec: number }>) {
      if (!state.ad) return;
      state.ad.currentTime = action.payload.currentTime;
      state.ad.durationSec = action.payload.durationSec;
    },
    adNeedsClick(state) {
      if (state.ad) state.ad.needsClick = true;
    },
    adEnded(
      state,
      action: PayloadAction<{
        status: AdEndStatus;
        error: { code: VastErrorCode; message: string } | null;
        position: number;
        perc: number;
      }>,
    ) {
      const { ad, activeBreak } = state;
      if (!ad || !activeBreak) return;
      ad.status = action.payload.status;
      ad.error = action.payload.error;
      state.history.push({
        id: ad.id,
        type: activeBreak.kind === 'preroll' ? 'pre-roll' : 'mid-roll',
        position: action.payload.position,
        duration: reportedAdDuration(ad.durationSec),
        watched: ad.currentTime,
        perc: action.payload.perc,
        status: action.payload.status,
        errorCode: action.payload.error?.code ?? null,
      });
      if (state.history.length > AD_HISTORY_LIMIT) state.history.shift();
    },
    volumeChanged(state, action: PayloadAction<{ volume: number; muted: boolean }>) {
      state.volume = action.payload.volume;
      state.muted = action.payload.muted;
    },
    /** The mid-roll actor runs: the interface may show where the next break falls. */
    midrollsOn(state) {
      state.midrolls = true;
    },
    /** The ad's industry icons, none shown yet: only for an ad that has some. */
    iconsChosen(state, action: PayloadAction<{ icons: AdIconView[] }>) {
      if (state.ad) state.ad.icons = action.payload.icons;
    },
    /** The icons on screen now, by their places in the ad's VAST icons. */
    iconsShown(state, action: PayloadAction<{ indices: number[] }>) {
      for (const icon of state.ad?.icons ?? [])
        icon.shown = action.payload.indices.includes(icon.index);
    },
    /** An icon's click with no click-through: its fallback image over the ad, which holds paused. */
    iconFallbackOpened(
      state,
      action: PayloadAction<{ index: number; image: VastIconFallbackImage }>,
    ) {
      if (state.ad) state.ad.iconFallback = action.payload;
    },
    /** URLs in a VAST document that are not http(s): never fetched, fired or opened. */
    urlsIgnored(_state, _action: PayloadAction<{ vastUrl: string; urls: string[] }>) {},
  },
  extraReducers: (builder) => {
    builder.addCase(adRequests.playPauseRequested, (state) => {
      if (!state.ad) return;
      state.userChoice = state.ad.status === 'playing' ? 'pause' : 'play';
      state.hostHold = false; // the viewer's own click decides over the host page's pause
    });
    builder.addCase(adRequests.volumeRequested, (state, { payload }) => {
      if (state.activeBreak) state.volumeAsked = payload;
    });
    // the host page's play only lifts its own pause: the viewer's choice and visibility still decide
    builder.addCase(adRequests.hostPlayRequested, (state, { payload }) => {
      if (state.activeBreak) state.hostHold = !payload.play;
    });
    // The click-through pauses the ad: the viewer is on the advertiser's page.
    builder.addCase(adRequests.clickThroughRequested, (state) => {
      if (state.ad) state.userChoice = 'pause';
    });
    // An icon's click-through pauses the ad as the ad's own does.
    builder.addCase(adRequests.industryIconClicked, (state, { payload }) => {
      const icon = state.ad?.icons?.find((each) => each.index === payload.index);
      if (icon?.shown && icon.clickThrough !== null) state.userChoice = 'pause';
    });
    builder.addCase(adRequests.iconFallbackClosed, (state) => {
      if (state.ad) delete state.ad.iconFallback;
    });
    // Every episode has its pre-roll and counts its mid-rolls from the start.
    builder.addCase(contentActions.episodeSelected, (state, action) => {
      state.episodeId = action.payload.episodeId;
      state.prerollDone = state.disabled;
      state.nextMidrollAt = MIDROLL_INTERVAL_S;
    });
    // A crashed ad actor restarts with nothing running; one that gave up never holds content again.
    builder.addCase(systemActions.actorCrashed, (state, action) => {
      if (action.payload.actor !== 'ads') return;
      state.activeBreak = null;
      state.ad = null;
      state.prerollDone = true;
      if (state.list.status === 'loading') state.list.status = 'none';
      if (action.payload.restarts >= MAX_RESTARTS) state.disabled = true;
    });
  },
});

export const adsActions = adsSlice.actions;

/** Content waits while a break runs or the episode's pre-roll has not had its turn. */
export const contentHeldByAds = (ads: AdsState) =>
  !ads.disabled && (ads.activeBreak !== null || !ads.prerollDone);

/** SPEC.md section 9: the marker reported for an ad duration or remaining time not known. */
export const UNKNOWN_TIME = -2;
/** An ad's duration as the player reports it: its seconds, or -2 while it is not known. */
export const reportedAdDuration = (seconds: number) => (seconds > 0 ? seconds : UNKNOWN_TIME);

/** A content position as a percentage of its duration, one decimal. */
export const positionPercent = (time: number, duration: number) =>
  duration > 0 ? Math.round((time / duration) * 1000) / 10 : 0;

// Selectors of this slice: each takes any state that holds it.
type Holds = { ads: AdsState };
/** the ads slice as a whole */
export const selectAds = (s: Holds) => s.ads;
/** the advert's own volume */
export const selectAdVolume = (s: Holds) => s.ads.volume;
export const selectAdMuted = (s: Holds) => s.ads.muted;
/** when the ad playing may be skipped, in seconds; null when it may not */
export const selectSkipOffset = (s: Holds) => s.ads.ad?.skipOffsetSec ?? null;
export const selectAdList = (s: Holds) => s.ads.list;
/** the episode the ad actor last saw chosen */
export const selectAdsEpisodeId = (s: Holds) => s.ads.episodeId;
/** the pre-roll is still to come and no break is on */
export const selectHostHold = (s: Holds) => s.ads.hostHold;
export const selectVolumeAsked = (s: Holds) => s.ads.volumeAsked;
export const selectInAdBreak = (s: Holds) => s.ads.activeBreak !== null;
export const selectPrerollDue = (s: Holds) => !s.ads.prerollDone && s.ads.activeBreak === null;
