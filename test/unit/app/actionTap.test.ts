import { configureStore } from '@reduxjs/toolkit';
import { createActionTap } from '../../../src/app/actionTap';
import { rootReducer } from '../../../src/state';
import { mediaActions } from '../../../src/state/playback';

function store() {
  const tap = createActionTap();
  const s = configureStore({
    reducer: rootReducer,
    middleware: (gdm) => gdm().concat(tap.middleware),
  });
  return { tap, s };
}

describe('waiting for a named action (the debug API for QA scripts)', () => {
  it('resolves with the next action of that type, once the state has it', async () => {
    const { tap, s } = store();
    const seen = tap.waitFor('media/playing');
    s.dispatch(mediaActions.waiting());
    s.dispatch(mediaActions.playing());
    await expect(seen).resolves.toEqual({ type: 'media/playing', payload: undefined });
    expect(s.getState().media.paused).toBe(false);
  });

  it('rejects with a clear message when it does not come in time', async () => {
    jest.useFakeTimers();
    try {
      const { tap } = store();
      const seen = tap.waitFor('media/ended', 500);
      jest.advanceTimersByTime(500);
      await expect(seen).rejects.toThrow('No media/ended within 500 ms');
    } finally {
      jest.useRealTimers();
    }
  });
});
