/** @jest-environment node */
// Industry icons in the replay's tools: an advert with the AdChoices icon, which the viewer clicks
// through (the advert pauses there), played on fake ports with the flight recorder. Its log replays, its ad story and timeline
// name the icon's view and click beacons, and the findings catch an icon's view never told or told
// twice (the log edited as a player with the bug would have written it).
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import { adRequests } from '../../src/state/ads';
import { adBreakStory } from '../../tools/replay/adStory';
import { findFindings } from '../../tools/replay/findings';
import { replayLog } from '../../tools/replay/replay';
import { formatDivergence } from '../../tools/replay/report';
import { timelineModel } from '../../tools/replay/timeline/model';
import { untilIdle } from '../../tools/sim/waits';
import { adPlayer, startPreroll } from '../unit/sagas/adPlayer';
import { cdata, inlineAd, linear, vast } from '../unit/vast/documents';
import { replayedClean } from './goldenLogs';

const withIcon = vast(
  inlineAd({
    creatives: `<Creative>${linear({
      duration: '00:00:04',
      tracking: `<Tracking event="pause">${cdata('https://inline.test/pause')}</Tracking>`,
      icons: `<Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top">
        <StaticResource creativeType="image/svg+xml">${cdata('https://icons.test/adchoices.svg')}</StaticResource>
        <IconClicks>
          <IconClickThrough>${cdata('https://icons.test/info')}</IconClickThrough>
          <IconClickTracking>${cdata('https://icons.test/click-1')}</IconClickTracking>
          <IconClickTracking>${cdata('https://icons.test/click-2')}</IconClickTracking>
        </IconClicks>
        <IconViewTracking>${cdata('https://icons.test/view')}</IconViewTracking>
      </Icon>`,
    })}</Creative>`,
  }),
);

/** A 4 s pre-roll whose icon the viewer clicks through at 1 s, where it pauses, recorded. */
async function recordedIconSession(): Promise<FlightLog> {
  const p = adPlayer(['icon'], { documents: { icon: withIcon }, recorded: true });
  await startPreroll(p, 4);
  await p.playTo(0, 1, 4);
  p.store.dispatch(adRequests.industryIconClicked({ index: 0 }));
  await untilIdle();
  await p.adEvent({ type: 'pause' });
  await untilIdle();
  return await p.recorder!.export();
}

type Call = Extract<LogEntry, { kind: 'call' }>;
const isBeacon = (e: LogEntry): e is Call =>
  e.kind === 'call' && e.port === 'beacon' && e.method === 'fire';
const beaconIndex = (log: FlightLog, part: string) =>
  log.entries.findIndex((e) => isBeacon(e) && String(e.args[0]).includes(part));

describe('an advert with an industry icon, clicked, recorded', () => {
  let log: FlightLog;
  beforeAll(async () => {
    log = await recordedIconSession();
  });

  it('replays with zero divergence', async () => {
    const result = await replayLog(log);
    if (!result.ok) throw new Error(formatDivergence(result));
    expect(result.mode).toBe('full');
  });

  it('its ad story names the icon’s beacons: its view as it shows, each click tracking URL, the pause', () => {
    const [, ad] = adBreakStory(log);
    expect(ad).toMatch(
      /: created .*, loaded .*, started .*, playing .*, paused .*, not ended when the log ends; beacons: impression, iconView\(AdChoices\), iconClick\(AdChoices\), iconClick\(AdChoices\), pause$/,
    );
  });

  it('its timeline names them too', () => {
    const model = timelineModel(log, replayedClean(log));
    expect(model.beacons.map((b) => b.event)).toEqual([
      'impression',
      'iconView(AdChoices)',
      'iconClick(AdChoices)',
      'iconClick(AdChoices)',
      'pause',
    ]);
  });

  it('breaks no promise', () => {
    expect(findFindings(log)).toEqual([]);
  });

  it('beacon-missing: the icon’s view never told (edited here)', () => {
    const view = beaconIndex(log, 'icons.test/view');
    const edited = { ...log, entries: log.entries.filter((_, i) => i !== view) };
    const found = findFindings(edited);
    expect(found.map((f) => f.kind)).toEqual(['beacon-missing']);
    expect(found[0]!.message).toMatch(
      /never fired its iconView\(AdChoices\) tracking \(https:\/\/icons\.test\/view\), due when its AdChoices icon showed at/,
    );
  });

  it('beacon-missing: the click tracking never told (edited here)', () => {
    const clicks = [beaconIndex(log, 'icons.test/click-1'), beaconIndex(log, 'icons.test/click-2')];
    const edited = { ...log, entries: log.entries.filter((_, i) => !clicks.includes(i)) };
    const found = findFindings(edited);
    expect(found.map((f) => f.kind)).toEqual(['beacon-missing']);
    expect(found[0]!.message).toMatch(
      /never fired its iconClick\(AdChoices\) tracking \(https:\/\/icons\.test\/click-1, https:\/\/icons\.test\/click-2\), due when the viewer clicked its AdChoices icon at/,
    );
    // found where the viewer clicked
    const clicked = edited.entries.find((e) => e.seq === found[0]!.seqs[0]);
    expect(clicked).toMatchObject({ kind: 'in', action: { type: 'ads/industryIconClicked' } });
  });

  it('beacon-twice: the icon’s view told again (edited here)', () => {
    const view = beaconIndex(log, 'icons.test/view');
    const pause = beaconIndex(log, 'inline.test/pause');
    const entries = [...log.entries];
    const again = { ...(entries[view] as Call), seq: 1_000_000, t: entries[pause]!.t };
    entries.splice(pause, 0, again);
    const found = findFindings({ ...log, entries });
    expect(found.map((f) => f.kind)).toEqual(['beacon-twice']);
    expect(found[0]!.message).toMatch(/fired https:\/\/icons\.test\/view 2 times/);
  });
});
