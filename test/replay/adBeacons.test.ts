/** @jest-environment node */
// The VAST 4.3 beacons in the replay's tools: an advert with viewability URLs and two verification
// vendors, played on fake ports with the flight recorder. Its log replays, its ad story and timeline
// name the viewability and verificationNotExecuted beacons, and the findings catch a viewability told
// twice and a vendor told nothing (the log edited as a player with the bug would have written it).
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import { adBreakStory } from '../../tools/replay/adStory';
import { findFindings } from '../../tools/replay/findings';
import { replayLog } from '../../tools/replay/replay';
import { formatDivergence } from '../../tools/replay/report';
import { timelineModel } from '../../tools/replay/timeline/model';
import { untilIdle } from '../../tools/sim/waits';
import { adPlayer, startPreroll } from '../unit/sagas/adPlayer';
import { cdata, inlineAd, linear, vast } from '../unit/vast/documents';
import { replayedClean } from './goldenLogs';

const notRun = (vendor: string, scriptUrl: string) => `<Verification vendor="${vendor}">
  <JavaScriptResource apiFramework="omid" browserOptional="true">${cdata(scriptUrl)}</JavaScriptResource>
  <TrackingEvents>
    <Tracking event="verificationNotExecuted">${cdata(`https://${vendor}/not-run?r=[REASON]`)}</Tracking>
  </TrackingEvents>
</Verification>`;

const measured = vast(
  inlineAd({
    more: `<ViewableImpression>
      <Viewable>${cdata('https://inline.test/viewable')}</Viewable>
      <NotViewable>${cdata('https://inline.test/not-viewable')}</NotViewable>
      <ViewUndetermined>${cdata('https://inline.test/view-undetermined')}</ViewUndetermined>
    </ViewableImpression>
    <AdVerifications>
      ${notRun('one.test', 'https://one.test/omid.js')}
      ${notRun('two.test', 'https://two.test/omid.js')}
    </AdVerifications>`,
    creatives: `<Creative>${linear({
      duration: '00:00:04',
      tracking: `<Tracking event="complete">${cdata('https://inline.test/complete')}</Tracking>`,
    })}</Creative>`,
  }),
);

/** A 4 s pre-roll played to its end in view, recorded. */
async function recordedAdSession(): Promise<FlightLog> {
  const p = adPlayer(['measured'], { documents: { measured }, recorded: true });
  await startPreroll(p, 4);
  await p.playTo(0, 4, 4);
  await p.adEvent({ type: 'ended' });
  await untilIdle();
  return p.recorder!.export();
}

type Call = Extract<LogEntry, { kind: 'call' }>;
const isBeacon = (e: LogEntry): e is Call =>
  e.kind === 'call' && e.port === 'beacon' && e.method === 'fire';
const beaconIndex = (log: FlightLog, part: string) =>
  log.entries.findIndex((e) => isBeacon(e) && String(e.args[0]).includes(part));

/** A copy of the log with the entry at `index` fired again before the entry at `before`. */
function firedAgain(log: FlightLog, index: number, before: number): FlightLog {
  const entries = [...log.entries];
  const again = { ...(entries[index] as Call), seq: 1_000_000, t: entries[before]!.t };
  entries.splice(before, 0, again);
  return { ...log, entries };
}

describe('an advert with viewability and verification beacons, recorded', () => {
  let log: FlightLog;
  beforeAll(async () => {
    log = await recordedAdSession();
  });

  it('replays with zero divergence', async () => {
    const result = await replayLog(log);
    if (!result.ok) throw new Error(formatDivergence(result));
    expect(result.mode).toBe('full');
  });

  it('its ad story names each beacon: the vendors told first, Viewable after two seconds', () => {
    const [, ad] = adBreakStory(log);
    expect(ad).toMatch(
      /; beacons: verificationNotExecuted\(one\.test\), verificationNotExecuted\(two\.test\), impression, viewable, complete$/,
    );
  });

  it('its timeline names them too', () => {
    const model = timelineModel(log, replayedClean(log));
    expect(model.beacons.map((b) => b.event)).toEqual([
      'verificationNotExecuted(one.test)',
      'verificationNotExecuted(two.test)',
      'impression',
      'viewable',
      'complete',
    ]);
  });

  it('breaks no promise', () => {
    expect(findFindings(log)).toEqual([]);
  });

  it('viewability-twice: the Viewable URL fired again for the same ad (edited here)', () => {
    const viewable = beaconIndex(log, '/viewable');
    const complete = beaconIndex(log, '/complete');
    const edited = firedAgain(log, viewable, complete);
    const found = findFindings(edited);
    // told as the viewability told twice, not as a beacon twice as well
    expect(found.map((f) => f.kind)).toEqual(['viewability-twice']);
    expect(found[0]!.seqs).toEqual([1_000_000, log.entries[viewable]!.seq]);
    expect(found[0]!.message).toMatch(
      /^Ad 1\/1 "Test ad" of the pre-roll at .* told its viewability 2 times \(viewable at [\d.]+ s, viewable at [\d.]+ s\)/,
    );
  });

  it('viewability-twice: NotViewable told after Viewable (edited here)', () => {
    const viewable = beaconIndex(log, '/viewable');
    const complete = beaconIndex(log, '/complete');
    const edited = firedAgain(log, viewable, complete + 1);
    const notViewable = edited.entries[complete + 1] as Call;
    notViewable.args = ['https://inline.test/not-viewable'];
    const found = findFindings(edited);
    expect(found.map((f) => f.kind)).toEqual(['viewability-twice']);
    expect(found[0]!.message).toMatch(/\(viewable at [\d.]+ s, notViewable at [\d.]+ s\)/);
  });

  it('verification-untold: a vendor’s verificationNotExecuted never fired (edited here)', () => {
    const two = beaconIndex(log, 'two.test/not-run');
    const edited = { ...log, entries: log.entries.filter((_, i) => i !== two) };
    const found = findFindings(edited);
    expect(found.map((f) => f.kind)).toEqual(['verification-untold']);
    expect(found[0]!.message).toMatch(
      /never told its verification vendor two\.test that its code did not run: none of https:\/\/two\.test\/not-run\?r=\[REASON\] fired/,
    );
    // found at the ad's start, by then the vendor is told
    const started = edited.entries.find((e) => e.seq === found[0]!.seqs[0]);
    expect(started).toMatchObject({ kind: 'put', action: { type: 'ads/adStarted' } });
  });
});
