/** @jest-environment node */
// The replay command as a developer runs it: exit codes, summary, divergence report, timeline page.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FlightLog } from '../../src/recorder/format';
import { buildId } from '../../tools/buildId';

const ROOT = join(__dirname, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'replay-cli-'));

function replay(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['tools/replay/cli.ts', ...args],
      { cwd: ROOT },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

const golden = join(__dirname, 'film-plays.flight.json');

it('exits 0 with a summary, and writes the timeline and the DevTools export', async () => {
  const html = join(tmp, 'timeline.html');
  const devtools = join(tmp, 'devtools.json');
  // the log of this very build: the summary is all
  const ours = JSON.parse(readFileSync(golden, 'utf8')) as FlightLog;
  ours.header.build = buildId();
  const file = join(tmp, 'ours.json');
  writeFileSync(file, JSON.stringify(ours));
  const { code, stdout } = await replay(file, '--html', html, '--devtools', devtools);
  expect(code).toBe(0);
  const [summary, ...rest] = stdout.trim().split('\n');
  expect(summary).toMatch(
    /^OK: \d+ entries, [\d.]+ s of session replayed in [\d.]+ s \(\d+x real time\)$/,
  );
  // no promise broken; the pre-roll asked for had no ads
  expect(rest).toEqual([
    '',
    'Ad breaks:',
    expect.stringMatching(/^ {2}Pre-roll asked at [\d.]+ s: passed at [\d.]+ s \(no ads\)$/),
  ]);
  const page = readFileSync(html, 'utf8');
  expect(page).toContain('Replayed with zero divergence');
  expect(page).toContain('actor: stream');
  const exported = JSON.parse(readFileSync(devtools, 'utf8')) as { payload: string };
  const lifted = JSON.parse(exported.payload) as {
    actionsById: Record<string, { action: { type: string } }>;
  };
  expect(Object.values(lifted.actionsById).map((a) => a.action.type)).toContain('media/playing');
}, 30_000);

it('says on its first line that a log comes from another build', async () => {
  const other = JSON.parse(readFileSync(golden, 'utf8')) as FlightLog;
  other.header.build = '0.0.9+0123456789ab';
  const file = join(tmp, 'other-build.json');
  writeFileSync(file, JSON.stringify(other));
  const { code, stdout } = await replay(file);
  expect(code).toBe(0);
  const lines = stdout.trim().split('\n');
  expect(lines[0]).toBe(
    `Log from build 0.0.9+0123456789ab, replayed with build ${buildId()}: where they differ, a divergence may be the change between them`,
  );
  expect(lines[1]).toMatch(/^OK: /);
}, 30_000);

it('exits 1 and names the first divergence when the log says something the actors do not do', async () => {
  const log = JSON.parse(readFileSync(golden, 'utf8')) as FlightLog;
  const selected = log.entries.find(
    (e) => e.kind === 'put' && e.action.type === 'content/episodeSelected',
  )!;
  if (selected.kind === 'put') selected.action.payload = { episodeId: 999 };
  const tampered = join(tmp, 'tampered.json');
  writeFileSync(tampered, JSON.stringify(log));
  const html = join(tmp, 'tampered.html');
  const { code, stdout } = await replay(tampered, '--html', html);
  expect(code).toBe(1);
  expect(stdout).toContain(`DIVERGENCE at entry #${selected.seq}`);
  expect(stdout).toContain('actor "boot"');
  expect(stdout).toMatch(/-\s+"episodeId": 999/);
  expect(stdout).toMatch(/\+\s+"episodeId": 101/);
  expect(readFileSync(html, 'utf8')).toContain(`Divergence at entry #${selected.seq}`);
}, 30_000);

it('exits 2 on a file that is not a flight log', async () => {
  const notALog = join(tmp, 'not-a-log.json');
  writeFileSync(notALog, JSON.stringify({ hello: 'world' }));
  const { code, stderr } = await replay(notALog);
  expect(code).toBe(2);
  expect(stderr).toContain('Not a flight log');
  expect((await replay(join(tmp, 'missing.json'))).code).toBe(2);
}, 30_000);

/** The demo's envelope sink as GET /__test/envelopes answers: an error report with the gzipped log. */
function envelopes(log: FlightLog) {
  const event = {
    header: { type: 'event' },
    payload: {
      release: '0.1.0+abc',
      exception: {
        values: [{ type: 'ActorCrash', value: 'Error: Crash drill in actor "stream"' }],
      },
    },
  };
  const attachment = {
    header: { type: 'attachment', filename: 'flight-log.json.gz' },
    payload: gzipSync(JSON.stringify(log)).toString('base64'),
    encoding: 'base64',
  };
  return [
    { project: '1', header: {}, items: [{ header: { type: 'session' }, payload: {} }], time: 1 },
    { project: '1', header: {}, items: [event, attachment], time: 2 },
  ];
}

it('reads a gzipped log, and an error report from the envelope sink, which it names', async () => {
  const log = JSON.parse(readFileSync(golden, 'utf8')) as FlightLog;
  const gz = join(tmp, 'log.json.gz');
  writeFileSync(gz, gzipSync(JSON.stringify(log)));
  const packed = await replay(gz);
  expect(packed.code).toBe(0);
  expect(packed.stdout).toContain(`OK: ${log.entries.length} entries`);

  const file = join(tmp, 'envelopes.json');
  writeFileSync(file, JSON.stringify(envelopes(log)));
  const reported = await replay(file);
  expect(reported.code).toBe(0);
  expect(reported.stdout).toContain(
    'From error report 1: ActorCrash: Error: Crash drill in actor "stream" (release 0.1.0+abc)',
  );
  expect(reported.stdout).toContain(`OK: ${log.entries.length} entries`);
  expect((await replay(file, '--report', '2')).stderr).toContain(
    'holds 1 reports with a flight log, not 2',
  );
  const none = join(tmp, 'no-reports.json');
  writeFileSync(none, JSON.stringify([envelopes(log)[0]]));
  expect((await replay(none)).stderr).toContain('holds no error report with a flight log');
}, 30_000);

it('names the actor of a tampered error report', async () => {
  const log = JSON.parse(readFileSync(golden, 'utf8')) as FlightLog;
  const bandwidth = log.entries.find(
    (e) => e.kind === 'put' && e.action.type === 'stream/bandwidthEstimated',
  )!;
  if (bandwidth.kind === 'put') bandwidth.action.payload = { bitsPerSecond: 1 };
  const file = join(tmp, 'tampered-envelopes.json');
  writeFileSync(file, JSON.stringify(envelopes(log)));
  const { code, stdout } = await replay(file);
  expect(code).toBe(1);
  expect(stdout).toContain(`DIVERGENCE at entry #${bandwidth.seq}`);
  expect(stdout).toContain('actor "stream"');
}, 30_000);

it('exits 3 on a session that broke a promise, with each finding, then the story of its ad breaks', async () => {
  // recorded from the demo: the crash drill crashes the ad actor while its pre-roll plays
  const { code, stdout } = await replay(join(__dirname, 'findings', 'ads-crash-drill.flight.json'));
  expect(code).toBe(3);
  const lines = stdout.trim().split('\n');
  const findings = lines.indexOf("FINDINGS: the session broke 1 of the player's promises");
  expect(lines[findings - 2]).toMatch(/^OK: /);
  expect(lines[findings + 1]).toMatch(
    /^\s+[\d.]+ s {2}actor-crash: Actor "ads" crashed \(after 0 restart\(s\)\): Error: Crash drill in actor "ads" \(entries #\d+\)$/,
  );
  const story = lines.indexOf('Ad breaks:');
  expect(story).toBeGreaterThan(findings);
  expect(lines[story + 1]).toMatch(/^ {2}Pre-roll at [\d.]+ s \(film at 0\.0 s\), 1 ad: ended at/);
  expect(lines[story + 2]).toMatch(
    /^ {4}1\/1 "Демо реклама 6 с" .*created [\d.]+ s, loaded .*cut short at [\d.]+ s; beacons: impression, start$/,
  );
}, 30_000);

it('tells the findings of a log that does not replay too, but exits 1 for its divergence', async () => {
  // changed as a player that fires a quartile twice would have written it
  const { code, stdout } = await replay(join(__dirname, 'findings', 'beacon-twice.flight.json'));
  expect(code).toBe(1);
  expect(stdout).toMatch(/^DIVERGENCE/m);
  expect(stdout).toMatch(/^\s+[\d.]+ s {2}beacon-twice: .*firstQuartile 2 times/m);
}, 30_000);
