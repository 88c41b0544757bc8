/** @jest-environment node */
import { call, put } from 'redux-saga/effects';
import { rootSaga } from '../../../sagas/root';
import { playbackRequests } from '../../../src/state/playback';
import { replayLog } from '../../../tools/replay/replay';
import { untilIdle } from '../../../tools/sim/waits';
import { recordSession } from './session';

describe('record, then replay', () => {
  it('replays a recorded session with zero divergence', async () => {
    const { recorder, store } = await recordSession();
    store.dispatch(playbackRequests.pauseRequested());
    await untilIdle();
    const log = await recorder.export();
    expect(log.entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['checkpoint', 'in', 'put', 'call', 'ret', 'ev']),
    );
    const result = await replayLog(log);
    expect(result.divergence).toBeNull();
    expect(result).toMatchObject({ ok: true, mode: 'full', entries: log.entries.length });
  });

  it('catches a Date.now() in an action payload', async () => {
    function* stamps() {
      yield put({ type: 'debug/stamped', payload: { at: Date.now() } }); // breaks determinism on purpose
    }
    function* saga() {
      yield* rootSaga();
      yield call(stamps);
    }
    const { recorder } = await recordSession(undefined, { saga });
    const result = await replayLog(await recorder.export(), { saga });
    expect(result.ok).toBe(false);
    expect(result.divergence).toMatchObject({
      expected: { kind: 'put', action: { type: 'debug/stamped' } },
    });
  });

  it('catches I/O outside a port', async () => {
    function* sneaky() {
      // breaks the port rule on purpose: nothing of this call is in the log
      yield call(() => globalThis.fetch('http://127.0.0.1:9/outside').catch(() => null));
      yield put({ type: 'debug/fetched' });
    }
    function* saga() {
      yield* rootSaga();
      yield call(sneaky);
    }
    const { recorder } = await recordSession(undefined, { saga });
    await new Promise((r) => setTimeout(r, 100));
    const result = await replayLog(await recorder.export(), { saga });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result.divergence?.actual ?? result.divergence?.expected)).toMatch(
      /debug\/fetched|I\/O outside a port/,
    );
  });
});
