/** @jest-environment node */
// A SIMID advert in the replay's tools: the demo's SIMID advert played on fake ports with the flight
// recorder, its creative clicked and its skip asked for, and the demo's failing creative. Each log
// replays with zero divergence (every SIMID message either way is a port call or event in it), the ad
// story and the timeline name the SIMID messages, and the findings hold them to the player's promises.
import type { SimidEvent } from '../../src/ports/types';
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import { adRequests } from '../../src/state/ads';
import { playbackRequests } from '../../src/state/playback';
import { adBreakStory } from '../../tools/replay/adStory';
import { findFindings } from '../../tools/replay/findings';
import { replayLog } from '../../tools/replay/replay';
import { formatDivergence } from '../../tools/replay/report';
import { timelineModel } from '../../tools/replay/timeline/model';
import { BASE } from '../../tools/sim/player';
import { untilIdle } from '../../tools/sim/waits';
import { adPlayer } from '../unit/sagas/adPlayer';
import { replayedClean } from './goldenLogs';

type Player = ReturnType<typeof adPlayer>;

const answer = (p: Player, type: string, messageId: number): SimidEvent => ({
  type: 'resolve',
  messageId,
  args: { messageId: p.simid.idOf(type), value: null },
  answers: type as Extract<SimidEvent, { type: 'resolve' }>['answers'],
});

/**
 * The sim's inputs each in a task of its own, a few milliseconds apart, as a browser has them: the
 * replay runs inputs logged within the same millisecond as one task's.
 */
const apart = (p: Player) => p.clock.advance(4);
const creative = async (p: Player, ...events: SimidEvent[]) => {
  for (const e of events) {
    await p.simidEvent(e);
    await apart(p);
  }
};
const media = async (p: Player, ...events: Parameters<Player['adEvent']>) => {
  for (const e of events) {
    await p.adEvent(e);
    await apart(p);
  }
};
const playTo = async (p: Player, from: number, to: number, duration: number) => {
  for (let t = from; t <= to; t += 0.25)
    await media(p, { type: 'timeupdate', currentTime: t, duration });
};

/** The demo creative's session up to its start: createSession, init answered, shown at the first frame. */
async function started(p: Player, duration: number) {
  await untilIdle();
  p.store.dispatch(playbackRequests.playRequested());
  await untilIdle();
  await apart(p);
  await creative(p, { type: 'createSession', messageId: 0 });
  await creative(p, answer(p, 'SIMID:Player:init', 1));
  await media(p, { type: 'loaded', duration }, { type: 'playing' });
  await creative(p, answer(p, 'SIMID:Player:startCreative', 2));
}

/** simid.xml: its button clicked at 2 s (reported, then clickThru), played on, skipped from it at 4 s. */
async function clickedAndSkipped(): Promise<FlightLog> {
  const p = adPlayer(['simid'], { recorded: true });
  await started(p, 15);
  await playTo(p, 0, 2, 15);
  // the creative's own interaction pixel, reported at each button's click
  const interaction = `${BASE}/track/simid/interaction?at=[ADPLAYHEAD]`;
  await creative(
    p,
    {
      type: 'SIMID:Creative:reportTracking',
      messageId: 3,
      args: { trackingUrls: [interaction] },
    },
    {
      type: 'SIMID:Creative:clickThru',
      messageId: 4,
      args: { x: 40, y: 600, playerHandles: true, url: `${BASE}/advertiser.html` },
    },
  );
  await media(p, { type: 'pause' });
  p.store.dispatch(adRequests.playPauseRequested()); // back from the advertiser's page
  await untilIdle();
  await apart(p);
  await media(p, { type: 'playing' });
  await playTo(p, 2.25, 4, 15);
  await creative(
    p,
    {
      type: 'SIMID:Creative:reportTracking',
      messageId: 5,
      args: { trackingUrls: [interaction] },
    },
    { type: 'SIMID:Creative:requestSkip', messageId: 6 },
  );
  await creative(p, answer(p, 'SIMID:Player:adSkipped', 7));
  await untilIdle();
  return p.recorder!.export();
}

/** simid-fail.xml: the creative's fatal error 1101 right after its start, the 6 s video to its end. */
async function failedAndFellBack(): Promise<FlightLog> {
  const p = adPlayer(['simid-fail'], { recorded: true });
  await started(p, 6);
  await creative(p, {
    type: 'SIMID:Creative:fatalError',
    messageId: 3,
    args: { errorCode: 1101, errorMessage: 'The demo creative could not load its resources' },
  });
  await playTo(p, 0, 6, 6);
  await media(p, { type: 'ended' });
  await untilIdle();
  return p.recorder!.export();
}

const simidEntries = (log: FlightLog) =>
  log.entries.filter(
    (e): e is Extract<LogEntry, { kind: 'call' | 'ev' }> =>
      (e.kind === 'call' || e.kind === 'ev') && e.port === 'simid',
  );

