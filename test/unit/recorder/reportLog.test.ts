/** @jest-environment node */
// The log an error report carries: the whole session when it fits, else its latest part from a checkpoint.
import { gunzipSync } from 'node:zlib';
import type { FlightLog, LogEntry } from '../../../src/recorder/format';
import { reportLog, REPORT_LOG_LIMIT_BYTES } from '../../../src/recorder/reportLog';

/** A session of `segments` checkpoints, each followed by `perSegment` varied entries. */
function session(segments: number, perSegment: number): FlightLog {
  const entries: LogEntry[] = [];
  let seq = 0;
  for (let s = 0; s < segments; s++) {
    entries.push({ seq: seq++, t: seq * 10, kind: 'checkpoint', state: { segment: s } });
    for (let i = 0; i < perSegment; i++)
      entries.push({
        seq: seq++,
        t: seq * 10,
        kind: 'ev',
        port: 'media',
        args: [{ type: 'timeupdate', currentTime: seq / 7, id: (seq * 7919) % 10007 }],
      });
  }
  return {
    header: {
      format: 'kino-player/flight-log',
      version: 1,
      build: '0.1.0+abc',
      sessionStart: '2026-11-24T00:00:00.000Z',
      config: {} as FlightLog['header']['config'],
      rngSeed: 1,
      dropped: 0,
      redacted: {},
    },
    entries,
  };
}

const unpacked = (data: Uint8Array | string) =>
  JSON.parse(typeof data === 'string' ? data : gunzipSync(data).toString('utf8')) as FlightLog;

it('is the whole session, gzipped, when it fits the limit', async () => {
  const log = session(5, 300);
  const report = await reportLog(log);
  expect(report).toMatchObject({
    filename: 'flight-log.json.gz',
    contentType: 'application/gzip',
    dropped: 0,
  });
  expect(report.data.length).toBeLessThan(JSON.stringify(log).length / 4);
  expect(unpacked(report.data)).toEqual(log);
  expect(REPORT_LOG_LIMIT_BYTES).toBe(1024 * 1024);
});

it('over the limit, starts at the earliest checkpoint whose tail fits, and counts what it left out', async () => {
  const log = session(10, 300);
  const whole = (await reportLog(log)).data.length;
  const limit = Math.floor(whole * 0.45);
  const report = await reportLog(log, limit);
  expect(report.data.length).toBeLessThanOrEqual(limit);
  const tail = unpacked(report.data);
  expect(tail.entries[0]!.kind).toBe('checkpoint');
  expect(tail.header.dropped).toBe(report.dropped);
  expect(tail.entries[0]!.seq).toBe(report.dropped);
  expect(tail.entries).toEqual(log.entries.slice(report.dropped));
  // the earliest that fits: one segment more would not have
  const oneMore = report.dropped - 301;
  const longer = await reportLog({ ...log, entries: log.entries.slice(oneMore) }, Infinity);
  expect(longer.data.length).toBeGreaterThan(limit);
});

it('keeps at least the last segment, whatever the limit', async () => {
  const log = session(3, 100);
  const tail = unpacked((await reportLog(log, 10)).data);
  expect(tail.entries).toEqual(log.entries.slice(202));
});
