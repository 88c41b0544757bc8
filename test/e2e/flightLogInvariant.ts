// The invariant of every browser test, enforced after each one: the flight log of every player it
// opened is saved under test/artifacts/ (pass or fail) and must replay with zero divergence.
import { openPlayers } from './browser';
import { expectReplayable } from './flightLog';

afterEach(async () => {
  const name = (expect.getState().currentTestName ?? 'test')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, 80);
  const frames = [...openPlayers].filter((frame) => !frame.detached);
  openPlayers.clear();
  for (const [i, frame] of frames.entries()) {
    await expectReplayable(frame, `${name}${i ? `-${i}` : ''}`);
  }
});
