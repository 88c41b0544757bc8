// The first frame settles once, a moment after the session's first picture, and the media session
// waits for it: nothing of the system's runs in the tasks that bring the film to the screen.
import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import { FIRST_FRAME_SETTLE_MS, firstFrameActor } from '../../../sagas/boot/firstFrame';
import { adsActions } from '../../../src/state/ads';
import { systemActions } from '../../../src/state/system';
import {
  fakeHttp,
  fakeMedia,
  fakeMediaSession,
  fakePorts,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { film } from '../../../tools/sim/fixtures';
import { catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

function player(playOutcome: Parameters<typeof fakeMedia>[0] = { ok: true }) {
  const clock = virtualClock();
  const media = fakeMedia(playOutcome, clock.port);
  const system = fakeMediaSession();
  const ports = fakePorts({
    http: fakeHttp(catalogRoutes(1, film)),
    media: media.port,
    mediaSession: system.port,
    clock: clock.port,
  });
  const { store } = startPlayer('?movie_id=1&auto_play=1', ports);
  return { store, media, system, clock };
}

describe('the first frame settling', () => {
  it('comes once, a moment after the film’s first frame; the media session tells nothing before', async () => {
    const { store, media, system, clock } = player();
    await untilIdle();
    expect(store.getState().stream.status).toBe('ready');
    await clock.advance(5_000); // the film is loaded and waits for its first frame: nothing settles
    expect(store.getState().system.firstFrameSettled).toBe(false);

    media.emit({ type: 'playing' });
    await untilIdle();
    await clock.advance(FIRST_FRAME_SETTLE_MS - 1);
    expect(store.getState().system.firstFrameSettled).toBe(false);
    expect(system.calls).toEqual([]);

    await clock.advance(1);
    expect(store.getState().system.firstFrameSettled).toBe(true);
    expect(system.shown.metadata).toMatchObject({ title: film.content.title });
    expect(system.shown.playbackState).toBe('playing');

    // a pause and play again, or a crash of the actor that says it, settles nothing again
    const calls = system.calls.length;
    media.emit({ type: 'pause', currentTime: 1 });
    media.emit({ type: 'playing' });
    store.dispatch(systemActions.crashDrillRequested({ actor: 'firstFrame' }));
    await untilIdle();
    await clock.advance(FIRST_FRAME_SETTLE_MS * 4);
    expect(store.getState().system.crashes).toEqual([]); // its work was done: nothing to crash
    expect(system.calls.length).toBeGreaterThan(calls); // the pause and play were told at once
  });

  it('never comes while nothing plays (autoplay refused): the media session stays untold', async () => {
    const { store, system, clock } = player({ ok: false, reason: 'not-allowed' });
    await untilIdle();
    await clock.advance(10_000);
    expect(store.getState().media.autoplayBlocked).toBe(true);
    expect(store.getState().system.firstFrameSettled).toBe(false);
    expect(system.calls).toEqual([]);
  });

  it('comes after an advert whose position moves on though it never said it plays (a VPAID)', async () => {
    const clock = virtualClock();
    const state = {
      media: { started: false },
      ads: { ad: { status: 'loaded', currentTime: 0 } },
      system: { firstFrameSettled: false },
    };
    const put: UnknownAction[] = [];
    const channel = stdChannel();
    runSaga(
      {
        channel,
        dispatch: (action: UnknownAction) => void put.push(action),
        getState: () => state,
        context: { ports: { clock: clock.port } },
      },
      firstFrameActor,
    );
    channel.put(adsActions.adStarted());
    await clock.advance(FIRST_FRAME_SETTLE_MS * 2);
    expect(put).toEqual([]); // started is not shown: nothing settles

    state.ads.ad.currentTime = 0.25;
    channel.put(adsActions.adProgressed({ currentTime: 0.25, durationSec: 30 }));
    await untilIdle();
    await clock.advance(FIRST_FRAME_SETTLE_MS);
    expect(put).toEqual([systemActions.firstFrameSettled()]);
  });
});
