// The settings menu's choices with the words the viewer reads: only the interface needs them, so
// the film's start carries neither these selectors nor the dictionary.
import { createSelector } from '@reduxjs/toolkit';
import { ru } from '../i18n/ru';
import type { PlayerState } from './index';
import { PLAYBACK_RATES } from './selectors';

export interface ChoiceOption<T> {
  label: string;
  value: T;
  selected: boolean;
}

/** SPEC.md section 2: 'Auto' with the current height in parentheses, then each height. */
export const selectQualityOptions = createSelector(
  // the fields read, not the stream slice: its bandwidth estimate (every 10 s) changes no option
  [
    (s: PlayerState) => s.stream.levels,
    (s: PlayerState) => s.stream.currentLevel,
    (s: PlayerState) => s.stream.autoLevel,
  ],
  (levels, currentLevel, autoLevel): ChoiceOption<number>[] => {
    const currentHeight = levels[currentLevel]?.height;
    const auto = {
      label: ru.autoQuality(currentHeight),
      value: -1,
      selected: autoLevel,
    };
    const byHeight = levels
      .map((l, i) => ({
        label: `${l.height}p`,
        value: i,
        selected: !autoLevel && i === currentLevel,
        height: l.height,
      }))
      .sort((a, b) => b.height - a.height)
      .map(({ height: _, ...option }) => option);
    return [auto, ...byHeight];
  },
);

/** SPEC.md section 2: normal speed (1) is 'Обычная'. */
export const selectSpeedOptions = createSelector(
  [(s: PlayerState) => s.stream.rate],
  (current): ChoiceOption<number>[] =>
    PLAYBACK_RATES.map((rate) => ({
      label: rate === 1 ? ru.normalSpeed : `${rate}x`,
      value: rate,
      selected: current === rate,
    })),
);

/** Subtitles: 'Выкл.' (off), then each track. */
export const selectSubtitleOptions = createSelector(
  [(s: PlayerState) => s.stream.subtitleTracks, (s: PlayerState) => s.stream.subtitleTrack],
  (tracks, current): ChoiceOption<number>[] => [
    { label: ru.off, value: -1, selected: current < 0 },
    ...tracks.map((t) => ({ label: t.name, value: t.id, selected: t.id === current })),
  ],
);
