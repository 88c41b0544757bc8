/** @jest-environment node */
// The story of a session's ad breaks (tools/replay/adStory.ts), read from the golden logs: a line per
// break, a line per ad with its statuses, its error and its beacons by VAST event.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlightLog } from '../../src/recorder/format';
import { adBreakStory } from '../../tools/replay/adStory';
import { droppedBefore } from './goldenLogs';

const load = (name: string) => JSON.parse(readFileSync(join(__dirname, name), 'utf8')) as FlightLog;
const actions = (log: FlightLog, type: string) =>
  log.entries.filter((e) => (e.kind === 'put' || e.kind === 'in') && e.action.type === type);
const at = (t: number) => `${(t / 1000).toFixed(3)} s`;

describe('the ad break story', () => {
  it('a pre-roll played to its end: its break, then its ad with each status at its time and its beacons', () => {
    const log = load('preroll-complete.flight.json');
    const [head, ad, ...rest] = adBreakStory(log);
    expect(rest).toEqual([]);
    const started = actions(log, 'ads/breakStarted')[0]!;
    const ended = actions(log, 'ads/breakEnded')[0]!;
    expect(head).toBe(
      `Pre-roll at ${at(started.t)} (film at 0.0 s), 1 ad: ended at ${at(ended.t)}, after ${at(ended.t - started.t)}`,
    );
    expect(ad).toMatch(/^ {2}1\/1 "Демо реклама 6 с" \(demo-nonskippable, 6 s\): /);
    // each status at the time of the action that set it, in order
    const steps = ['adCreated', 'adLoaded', 'adStarted', 'adPlaying', 'adEnded'].map(
      (type) => actions(log, `ads/${type}`)[0]!.t,
    );
    const statuses = ['created', 'loaded', 'started', 'playing', 'completed'];
    expect(ad).toContain(statuses.map((s, i) => `${s} ${at(steps[i]!)}`).join(', '));
    // the beacons in the order fired, by the VAST event each tracks (the demo's VAST)
    expect(ad).toMatch(
      /; beacons: impression, start, firstQuartile, midpoint, progress@3s, thirdQuartile, complete$/,
    );
  });

  it('a pre-roll and a mid-roll: two breaks, the mid-roll where the film was', () => {
    const log = load('midroll.flight.json');
    const lines = adBreakStory(log);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Pre-roll at [\d.]+ s \(film at 0\.0 s\), 1 ad: ended/);
    const midroll = actions(log, 'ads/breakStarted')[1]!.t;
    expect(lines[2]).toMatch(
      new RegExp(
        `^Mid-roll at ${at(midroll).replace('.', '\\.')} \\(film at 10\\.\\d s\\), 1 ad: ended`,
      ),
    );
    expect(lines[3]).toMatch(/completed [\d.]+ s; beacons: impression, start, /);
  });

  it('a skipped ad: the skip, and no beacon past where it was', () => {
    const [, ad] = adBreakStory(load('preroll-skip.flight.json'));
    expect(ad).toMatch(/\(demo-skippable, 15 s\): .*playing [\d.]+ s, skipped [\d.]+ s; /);
    expect(ad).toMatch(/; beacons: impression, start, firstQuartile, skip$/);
  });

  it('a broken VAST: the error with its code, and no beacon (no tracking could be read)', () => {
    const [head, ad] = adBreakStory(load('preroll-broken-vast.flight.json'));
    expect(head).toMatch(/^Pre-roll at .*, 1 ad: ended/);
    expect(ad).toMatch(
      /^ {2}1\/1 \(no title\): created [\d.]+ s, error [\d.]+ s \(100: Expected closing tag/,
    );
    expect(ad).toMatch(/; beacons: none$/);
  });

  it('a VPAID creative: marked, its own quartiles tracked', () => {
    const [, ad] = adBreakStory(load('preroll-vpaid.flight.json'));
    expect(ad).toMatch(/\(demo-vpaid, 6 s, VPAID\)/);
    expect(ad).toMatch(
      /; beacons: impression, start, firstQuartile, midpoint, thirdQuartile, complete$/,
    );
  });

  it('a pre-roll with no ads to play: one line, passed and why', () => {
    expect(adBreakStory(load('film-plays.flight.json'))).toEqual([
      expect.stringMatching(/^Pre-roll asked at [\d.]+ s: passed at [\d.]+ s \(no ads\)$/),
    ]);
  });

  it('a log whose front was dropped mid-ad: the break and the ad from its checkpoint, as they were there', () => {
    const log = load('preroll-complete.flight.json');
    const playing = log.entries.indexOf(actions(log, 'ads/adPlaying')[0]!);
    const entry = log.entries[playing]!;
    const cut = droppedBefore(log, playing);
    const ended = actions(log, 'ads/breakEnded')[0]!;
    const [head, ad, ...rest] = adBreakStory(cut);
    expect(rest).toEqual([]);
    expect(head).toBe(
      `Pre-roll already on where the log starts, ${at(entry.t)} (film at 0.0 s), 1 ad: ended at ${at(ended.t)}, after ${at(ended.t - entry.t)}`,
    );
    const completed = actions(log, 'ads/adEnded')[0]!;
    expect(ad).toMatch(/^ {2}1\/1 "Демо реклама 6 с" \(demo-nonskippable, 6 s\): /);
    expect(ad).toContain(`: playing ${at(entry.t)}, completed ${at(completed.t)}; beacons: `);
  });

  it('no break at all: no story', () => {
    expect(adBreakStory(load('boot-not-found.flight.json'))).toEqual([]);
  });

  describe('from the sessions of test/replay/findings/', () => {
    const fixture = (name: string) => load(join('findings', `${name}.flight.json`));

    it('an ad whose media file answered 404: error 401, its error URL fired', () => {
      const [, ad] = adBreakStory(fixture('preroll-media-404'));
      expect(ad).toMatch(/loaded [\d.]+ s, error [\d.]+ s \(401: Media file not found/);
      expect(ad).toMatch(/; beacons: error$/);
    });

    it('the ad actor crashed mid-ad: the ad cut short, its beacons so far', () => {
      const [head, ad] = adBreakStory(fixture('ads-crash-drill'));
      expect(head).toMatch(/^Pre-roll at .*, 1 ad: ended at/);
      expect(ad).toMatch(/playing [\d.]+ s, cut short at [\d.]+ s; beacons: impression, start$/);
    });

    it('an ad still playing when the log ends: said so, for the break and the ad', () => {
      const [head, ad] = adBreakStory(fixture('ad-stuck'));
      expect(head).toMatch(/, 1 ad: still on when the log ends \([\d.]+ s\), [\d.]+ s in$/);
      expect(ad).toMatch(
        /playing [\d.]+ s, not ended when the log ends; beacons: impression, start, firstQuartile$/,
      );
    });

    it('a beacon fired twice shows twice', () => {
      const [, ad] = adBreakStory(fixture('beacon-twice'));
      expect(ad).toMatch(/; beacons: impression, start, firstQuartile, firstQuartile, midpoint,/);
    });
  });
});
