/** @jest-environment node */
// The VAST 4.3 beacons in the replay's tools: an advert with viewability URLs and two verification
// vendors, played on fake ports with the flight recorder. Its log replays, and its ad story and
// timeline name the viewability and verificationNotExecuted beacons.
import type { FlightLog } from '../../src/recorder/format';
import { adBreakStory } from '../../tools/replay/adStory';
import { replayLog } from '../../tools/replay/replay';
import { formatDivergence } from '../../tools/replay/report';
import { timelineModel } from '../../tools/replay/timeline/model';
import { settle } from '../../tools/sim/player';
import { adPlayer, startPreroll } from '../unit/sagas/adPlayer';
import { cdata, inlineAd, linear, vast } from '../unit/vast/documents';

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
  await settle();
  return p.recorder!.export();
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
    const model = timelineModel(log, {
      ok: true,
      mode: 'full',
      entries: log.entries.length,
      virtualMs: 0,
      wallMs: 1,
      divergence: null,
      history: [],
      uncaught: [],
    });
    expect(model.beacons.map((b) => b.event)).toEqual([
      'verificationNotExecuted(one.test)',
      'verificationNotExecuted(two.test)',
      'impression',
      'viewable',
      'complete',
    ]);
  });
});
