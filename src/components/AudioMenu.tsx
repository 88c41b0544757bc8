import { createSelector } from '@reduxjs/toolkit';
import { ru } from '../i18n/ru';
import type { PlayerState } from '../state';
import { streamRequests } from '../state/stream';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { MenuChoice, MenuPanel } from './MenuPanel';

/** The dubbings (sources of a master JSON) and the audio tracks, each chosen by one item. */
export const selectAudioChoices = createSelector(
  // the fields read, not the stream slice: its bandwidth estimate (every 10 s) changes no choice
  [
    (s: PlayerState) => s.stream.sources,
    (s: PlayerState) => s.stream.sourceIndex,
    (s: PlayerState) => s.stream.audioTracks,
    (s: PlayerState) => s.stream.audioTrack,
  ],
  (sources, sourceIndex, audioTracks, audioTrack) => [
    ...(sources.length > 1
      ? sources.map((source, index) => ({
          key: `source-${index}`,
          label: source.label,
          selected: index === sourceIndex,
          action: streamRequests.sourceRequested({ index }),
        }))
      : []),
    ...(audioTracks.length > 1
      ? audioTracks.map((track) => ({
          key: `track-${track.id}`,
          label: track.name,
          selected: track.id === audioTrack,
          action: streamRequests.audioTrackRequested({ id: track.id }),
        }))
      : []),
  ],
);

/** SPEC.md section 2: the audio-track menu (with the dubbings of a master JSON). */
export function AudioMenu() {
  const dispatch = usePlayerDispatch();
  const open = usePlayerSelector((s) => s.ui.menu === 'audio');
  const choices = usePlayerSelector(selectAudioChoices);
  if (!open) return null;
  return (
    <MenuPanel title={ru.audioTrack} testId="menu-audio">
      {choices.map((c) => (
        <MenuChoice
          key={c.key}
          label={c.label}
          selected={c.selected}
          onChoose={() => dispatch(c.action)}
        />
      ))}
    </MenuPanel>
  );
}
