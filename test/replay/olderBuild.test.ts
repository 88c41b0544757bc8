/** @jest-environment node */
// A log recorded by an older build, whose checkpoints lack the state fields added since (as a report
// from a player in the field often is): the replay names the difference, and the session's findings
// and ad story still come out of it.
import type { FlightLog } from '../../src/recorder/format';
import { adBreakStory } from '../../tools/replay/adStory';
import { findFindings } from '../../tools/replay/findings';
import { replayLog } from '../../tools/replay/replay';
import { droppedBefore, loadGolden } from './goldenLogs';

/** The log as a build without these state fields would have recorded it. */
function fromOlderBuild(log: FlightLog, fields: [slice: string, field: string][]): FlightLog {
  const copy = structuredClone(log);
  for (const entry of copy.entries) {
    if (entry.kind !== 'checkpoint') continue;
    const state = entry.state as Record<string, Record<string, unknown>>;
    for (const [slice, field] of fields) Reflect.deleteProperty(state[slice]!, field);
  }
  return copy;
}

const ADDED: [string, string][] = [
  ['stream', 'thumbnails'],
  ['stream', 'markers'],
  ['system', 'firstFrameSettled'],
];

describe('a log from an older build', () => {
  it('keeps its findings and its ad story', () => {
    const log = loadGolden('midroll');
    const older = fromOlderBuild(log, ADDED);
    expect(adBreakStory(older)).toEqual(adBreakStory(log));
    expect(findFindings(older)).toEqual(findFindings(log));
    expect(adBreakStory(older).join('\n')).toContain('Mid-roll');
  });

  it('replays to a divergence at its checkpoint that names the fields, not to a crash', async () => {
    const older = fromOlderBuild(loadGolden('midroll'), ADDED);
    const result = await replayLog(older);
    expect(result.divergence).toMatchObject({
      index: 0,
      reason: 'the state differs from the checkpoint',
    });
    const paths = result.divergence!.differences!.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['stream.thumbnails', 'stream.markers']));
    expect(result.uncaught).toEqual([]);
  });

  it('truncated, starts its actors on the checkpoint without a crash', async () => {
    const log = loadGolden('midroll');
    const older = fromOlderBuild(droppedBefore(log, Math.floor(log.entries.length / 2)), ADDED);
    const result = await replayLog(older);
    expect(result.mode).not.toBe('full');
    expect(result.uncaught).toEqual([]);
    expect(findFindings(older)).toEqual(
      findFindings(droppedBefore(log, Math.floor(log.entries.length / 2))),
    );
  });
});
