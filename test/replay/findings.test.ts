/** @jest-environment node */
// The player's promises checked in a session's log (tools/replay/findings.ts): the golden logs show
// only what truly happened in them, and each broken promise is found in a log that shows it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import { findFindings } from '../../tools/replay/findings';

const load = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as FlightLog;
const golden = readdirSync(__dirname).filter((f) => f.endsWith('.flight.json'));
const entry = (log: FlightLog, seq: number) => log.entries.find((e) => e.seq === seq);
const actionType = (e: LogEntry | undefined) =>
  e && (e.kind === 'put' || e.kind === 'in') ? e.action.type : undefined;

describe('the golden logs', () => {
  it('are there', () => {
    expect(golden.length).toBeGreaterThanOrEqual(8);
  });

  // healthy sessions (a broken VAST, a page error report, a 404 at boot included) break no promise;
  // the crash drill crashes the stream actor on purpose
  it.each(golden)('%s shows only what it truly shows', (name) => {
    const expected = name === 'stream-crash-drill.flight.json' ? ['actor-crash'] : [];
    expect(findFindings(load(join(__dirname, name))).map((f) => f.kind)).toEqual(expected);
  });

  it('the crash drill: the stream actor crashed, found at the entry of its crash', () => {
    const log = load(join(__dirname, 'stream-crash-drill.flight.json'));
    const [crash] = findFindings(log);
    const shown = entry(log, crash!.seqs[0]!);
    expect(shown).toMatchObject({
      kind: 'put',
      action: { type: 'system/actorCrashed', payload: { actor: 'stream' } },
    });
    expect(crash!.t).toBe(shown!.t);
    expect(crash!.message).toMatch(/Actor "stream" crashed .*Crash drill/);
  });

  it('the same tracking URL fired by two ads (a pre-roll and a mid-roll) is not a beacon twice', () => {
    const log = load(join(__dirname, 'midroll.flight.json'));
    const starts = log.entries.filter(
      (e) => e.kind === 'call' && e.port === 'beacon' && String(e.args[0]).endsWith('/start'),
    );
    expect(starts).toHaveLength(2);
    expect(new Set(starts.map((e) => (e.kind === 'call' ? e.args[0] : null))).size).toBe(1);
    expect(findFindings(log)).toEqual([]);
  });

  it('the pre-roll cut after its break, the session going on 30 s: the film not resumed is found', () => {
    // what the ad actor and the film did after the break taken out, the log's end 30 s later
    const log = load(join(__dirname, 'preroll-complete.flight.json'));
    const ended = log.entries.findIndex((e) => actionType(e) === 'ads/breakEnded');
    const cut: FlightLog = { ...log, entries: log.entries.slice(0, ended + 1) };
    const last = cut.entries.at(-1)!;
    cut.entries.push({ seq: last.seq + 1, t: last.t + 30_000, kind: 'checkpoint', state: {} });
    expect(findFindings(cut).map((f) => f.kind)).toEqual(['content-not-resumed']);
  });
});
