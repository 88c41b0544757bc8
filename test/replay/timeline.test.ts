/** @jest-environment node */
// The timeline's data model on the golden ad logs: each ad drawn from its creation to its end status,
// inside its break, with the statuses it went through; the film between two breaks outside them;
// beacons named by their VAST event; and the page's packed data, which unpacks to the log's entries.
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import { rootReducer } from '../../src/state';
import type { Finding } from '../../tools/replay/finding';
import type { ReplayResult } from '../../tools/replay/replay';
import { renderTimeline } from '../../tools/replay/timeline';
import { pageData } from '../../tools/replay/timeline/data';
import { timelineModel, type TimelineModel } from '../../tools/replay/timeline/model';
import { AD_LOGS, droppedBefore, loadGolden, replayedClean } from './goldenLogs';

const load = loadGolden;

const model = (name: string, findings?: Finding[]) => {
  const log = load(name);
  return { log, m: timelineModel(log, replayedClean(log), findings) };
};

/** The logged times of an action type's puts, in order. */
const timesOf = (log: FlightLog, type: string) =>
  log.entries.filter((e) => e.kind === 'put' && e.action.type === type).map((e) => e.t);

describe('ad spans', () => {
  it.each(AD_LOGS)('%s: each ad from ads/adCreated to ads/adEnded, inside its break', (name) => {
    const { log, m } = model(name);
    const created = timesOf(log, 'ads/adCreated');
    const ended = timesOf(log, 'ads/adEnded');
    expect(m.ads.map((a) => [a.from, a.to])).toEqual(created.map((t, i) => [t, ended[i]]));
    expect(m.breaks.map((b) => [b.from, b.to])).toEqual(
      timesOf(log, 'ads/breakStarted').map((t, i) => [t, timesOf(log, 'ads/breakEnded')[i]]),
    );
    for (const ad of m.ads) {
      const brk = m.breaks[ad.breakIndex]!;
      expect(ad.from).toBeGreaterThanOrEqual(brk.from);
      expect(ad.to).toBeLessThanOrEqual(brk.to);
      expect(ad.kind).toBe(brk.kind);
      expect(ad.endStatus).not.toBeNull();
      // the status segments cover the ad's life without gaps
      expect(ad.segments[0]!.from).toBe(ad.from);
      expect(ad.segments[ad.segments.length - 1]!.to).toBe(ad.to);
      ad.segments.slice(1).forEach((s, i) => expect(s.from).toBe(ad.segments[i]!.to));
    }
  });

  it('preroll-skip: the 15 s ad spans its creation to the skip (over 5 s), and ends skipped', () => {
    const { log, m } = model('preroll-skip');
    expect(m.ads).toHaveLength(1);
    const [ad] = m.ads;
    expect(ad).toMatchObject({
      kind: 'preroll',
      index: 0,
      total: 1,
      title: 'Демо реклама 15 с (можно пропустить)',
      endStatus: 'skipped',
      cut: null,
    });
    expect(ad!.from).toBe(timesOf(log, 'ads/adCreated')[0]);
    expect(ad!.to).toBe(timesOf(log, 'ads/adEnded')[0]);
    expect(ad!.to - ad!.from).toBeGreaterThan(5000);
    expect(ad!.segments.map((s) => s.status)).toEqual(['created', 'loaded', 'started', 'playing']);
    // it played for most of its span
    const playing = ad!.segments.find((s) => s.status === 'playing')!;
    expect(playing.to - playing.from).toBeGreaterThan(5000);
  });

  it('midroll: two separate breaks, and the film between them is inside neither', () => {
    const { log, m } = model('midroll');
    expect(m.breaks.map((b) => b.kind)).toEqual(['preroll', 'midroll']);
    expect(m.ads.map((a) => [a.kind, a.breakIndex, a.endStatus])).toEqual([
      ['preroll', 0, 'completed'],
      ['midroll', 1, 'completed'],
    ]);
    const [pre, mid] = m.breaks;
    expect(pre!.to).toBeLessThan(mid!.from);
    // where the film was when the break started (after 10 s of it played, a report or so past)
    const midStart = log.entries.find(
      (e) => e.kind === 'put' && e.action.type === 'ads/breakStarted' && e.t === mid!.from,
    ) as Extract<FlightLog['entries'][number], { kind: 'put' }> | undefined;
    expect(mid!.contentTime).toBe(
      (midStart?.action.payload as { contentTime?: number } | undefined)?.contentTime,
    );
    expect(mid!.contentTime).toBeGreaterThanOrEqual(10);
    expect(mid!.contentTime).toBeLessThan(10.5);
    // the film plays from the pre-roll's end until the mid-roll pauses it: its pause is logged just
    // after the break starts (7 to 11 ms in the recordings, with the machine's load), and always
    // before the advert plays
    const film = m.playback.find((b) => b.state === 'playing')!;
    expect(film.from).toBeGreaterThanOrEqual(pre!.to);
    expect(film.to).toBeGreaterThanOrEqual(mid!.from);
    expect(film.to).toBeLessThanOrEqual(mid!.from + 100);
    const midrollAdPlays = m.ads[1]!.segments.find((s) => s.status === 'playing')!;
    expect(film.to).toBeLessThan(midrollAdPlays.from);
    // no advert plays while the film does
    for (const ad of m.ads) {
      const plays = ad.segments.find((s) => s.status === 'playing')!;
      expect(plays.to <= film.from || plays.from >= film.to).toBe(true);
    }
    // during the mid-roll's advert the film is paused
    const paused = m.playback.find((b) => b.state === 'paused')!;
    expect(paused.from).toBeLessThanOrEqual(midrollAdPlays.from);
    expect(paused.to).toBeGreaterThanOrEqual(m.ads[1]!.to);
  });

  it('preroll-broken-vast: the ad ends in error at once, with its VAST error', () => {
    const { m } = model('preroll-broken-vast');
    expect(m.ads).toHaveLength(1);
    expect(m.ads[0]).toMatchObject({ endStatus: 'error', title: '' });
    expect(m.ads[0]!.error).toMatch(/^VAST error 100: /);
    expect(m.errors.map((e) => m.entries[e.index]!.type)).toContain('ads/adEnded');
  });

  it('a break with nothing to play is a passed break, not a span', () => {
    const { m } = model('film-plays');
    expect(m.breaks).toEqual([]);
    expect(m.passed).toEqual([expect.objectContaining({ kind: 'preroll', reason: 'no ads' })]);
  });

  const put = (seq: number, t: number, type: string, payload?: unknown): LogEntry => ({
    seq,
    t,
    kind: 'put',
    actor: 'ads',
    action: { type, payload },
  });

  it('a log that starts mid-ad starts the ad at its first checkpoint, with the status it had', () => {
    const { log, m: full } = model('midroll');
    const playing = log.entries.findLastIndex(
      (e) => e.kind === 'put' && e.action.type === 'ads/adPlaying',
    );
    const from = log.entries[playing]!.t;
    const cut = droppedBefore(log, playing);
    const { breaks, ads } = timelineModel(cut, replayedClean(cut));
    // the entries before it are gone: the mid-roll's entries are `playing` places nearer the front
    const moved = (i: number) => i - playing;
    const [, mid] = full.breaks;
    expect(breaks).toEqual([
      { ...mid, from, startedIndex: -1, endedIndex: moved(mid!.endedIndex) },
    ]);
    const ad = full.ads[1]!;
    expect(ad.title).not.toBe('');
    expect(ads).toEqual([
      {
        ...ad,
        breakIndex: 0,
        from,
        createdIndex: -1,
        endedIndex: moved(ad.endedIndex),
        segments: [{ status: 'playing', from, to: ad.to }],
      },
    ]);
  });

  it('an ad cut by the ad actor crashing, or by the end of the log, has no end status and says why', () => {
    const entries: LogEntry[] = [
      { seq: 0, t: 0, kind: 'checkpoint', state: rootReducer(undefined, { type: '@@test/init' }) },
      put(1, 10, 'ads/breakStarted', { kind: 'preroll', total: 1, contentTime: 0 }),
      put(2, 11, 'ads/adCreated', { index: 0, vastUrl: 'v' }),
      put(3, 50, 'system/actorCrashed', { actor: 'ads', restarts: 1 }),
      put(4, 60, 'ads/breakStarted', { kind: 'midroll', total: 1, contentTime: 10 }),
      put(5, 61, 'ads/adCreated', { index: 0, vastUrl: 'v' }),
      put(6, 70, 'ads/adPaused'),
      { seq: 7, t: 100, kind: 'checkpoint', state: {} },
    ];
    const log: FlightLog = { header: load('midroll').header, entries };
    const { breaks, ads } = timelineModel(log, replayedClean(log));
    expect(breaks.map((b) => [b.from, b.to, b.cut])).toEqual([
      [10, 50, 'the ad actor crashed'],
      [60, 100, 'the log ends first'],
    ]);
    expect(ads.map((a) => [a.from, a.to, a.endStatus, a.cut])).toEqual([
      [11, 50, null, 'the ad actor crashed'],
      [61, 100, null, 'the log ends first'],
    ]);
    expect(ads[1]!.segments.map((s) => s.status)).toEqual(['created', 'paused']);
  });
});

