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
  });
});
