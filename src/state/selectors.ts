import { byViewingOrder } from '../api/types';
import type { PlayerState } from './index';

export const selectContent = (s: PlayerState) => s.content.content;

export const selectCurrentEpisode = (s: PlayerState) =>
  s.content.episodes.find((e) => e.id === s.content.currentEpisodeId) ?? null;

/** Whole seconds only, so a time display re-renders once a second, not on every timeupdate. */
export const selectCurrentSecond = (s: PlayerState) => Math.floor(s.media.currentTime);
export const selectDurationSecond = (s: PlayerState) => Math.floor(s.media.duration);

/** Episodes in viewing order: by season, then by episode. */
export const selectEpisodesInOrder = (s: PlayerState) =>
  [...s.content.episodes].sort(byViewingOrder);

/** The episode after the current one, for the next-episode card and the end of an episode. */
export const selectNextEpisode = (s: PlayerState) => {
  const ordered = selectEpisodesInOrder(s);
  const index = ordered.findIndex((e) => e.id === s.content.currentEpisodeId);
  return index >= 0 ? (ordered[index + 1] ?? null) : null;
};

export interface ChoiceOption<T> {
  label: string;
  value: T;
  selected: boolean;
}

/** SPEC.md section 2: 'Auto' with the current height in parentheses, then each height. */
export const selectQualityOptions = (s: PlayerState): ChoiceOption<number>[] => {
  const { levels, currentLevel, autoLevel } = s.stream;
  const currentHeight = levels[currentLevel]?.height;
  const auto = {
    label: currentHeight ? `Auto (${currentHeight}p)` : 'Auto',
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
};

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2];

/** SPEC.md section 2: normal speed (1) is 'Обычная'. */
export const selectSpeedOptions = (s: PlayerState): ChoiceOption<number>[] =>
  PLAYBACK_RATES.map((rate) => ({
    label: rate === 1 ? 'Обычная' : `${rate}x`,
    value: rate,
    selected: s.stream.rate === rate,
  }));

/** Subtitles: 'Выкл.' (off), then each track. */
export const selectSubtitleOptions = (s: PlayerState): ChoiceOption<number>[] => [
  { label: 'Выкл.', value: -1, selected: s.stream.subtitleTrack < 0 },
  ...s.stream.subtitleTracks.map((t) => ({
    label: t.name,
    value: t.id,
    selected: t.id === s.stream.subtitleTrack,
  })),
];
