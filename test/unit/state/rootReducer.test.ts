/** @jest-environment node */
// The root reducer hands the position report (steady playback's one action) to two slices only: it
// must give what every slice would give. Held against the states recorded in real sessions (the
// checkpoints of the golden and findings flight logs), playing, paused, in adverts and recovering.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { combineReducers } from '@reduxjs/toolkit';
import type { FlightLog } from '../../../src/recorder/format';
import { POSITION_SLICES, rootReducer, sliceReducers, type PlayerState } from '../../../src/state';
import { mediaActions } from '../../../src/state/playback';

const REPLAY = join(__dirname, '..', '..', 'replay');
const logsIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.flight.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as FlightLog);
// (a log from before a slice existed has states without it: the store adds it at its next action)
const whole = (state: object) => Object.keys(sliceReducers).every((key) => key in state);
const states = [...logsIn(REPLAY), ...logsIn(join(REPLAY, 'findings'))].flatMap((log) =>
  log.entries.flatMap((e) =>
    e.kind === 'checkpoint' && whole(e.state as object) ? [e.state as PlayerState] : [],
  ),
);

/** The report a second after the state's position, as the stream loop would send it. */
const nextReport = (s: PlayerState) =>
  mediaActions.positionChanged({
    currentTime: s.media.currentTime + 1,
    duration: s.media.duration,
    bufferedEnd: s.media.bufferedEnd,
    playedSeconds: s.media.playedSeconds + 1,
  });

describe('the root reducer and the position report', () => {
  it('has recorded states to be held against', () => {
    expect(states.length).toBeGreaterThan(20);
  });

  it('no slice but the media and the stream health slices changes with it', () => {
    for (const state of states) {
      const action = nextReport(state);
      for (const [key, reduce] of Object.entries(sliceReducers)) {
        if ((POSITION_SLICES as readonly string[]).includes(key)) continue;
        const slice = state[key as keyof PlayerState];
        expect([key, (reduce as (s: unknown, a: unknown) => unknown)(slice, action)]).toEqual([
          key,
          slice,
        ]);
        expect(reduce(slice as never, action) === slice).toBe(true);
      }
    }
  });

  it('gives what the slices together give, keeping the other slices as they were', () => {
    const combined = combineReducers(sliceReducers);
    for (const state of states) {
      const action = nextReport(state);
      const next = rootReducer(state, action);
      expect(next).toEqual(combined(state, action));
      expect(next.media.currentTime).toBe(state.media.currentTime + 1);
      // the other slices are kept as they were: the view's selectors of them see no change
      for (const key of Object.keys(sliceReducers) as (keyof PlayerState)[])
        if (!(POSITION_SLICES as readonly string[]).includes(key))
          expect(next[key]).toBe(state[key]);
    }
  });
});
