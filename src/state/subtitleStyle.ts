import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  DEFAULT_SUBTITLE_STYLE,
  subtitleStyleOf,
  type SubtitleStyle,
} from '../shared/subtitleStyle';

/** The viewer's choices on the subtitles' 'Оформление' page: one field at a time. */
export const subtitleStyleRequests = {
  styleRequested: createAction<Partial<SubtitleStyle>>('subtitleStyle/styleRequested'),
  /** 'Сбросить оформление': every field back to its default */
  styleReset: createAction('subtitleStyle/styleReset'),
};

/** How subtitles look (the view styles the cues from it); the preferences actor remembers it. */
export const subtitleStyleSlice = createSlice({
  name: 'subtitleStyle',
  initialState: DEFAULT_SUBTITLE_STYLE,
  reducers: {
    /** the last session's style, read back at the start */
    restored: (_state, action: PayloadAction<SubtitleStyle>) => action.payload,
  },
  extraReducers: (builder) => {
    // checked as the stored style is: a host or a replayed log may send anything
    builder.addCase(subtitleStyleRequests.styleRequested, (state, action) =>
      subtitleStyleOf({ ...state, ...action.payload }),
    );
    builder.addCase(subtitleStyleRequests.styleReset, () => ({ ...DEFAULT_SUBTITLE_STYLE }));
  },
});

export const subtitleStyleActions = subtitleStyleSlice.actions;

export const selectSubtitleStyle = (s: { subtitleStyle: SubtitleStyle }) => s.subtitleStyle;