describe('beacons', () => {
  it('are named by the VAST event whose URL they fired', () => {
    expect(model('preroll-complete').m.beacons.map((b) => b.event)).toEqual([
      'impression',
      'start',
      'firstQuartile',
      'midpoint',
      'progress@3s',
      'thirdQuartile',
      'complete',
    ]);
    expect(model('preroll-skip').m.beacons.map((b) => b.event)).toEqual([
      'impression',
      'start',
      'firstQuartile',
      'skip',
    ]);
    expect(model('preroll-vpaid').m.beacons.map((b) => b.event)).toContain('complete');
  });
});

describe('markers', () => {
  it('places the findings and the divergence at their entries', () => {
    const log = load('midroll');
    const ended = log.entries.findIndex((e) => e.kind === 'put' && e.action.type === 'ads/adEnded');
    const finding: Finding = {
      kind: 'beacon-twice',
      message: 'complete fired twice',
      t: log.entries[ended]!.t,
      seqs: [log.entries[ended]!.seq, 999_999],
    };
    const result: ReplayResult = {
      ...replayedClean(log),
      ok: false,
      divergence: {
        index: 20,
        seq: log.entries[20]!.seq,
        t: log.entries[20]!.t,
        reason: 'put differs',
        expected: log.entries[20]!,
        actual: null,
        actor: 'stream',
        preceding: [],
      },
    };
    const m: TimelineModel = timelineModel(log, result, [finding]);
    expect(m.findings).toEqual([
      expect.objectContaining({ kind: 'beacon-twice', index: ended, indexes: [ended] }),
    ]);
    expect(m.divergence).toMatchObject({ index: 20, t: log.entries[20]!.t });
    expect(m.divergence!.label).toContain(`Divergence at entry #${log.entries[20]!.seq}`);
  });
});

