// The content's playback states over the session, from the media actions: playing, paused,
// buffering, ended. A media reset (a new episode or source) closes the current state.
import type { LogEntry } from '../../../src/recorder/format';

export type PlaybackStateName = 'playing' | 'paused' | 'buffering' | 'ended';

export interface PlaybackBar {
  state: PlaybackStateName;
  /** session times, ms */
  from: number;
  to: number;
  /** index in log.entries of the action that started it */
  index: number;
}

const STATE_OF: Record<string, PlaybackStateName | null> = {
  'media/playing': 'playing',
  'media/paused': 'paused',
  'media/waiting': 'buffering',
  'media/ended': 'ended',
  'media/reset': null,
};

export function playbackBars(entries: LogEntry[], end: number): PlaybackBar[] {
  const bars: PlaybackBar[] = [];
  let open: Omit<PlaybackBar, 'to'> | null = null;
  entries.forEach((e, index) => {
    if (e.kind !== 'put' && e.kind !== 'in') return;
    const state = STATE_OF[e.action.type];
    if (state === undefined) return;
    if (open) bars.push({ ...open, to: e.t });
    open = state ? { state, from: e.t, index } : null;
  });
  if (open) bars.push({ ...(open as Omit<PlaybackBar, 'to'>), to: end });
  return bars;
}
