import { expectSaga } from 'redux-saga-test-plan';
import { put, take } from 'redux-saga/effects';
import { MAX_RESTARTS, supervise } from '../../../sagas/lib/supervise';
import { rootReducer } from '../../../src/state';
import { systemActions } from '../../../src/state/system';
import { ESSENTIAL } from '../../../sagas/root';
import { fakePorts } from '../../../tools/sim/fakePorts';

describe('supervise', () => {
  it('restarts a crashed actor and reports each crash', async () => {
    let runs = 0;
    function* flaky() {
      runs += 1;
      if (runs < 3) throw new Error(`boom ${runs}`);
      yield put({ type: 'flaky/settled' });
    }
    await expectSaga(supervise, 'flaky', flaky)
      .withReducer(rootReducer)
      .put(systemActions.actorCrashed({ actor: 'flaky', message: 'Error: boom 1', restarts: 0 }))
      .put(systemActions.actorCrashed({ actor: 'flaky', message: 'Error: boom 2', restarts: 1 }))
      .put({ type: 'flaky/settled' })
      .run();
    expect(runs).toBe(3);
  });

  it('gives up on a crash loop', async () => {
    let runs = 0;
    function* broken() {
      runs += 1;
      yield put({ type: 'broken/started' });
      throw new Error('always');
    }
    await expectSaga(supervise, 'broken', broken).withReducer(rootReducer).run();
    expect(runs).toBe(MAX_RESTARTS + 1);
  });

  it("started on a state that holds its earlier crashes (a replay's checkpoint), counts on from them", async () => {
    let runs = 0;
    function* broken() {
      runs += 1;
      yield put({ type: 'broken/started' });
      throw new Error('always');
    }
    const crashed = Array.from({ length: MAX_RESTARTS }, (_, restarts) =>
      systemActions.actorCrashed({ actor: 'broken', message: 'Error: always', restarts }),
    );
    const state = crashed.reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
    const { effects } = await expectSaga(supervise, 'broken', broken)
      .withReducer(rootReducer, state)
      .run();
    // one more crash, the last one allowed, and no restart after it
    expect(runs).toBe(1);
    expect(effects.put?.[1]?.payload.action.payload).toMatchObject({ restarts: MAX_RESTARTS });
  });

  it('restarts an actor whose child task crashed, with a fresh subscription', async () => {
    let starts = 0;
    function* actor() {
      starts += 1;
      yield take('poison');
      throw new Error('poisoned');
    }
    const { effects } = await expectSaga(supervise, 'actor', actor)
      .withReducer(rootReducer)
      .dispatch({ type: 'poison' })
      .silentRun(50);
    expect(starts).toBe(2);
    expect(effects.put).toHaveLength(1);
  });

  it('an essential actor past its restarts ends the session with the message and its id; an optional one does not', async () => {
    function* broken() {
      yield put({ type: 'broken/started' });
      throw new Error('always');
    }
    const essential = await expectSaga(supervise, 'stream', broken, ESSENTIAL.stream!)
      .withReducer(rootReducer)
      .provide({ getContext: () => fakePorts() })
      .run();
    expect(essential.storeState.system).toMatchObject({
      // the boot had not ended: it fails
      boot: 'failed',
      failure: { reason: 'actor-stopped', errorId: '7fffffff' },
      stopped: [{ actor: 'stream', essential: true }],
    });
    const optional = await expectSaga(supervise, 'analytics', broken)
      .withReducer(rootReducer)
      .run();
    expect(optional.storeState.system).toMatchObject({
      stopped: [{ actor: 'analytics', essential: false }],
      failure: null,
    });
  });

  it('the bridge is essential only while a host listens', () => {
    const state = rootReducer(undefined, { type: '@@init' });
    expect(ESSENTIAL.bridge!(state)).toBe(false);
    expect(ESSENTIAL.bridge!({ ...state, bridge: { ...state.bridge, hostListening: true } })).toBe(
      true,
    );
  });
});
