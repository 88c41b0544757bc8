// The suites that run in Node alone: the replayer's speed and the VAST parser's against
// @dailymotion/vast-client.
import type { Figure } from './figure';
import { median, round } from './benchSetup';
import { measureReplaySpeed } from './replaySpeed';
import { measureVastParse } from './vastParse';

const RUNS = 5;
/** the VAST timings are short, so more runs for a steadier median */
const VAST_RUNS = 9;

export async function replayFigures(results: Record<string, Figure>) {
  const replay = await measureReplaySpeed(30, RUNS);
  results.replay_speed_x = {
    value: Math.round(median(replay.speeds)),
    runs: replay.speeds.map(Math.round),
    goal: '>= 1000',
    unit: 'x real time',
    how: `a ${replay.virtualMinutes}-minute session (${replay.entries} entries, stream loop included) recorded on simulated ports, replayed in Node`,
  };
  console.log(`replay_speed_x: ${results.replay_speed_x.value}`);
}

export async function vastFigures(results: Record<string, Figure>) {
  const vast = await measureVastParse(VAST_RUNS);
  const ratios = vast.oursMs.map((ours, i) => ours / (vast.theirsMs[i] ?? ours));
  results.vast_parse_ratio = {
    value: round(median(vast.oursMs), 4),
    baseline: round(median(vast.theirsMs), 4),
    ratio: round(median(ratios)),
    runs: ratios.map((r) => round(r)),
    goal: '<= 1.0',
    unit: 'ms per document',
    how: `parse and resolve each of the ${vast.documents} IAB VAST samples (test/fixtures/vast-iab), ${vast.passes} passes per run, ${VAST_RUNS} runs; a wrapper's next document fails at once for both; the baseline is @dailymotion/vast-client with @xmldom/xmldom`,
  };
  console.log(`vast_parse_ratio: ${results.vast_parse_ratio.ratio}`);
}
