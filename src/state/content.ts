import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Content, Episode, Season } from '../api/types';

export interface ContentState {
  content: Content | null;
  seasons: Season[];
  episodes: Episode[];
  currentEpisodeId: number | null;
}

const initialState: ContentState = {
  content: null,
  seasons: [],
  episodes: [],
  currentEpisodeId: null,
};

export const contentSlice = createSlice({
  name: 'content',
  initialState,
  reducers: {
    loaded(
      state,
      action: PayloadAction<{ content: Content; seasons: Season[]; episodes: Episode[] }>,
    ) {
      state.content = action.payload.content;
      state.seasons = action.payload.seasons;
      state.episodes = action.payload.episodes;
    },
    /** An intent: the viewer, the host or the end of an episode asks for another episode. */
    episodeRequested(_state, _action: PayloadAction<{ episodeId: number }>) {},
    episodeSelected(state, action: PayloadAction<{ episodeId: number }>) {
      state.currentEpisodeId = action.payload.episodeId;
    },
  },
});

export const contentActions = contentSlice.actions;

// Selectors of this slice: each takes any state that holds it.
type Holds = { content: ContentState };
/** the content's id; 0 before it is loaded */
export const selectContentId = (s: Holds) => s.content.content?.id || 0;
export const selectCurrentEpisodeId = (s: Holds) => s.content.currentEpisodeId;
export const selectHasMultipleEpisodes = (s: Holds) =>
  s.content.content?.hasMultipleEpisodes ?? false;
export const selectHasEpisode = (s: Holds, episodeId: number) =>
  s.content.episodes.some((e) => e.id === episodeId);
