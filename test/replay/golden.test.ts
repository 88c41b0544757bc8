/** @jest-environment node */
// Golden flight logs recorded in Chromium by the browser tests: each must replay with zero divergence,
// and the replayer must notice when the reducers or the actors behave differently from the recording.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlightLog } from '../../src/recorder/format';
import { rootReducer } from '../../src/state';
import { replayLog } from '../../tools/replay/replay';
import { formatDivergence } from '../../tools/replay/report';

const load = (name: string) => JSON.parse(readFileSync(join(__dirname, name), 'utf8')) as FlightLog;
const golden = readdirSync(__dirname).filter((f) => f.endsWith('.flight.json'));

describe('golden flight logs', () => {
  it('are there', () => {
    expect(golden).toEqual(
      expect.arrayContaining(['film-plays.flight.json', 'boot-not-found.flight.json']),
    );
  });

  it.each(golden)('%s replays with zero divergence', async (name) => {
    const result = await replayLog(load(name));
    if (!result.ok) throw new Error(formatDivergence(result));
    expect(result.mode).toBe('full');
  });
});

describe('the replayer catches a change', () => {
  it('in a reducer: the state no longer matches the checkpoint', async () => {
    // A reducer that forgets the buffered end (which only the view reads): the checkpoint shows it.
    const forgetful: typeof rootReducer = (state, action) =>
      action.type === 'media/positionChanged'
        ? rootReducer(state, {
            ...action,
            payload: { ...(action.payload as object), bufferedEnd: 0 },
          })
        : rootReducer(state, action);
    const result = await replayLog(load('film-plays.flight.json'), { reducer: forgetful });
    expect(result.ok).toBe(false);
    expect(result.divergence).toMatchObject({
      reason: 'the state differs from the checkpoint',
      expected: { kind: 'checkpoint' },
    });
    expect(formatDivergence(result)).toMatch(/bufferedEnd/);
    // the cause is named: where the states differ, and the action and actor that last changed it
    expect(result.divergence?.differences?.[0]).toMatchObject({
      path: 'media.bufferedEnd',
      replayed: 0,
      // the replay's reducer never changed it: the last action of its slice is named
      changedBy: { actor: 'stream', type: 'media/positionChanged', how: 'slice' },
    });
    expect(result.divergence?.actor).toBe('stream');
    expect(formatDivergence(result)).toMatch(
      /media\.bufferedEnd: [\d.]+ -> 0, never changed; the last action of its slice was \[stream\] media\/positionChanged/,
    );
  });

  it('in a truncated log, a tampered action is caught at the next checkpoint and named by actor', async () => {
    const log = load('preroll-complete.flight.json');
    const truncated: FlightLog = { ...log, header: { ...log.header, dropped: 1 } };
    // the ad's end as another status: the ad history keeps it to the next checkpoint
    const ended = truncated.entries.findIndex(
      (e) => e.kind === 'put' && e.action.type === 'ads/adEnded',
    );
    const entry = truncated.entries[ended] as Extract<
      FlightLog['entries'][number],
      { kind: 'put' }
    >;
    const payload = { ...(entry.action.payload as object), status: 'skipped' };
    const tampered = { ...entry, action: { ...entry.action, payload } };
    truncated.entries = truncated.entries.map((e, i) => (i === ended ? tampered : e));
    const result = await replayLog(truncated);
    expect(result.mode).toBe('reducers');
    expect(result.ok).toBe(false);
    expect(result.divergence?.actor).toBe('ads');
    expect(result.divergence?.differences?.[0]).toMatchObject({
      path: 'ads.history[0].status',
      logged: 'completed',
      replayed: 'skipped',
      changedBy: { actor: 'ads', type: 'ads/adEnded', how: 'changed' },
    });
  });
});
