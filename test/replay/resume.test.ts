/** @jest-environment node */
// A log whose start was dropped (a long session's ring buffer): the actors replay from the earliest
// checkpoint where they start clean, so a changed output after it is caught and named by actor.
import { recordLongSession } from '../../tools/bench/longSession';
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import { replayLog } from '../../tools/replay/replay';
import { formatSummary } from '../../tools/replay/report';

let log: FlightLog;
beforeAll(async () => {
  // 6 minutes of the series with a mid-roll every 10 s of film, in a ring of 2,000 entries
  log = await recordLongSession(6, { maxEntries: 2_000, maxBytes: 64 << 20 });
}, 60_000);

const copy = (l: FlightLog) => JSON.parse(JSON.stringify(l)) as FlightLog;
const checkpointSeqs = (l: FlightLog) =>
  l.entries.filter((e) => e.kind === 'checkpoint').map((e) => e.seq);

it('replays a truncated log with the actors from a checkpoint where they start clean', async () => {
  expect(log.header.dropped).toBeGreaterThan(0);
  const result = await replayLog(log);
  expect(result.divergence).toBeNull();
  expect(result.mode).toBe('resumed');
  expect(checkpointSeqs(log)).toContain(result.resumedAt!.seq);
  // the player's actors replayed the rest: the mid-rolls after that checkpoint are in its history
  const after = log.entries.filter(
    (e) => e.seq > result.resumedAt!.seq && e.kind === 'put' && e.action.type === 'ads/adLoaded',
  );
  expect(after.length).toBeGreaterThan(0);
});

it('catches a changed ad after the checkpoint, and names the actor (the reducers alone do not)', async () => {
  const { resumedAt } = await replayLog(log);
  const tampered = copy(log);
  const loaded = tampered.entries.find(
    (e) => e.seq > resumedAt!.seq && e.kind === 'put' && e.action.type === 'ads/adLoaded',
  ) as Extract<LogEntry, { kind: 'put' }>;
  (loaded.action.payload as { title?: string }).title = 'Another advert';
  const result = await replayLog(tampered);
  expect(result.ok).toBe(false);
  expect(result.divergence).toMatchObject({ seq: loaded.seq, actor: 'ads' });
});

it('decides by starting the actors there: mid-break, a pending ad call nobody takes up is not clean', async () => {
  // cut the log at a checkpoint taken while an ad break ran
  const during = log.entries.findIndex(
    (e) =>
      e.kind === 'checkpoint' &&
      (e.state as { ads: { activeBreak: unknown } }).ads.activeBreak !== null,
  );
  expect(during).toBeGreaterThanOrEqual(0);
  const cut: FlightLog = {
    header: { ...log.header, dropped: log.header.dropped + during },
    entries: log.entries.slice(during),
  };
  const result = await replayLog(cut);
  expect(result.ok).toBe(true);
  expect(result.mode).toBe('resumed');
  expect(result.resumedAt!.seq).toBeGreaterThan(cut.entries[0]!.seq);
  const resumedState = cut.entries.find((e) => e.seq === result.resumedAt!.seq) as Extract<
    LogEntry,
    { kind: 'checkpoint' }
  >;
  expect((resumedState.state as { ads: { activeBreak: unknown } }).ads.activeBreak).toBeNull();
});

it('falls back to the reducers, and says so, when no checkpoint lets the actors start clean', async () => {
  const cut = copy(log);
  // without the session's constant queries, the analytics actor cannot start again anywhere
  delete cut.header.constants;
  const result = await replayLog(cut);
  expect(result.mode).toBe('reducers');
  expect(result.ok).toBe(true);
  expect(formatSummary(result)).toMatch(
    /no checkpoint where the actors start clean[^]*checkpoint #\d+: analytics calls device\.describe, which the log cannot answer/,
  );
});
