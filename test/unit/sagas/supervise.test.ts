import { expectSaga } from 'redux-saga-test-plan';
import { put, take } from 'redux-saga/effects';
import { MAX_RESTARTS, supervise } from '../../../sagas/lib/supervise';
import { systemActions } from '../../../src/state/system';

describe('supervise', () => {
  it('restarts a crashed actor and reports each crash', async () => {
    let runs = 0;
    function* flaky() {
      runs += 1;
      if (runs < 3) throw new Error(`boom ${runs}`);
      yield put({ type: 'flaky/settled' });
    }
    await expectSaga(supervise, 'flaky', flaky)
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
    await expectSaga(supervise, 'broken', broken).run();
    expect(runs).toBe(MAX_RESTARTS + 1);
  });

  it('restarts an actor whose child task crashed, with a fresh subscription', async () => {
    let starts = 0;
    function* actor() {
      starts += 1;
      yield take('poison');
      throw new Error('poisoned');
    }
    const { effects } = await expectSaga(supervise, 'actor', actor)
      .dispatch({ type: 'poison' })
      .silentRun(50);
    expect(starts).toBe(2);
    expect(effects.put).toHaveLength(1);
  });
});
