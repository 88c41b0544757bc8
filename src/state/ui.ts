import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SUBTITLE_STYLE_PAGES, type SubtitleStyleFieldPage } from './subtitleStylePages';
import { contentActions } from './content';
import { streamRequests } from './stream';
import { subtitleStyleRequests } from './subtitleStyle';

/** SPEC.md section 2: the settings menu's pages. */
export type SettingsPage = 'main' | 'playback-rate' | 'quality' | 'subs' | SubtitleStylePage;
/** The subtitles' 'Оформление' page, and the page of each of its fields. */
export type SubtitleStylePage = 'subs-style' | SubtitleStyleFieldPage;
const STYLE_FIELD_PAGES = Object.values(SUBTITLE_STYLE_PAGES);
/** Every menu of the player; one is open at a time. */
export type MenuName = SettingsPage | 'seasons' | 'episodes' | 'audio' | 'share';

const SETTINGS_PAGES: readonly MenuName[] = [
  'main',
  'playback-rate',
  'quality',
  'subs',
  'subs-style',
  ...STYLE_FIELD_PAGES,
];
export const isSettingsPage = (menu: MenuName | null) =>
  menu !== null && SETTINGS_PAGES.includes(menu);

/** SPEC.md section 4: back returns to the parent menu. */
const PARENT_MENU: Partial<Record<MenuName, MenuName>> = {
  'playback-rate': 'main',
  quality: 'main',
  subs: 'main',
  episodes: 'seasons',
  'subs-style': 'subs',
  ...Object.fromEntries(STYLE_FIELD_PAGES.map((page) => [page, 'subs-style'])),
};

/** Where on the player a click or tap landed: the seek zones are its outer fifths (SPEC.md section 9). */
export type SurfaceZone = 'left' | 'middle' | 'right';

// The viewer's gestures on the interface, as the components report them.
export const uiRequests = {
  /**
   * An icon button of the interface was clicked (SPEC.md section 7: the click event names it), told
   * before what it asks; keys and gestures that ask the same are not clicks.
   */
  iconClicked: createAction<{ icon: string }>('ui/iconClicked'),
  /** the settings button: from none to main, and closed again */
  settingsToggled: createAction('ui/settingsToggled'),
  /** the failure message's reload button, told to the flight log (src/app/reloadAfterFailure.ts) */
  reloadRequested: createAction('ui/reloadRequested'),
  menuOpened: createAction<{ menu: MenuName; season?: number }>('ui/menuOpened'),
  menuBack: createAction('ui/menuBack'),
  menuClosed: createAction('ui/menuClosed'),
  /** a click or tap on the picture (outside the controls and menus) */
  surfaceClicked: createAction<{ zone: SurfaceZone; touch: boolean }>('ui/surfaceClicked'),
  surfaceDoubleClicked: createAction<{ zone: SurfaceZone; touch: boolean }>(
    'ui/surfaceDoubleClicked',
  ),
  pointerMoved: createAction('ui/pointerMoved'),
  /** a finger went down on the progress bar: the controls stay while it drags or rests there */
  scrubStarted: createAction('ui/scrubStarted'),
  /** the finger lifted (or the browser took it back): the controls hide again after a rest */
  scrubEnded: createAction('ui/scrubEnded'),
  pointerLeft: createAction('ui/pointerLeft'),
  keyPressed: createAction<{ key: string }>('ui/keyPressed'),
  fullscreenToggled: createAction('ui/fullscreenToggled'),
  pictureInPictureToggled: createAction('ui/pictureInPictureToggled'),
  /** AirPlay or casting: the browser's own device picker */
  castRequested: createAction<{ kind: 'airplay' | 'remote' }>('ui/castRequested'),
  /** the share popup's 'with time code' checkbox */
  shareWithTimeToggled: createAction('ui/shareWithTimeToggled'),
  /** the next button is hovered or focused: the next-episode card shows */
  nextPreviewed: createAction<{ on: boolean }>('ui/nextPreviewed'),
  copyLinkRequested: createAction<{ url: string }>('ui/copyLinkRequested'),
  /** the close button of the fullscreen-stretched mode inside a parent frame */
  stretchedCloseRequested: createAction('ui/stretchedCloseRequested'),
};

/** What the embedding configuration turns on or off in the interface. */
export interface UiFeatures {
  /** SPEC.md section 2: disabled_share turns sharing off */
  share: boolean;
  /** SPEC.md section 2: the close button of the fullscreen-stretched mode inside a parent frame */
  stretchedClose: boolean;
  /** the origin of the site that embeds the player: content paths are shared on it */
  shareOrigin: string;
}