describe('the page', () => {
  it('packs every entry once: the packed columns unpack to the log', () => {
    const { log, m } = model('preroll-skip');
    const data = pageData(m, 'x');
    let t = Math.round(data.start / data.timeUnit);
    data.entries.dt.forEach((dt, i) => {
      t += dt;
      const e = log.entries[i]!;
      expect(t * data.timeUnit).toBeCloseTo(e.t, 1);
      expect(data.lanes[data.entries.lane[i]!]).toBe(m.entries[i]!.lane);
      expect(data.strings[data.entries.type[i]!]).toBe(m.entries[i]!.type);
      expect(data.strings[data.entries.detail[i]!]).toBe(m.entries[i]!.detail);
    });
    expect(data.entries.seq0).toBe(log.entries[0]!.seq);
    expect(data.entries.seqStep).toBeNull();
  });

  it('is self-contained, holds its data once, and keeps the verdict texts', () => {
    const log = load('midroll');
    const page = renderTimeline(log, replayedClean(log), []);
    expect(page).toContain('Replayed with zero divergence');
    expect(page).toContain('actor: stream');
    expect(page).toContain('No findings.');
    expect(page).not.toMatch(/<(script|link|img)[^>]+(src|href)=/);
    const json = /<script type="application\/json" id="timeline-data">(.*?)<\/script>/s.exec(page);
    const data = JSON.parse(json![1]!) as { entries: { dt: number[] } };
    expect(data.entries.dt).toHaveLength(log.entries.length);
    // no checkpoint states in the page: it is smaller than the log
    expect(page.length).toBeLessThan(JSON.stringify(log).length);
  });
});
