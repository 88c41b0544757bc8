// The invariants of every browser test, enforced after each one: the flight log of every player it
// opened is saved under test/artifacts/ (pass or fail) and must replay with zero divergence, and the
// player's page ran under its Content-Security-Policy with nothing refused.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, goldenNames, openPlayers } from './browser';
import { expectReplayable } from './flightLog';
import { expectNoPolicyViolation } from './contentPolicy';

afterEach(async () => {
  const name = (expect.getState().currentTestName ?? 'test')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, 80);
  const frames = [...openPlayers].filter((frame) => !frame.detached);
  openPlayers.clear();
  for (const [i, frame] of frames.entries()) {
    const log = await expectReplayable(frame, `${name}${i ? `-${i}` : ''}`);
    await expectNoPolicyViolation(frame);
    const golden = goldenNames.get(frame);
    if (golden) {
      mkdirSync(join(ARTIFACTS, 'golden'), { recursive: true });
      writeFileSync(
        join(ARTIFACTS, 'golden', `${golden}.flight.json`),
        JSON.stringify(log, null, 1),
      );
    }
  }
  goldenNames.clear();
});