export interface UiState {
  /** SPEC.md section 3: the active menu, none by default */
  menu: MenuName | null;
  /** the season whose episodes the episodes menu lists */
  menuSeason: number | null;
  /** the controls bar; the ui actor hides it 1000 ms after the pointer rests while playing */
  controlsVisible: boolean;
  shareWithTime: boolean;
  nextPreview: boolean;
  /** the copy-link button's outcome, until the share popup closes */
  linkCopied: boolean | null;
  features: UiFeatures;
  /** a finger is on the progress bar: the controls (and its preview) do not hide under it */
  scrubbing: boolean;
  /** what the status region says now; seq tells the same words said again apart */
  /** the status region's words; `atMs` when they were said (the clock port's), for the pacing */
  announcement: { text: string; seq: number; atMs: number } | null;
  /** the interface is on the page (src/app/view.tsx): its status region can be told */
  viewMounted: boolean;
}

const initialState: UiState = {
  menu: null,
  menuSeason: null,
  controlsVisible: true,
  shareWithTime: false,
  nextPreview: false,
  linkCopied: null,
  features: { share: true, stretchedClose: false, shareOrigin: '' },
  scrubbing: false,
  announcement: null,
  viewMounted: false,
};

/** Every action that closes an open menu or moves it to another page (besides a menu opened). */
export const MENU_CLOSERS = [
  uiRequests.menuClosed.type,
  uiRequests.menuBack.type,
  uiRequests.settingsToggled.type,
  streamRequests.qualityRequested.type,
  streamRequests.rateRequested.type,
  streamRequests.subtitleRequested.type,
  streamRequests.audioTrackRequested.type,
  streamRequests.sourceRequested.type,
  contentActions.episodeRequested.type,
  subtitleStyleRequests.styleRequested.type,
  subtitleStyleRequests.styleReset.type,
];

const closeMenu = (state: UiState) => {
  state.menu = null;
  state.linkCopied = null;
};

/** The menus' transitions (SPEC.md section 4) and what the ui actor decides about the controls. */
export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    /** the announcer's words for the status region */
    announced(state, action: PayloadAction<{ text: string; atMs: number }>) {
      const { text, atMs } = action.payload;
      state.announcement = { text, atMs, seq: (state.announcement?.seq ?? 0) + 1 };
    },
    /** the interface came, with the announcer's words */
    viewMounted(state) {
      state.viewMounted = true;
    },
    controlsShown(state) {
      state.controlsVisible = true;
    },
    controlsHidden(state) {
      state.controlsVisible = false;
    },
    configured(state, action: PayloadAction<UiFeatures>) {
      state.features = action.payload;
    },
    linkCopied(state, action: PayloadAction<{ ok: boolean }>) {
      state.linkCopied = action.payload.ok;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(uiRequests.settingsToggled, (state) => {
        state.menu = isSettingsPage(state.menu) ? null : 'main';
      })
      .addCase(uiRequests.menuOpened, (state, { payload }) => {
        // The subtitles icon opens subs directly; a second press of a menu's button closes it.
        state.menu =
          state.menu === payload.menu && payload.season === undefined ? null : payload.menu;
        if (payload.season !== undefined) state.menuSeason = payload.season;
      })
      .addCase(uiRequests.menuBack, (state) => {
        state.menu = state.menu ? (PARENT_MENU[state.menu] ?? null) : null;
      })
      .addCase(uiRequests.menuClosed, closeMenu)
      .addCase(uiRequests.shareWithTimeToggled, (state) => {
        state.shareWithTime = !state.shareWithTime;
        state.linkCopied = null; // the link to copy has changed
      })
      .addCase(uiRequests.nextPreviewed, (state, { payload }) => {
        state.nextPreview = payload.on;
      })
      .addCase(uiRequests.scrubStarted, (state) => {
        state.scrubbing = true;
      })
      .addCase(uiRequests.scrubEnded, (state) => {
        state.scrubbing = false;
      })
      // Selecting an option closes the menu; so does choosing an episode.
      .addCase(streamRequests.qualityRequested, closeMenu)
      .addCase(streamRequests.rateRequested, closeMenu)
      .addCase(streamRequests.subtitleRequested, closeMenu)
      .addCase(streamRequests.audioTrackRequested, closeMenu)
      .addCase(streamRequests.sourceRequested, closeMenu)
      // A style chosen returns to 'Оформление', where the preview shows it beside the next field;
      // one sent while another menu is open (a host, a log) leaves that menu be.
      .addCase(subtitleStyleRequests.styleRequested, (state) => {
        if (state.menu && (STYLE_FIELD_PAGES as readonly MenuName[]).includes(state.menu))
          state.menu = 'subs-style';
      })
      .addCase(contentActions.episodeRequested, (state) => {
        closeMenu(state);
        state.nextPreview = false;
      });
  },
});

export const uiActions = uiSlice.actions;

// Selectors of this slice: each takes any state that holds it.
type Holds = { ui: UiState };
export const selectMenu = (s: Holds) => s.ui.menu;
export const selectUiFeatures = (s: Holds) => s.ui.features;
