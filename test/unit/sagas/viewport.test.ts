/** @jest-environment node */
// The viewport actor: what the viewport port tells of AirPlay and casting devices, as actions.
import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import { viewportActor } from '../../../sagas/viewport/viewport';
import { viewportActions } from '../../../src/state/viewport';
import { fakeViewport } from '../../../tools/sim/fakePorts';
import { untilIdle } from '../../../tools/sim/waits';

function viewportActorOn() {
  const viewport = fakeViewport();
  const put: UnknownAction[] = [];
  const task = runSaga(
    {
      channel: stdChannel(),
      dispatch: (action: UnknownAction) => void put.push(action),
      getState: () => ({}),
      context: {
        ports: { viewport: viewport.port, page: { subscribe: () => () => undefined } },
        config: { fullscreenMode: null, embedded: false },
      },
    },
    viewportActor,
  );
  return { viewport, put, task };
}

describe('the viewport actor: AirPlay and casting devices within reach', () => {
  it('puts each change the port tells', async () => {
    const { viewport, put } = viewportActorOn();
    viewport.emit({ type: 'playbackTargets', kind: 'airplay', available: true });
    viewport.emit({ type: 'playbackTargets', kind: 'remote', available: true });
    viewport.emit({ type: 'playbackTargets', kind: 'airplay', available: false });
    await untilIdle();
    expect(put).toEqual([
      viewportActions.playbackTargetsChanged({ kind: 'airplay', available: true }),
      viewportActions.playbackTargetsChanged({ kind: 'remote', available: true }),
      viewportActions.playbackTargetsChanged({ kind: 'airplay', available: false }),
    ]);
  });

  it("unsubscribes when it ends, so the port can end the browser's watch", async () => {
    const { viewport, task } = viewportActorOn();
    expect(viewport.listeners.size).toBe(1);
    task.cancel();
    await untilIdle();
    expect(viewport.listeners.size).toBe(0);
  });
});