describe('a SIMID advert clicked and skipped by its creative, recorded', () => {
  let log: FlightLog;
  beforeAll(async () => {
    log = await clickedAndSkipped();
  });

  it('has every SIMID message either way in its log', () => {
    const sent = simidEntries(log).filter((e) => e.kind === 'call' && e.method === 'send');
    const heard = simidEntries(log).filter((e) => e.kind === 'ev');
    expect(sent.map((e) => e.args[0])).toEqual(
      expect.arrayContaining(['SIMID:Player:init', 'SIMID:Player:startCreative']),
    );
    expect(heard.map((e) => (e.args[0] as SimidEvent).type)).toEqual([
      'createSession',
      'resolve',
      'resolve',
      'SIMID:Creative:reportTracking',
      'SIMID:Creative:clickThru',
      'SIMID:Creative:reportTracking',
      'SIMID:Creative:requestSkip',
      'resolve',
    ]);
  });

  it('replays with zero divergence', async () => {
    const result = await replayLog(log);
    if (!result.ok) throw new Error(formatDivergence(result));
    expect(result.mode).toBe('full');
  });

  it('its ad story marks it SIMID and tells its messages by name, both ways, in order', () => {
    const [, ad] = adBreakStory(log);
    expect(ad).toMatch(/^ {2}1\/1 "Демо SIMID 15 с" \(demo-simid, 15 s, SIMID\): /);
    expect(ad).toMatch(
      /; beacons: impression, start, interactiveStart, reportTracking, click, pause, resume, firstQuartile, reportTracking, skip; /,
    );
    const simid = ad!.slice(ad!.indexOf('; SIMID: ') + '; SIMID: '.length);
    expect(simid.split(', ')).toEqual([
      '←createSession',
      '→resolve(createSession)',
      '→Player:init',
      '←resolve(Player:init)',
      '→Media:durationchange',
      '→Media:play',
      '→Media:playing',
      '→Player:startCreative',
      '←resolve(Player:startCreative)',
      '→Media:timeupdate ×9',
      '←Creative:reportTracking',
      '→resolve(Creative:reportTracking)',
      '←Creative:clickThru',
      '→resolve(Creative:clickThru)',
      '→Media:pause',
      '→Media:play',
      '→Media:playing',
      '→Media:timeupdate ×8',
      '←Creative:reportTracking',
      '→resolve(Creative:reportTracking)',
      '←Creative:requestSkip',
      '→resolve(Creative:requestSkip)',
      '→Player:adSkipped',
      '←resolve(Player:adSkipped)',
    ]);
  });

  it('its timeline names each SIMID message: the player’s by what it sends, the creative’s by its type', () => {
    const model = timelineModel(log, replayedClean(log));
    const types = model.entries.filter((e) => e.type.startsWith('simid')).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'simid.load',
        'simid ← createSession',
        'simid → resolve',
        'simid → SIMID:Player:init',
        'simid ← resolve (SIMID:Player:init)',
        'simid → SIMID:Player:startCreative',
        'simid ← SIMID:Creative:clickThru',
        'simid.open',
        'simid → SIMID:Player:adSkipped',
        'simid.unload',
      ]),
    );
    const init = model.entries.find((e) => e.type === 'simid → SIMID:Player:init')!;
    expect(init.detail).toMatch(/^\(\{"environmentData":\{"videoDimensions":/);
    expect(model.ads[0]!.simid).toMatch(/^SIMID: ←createSession, →resolve\(createSession\), /);
  });

  it('breaks no promise: its creative’s tracking may repeat, its interactiveStart is owed and fired', () => {
    expect(findFindings(log)).toEqual([]);
    const shownAt = log.entries.findIndex(
      (e) => e.kind === 'put' && e.action.type === 'ads/simidShown',
    );
    const interactiveStart = log.entries.findIndex(
      (e) =>
        e.kind === 'call' && e.port === 'beacon' && String(e.args[0]).endsWith('/interactiveStart'),
    );
    const edited = { ...log, entries: log.entries.filter((_, i) => i !== interactiveStart) };
    const found = findFindings(edited);
    expect(found.map((f) => f.kind)).toEqual(['beacon-missing']);
    expect(found[0]!.message).toMatch(
      /never fired its interactiveStart tracking .* due when its SIMID creative showed/,
    );
    expect(found[0]!.seqs).toEqual([log.entries[shownAt]!.seq]);
  });
});

describe('a SIMID creative that fails and falls back, recorded', () => {
  let log: FlightLog;
  beforeAll(async () => {
    log = await failedAndFellBack();
  });

  it('replays with zero divergence', async () => {
    const result = await replayLog(log);
    if (!result.ok) throw new Error(formatDivergence(result));
  });

  it('its ad story tells the failure, the error told 902, and the video played to its end', () => {
    const [, ad] = adBreakStory(log);
    expect(ad).toMatch(/completed [\d.]+ s; beacons: impression, start, interactiveStart, error, /);
    expect(ad).toMatch(
      /, complete; SIMID: failed at [\d.]+ s \(1101: The demo creative could not load its resources\), the ad played on as its video; /,
    );
    expect(ad).toMatch(/←Creative:fatalError$/);
  });

  it('its timeline marks the creative’s fatal error and the failure as errors', () => {
    const model = timelineModel(log, replayedClean(log));
    expect(model.errors.map((e) => e.label)).toEqual([
      expect.stringMatching(
        /^simid ← SIMID:Creative:fatalError \{"messageId":3,"args":\{"errorCode":1101,/,
      ),
      expect.stringMatching(/^ads\/simidFailed \{"code":1101,/),
    ]);
  });

  it('breaks no promise', () => {
    expect(findFindings(log)).toEqual([]);
  });
});
