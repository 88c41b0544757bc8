/**
 * @jest-environment node
 */
// Every IAB VAST sample (test/fixtures/vast-iab, copied with its LICENSE) through the inspector, as
// `npm run vast -- --offline` resolves it: wrapper URLs off this machine are never fetched.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { VAST_ERROR } from '../../../src/vast/model';
import { inspectVast, type InspectReport } from '../../../tools/vast/inspect';
import { xmlFiles } from './xmlFiles';

const ROOT = join(__dirname, '..', '..', '..');
const SAMPLES = join(ROOT, 'test', 'fixtures', 'vast-iab');

const samples = xmlFiles(SAMPLES);
const outcomeOf = (report: InspectReport) =>
  'error' in report ? String(report.error.code) : 'resolved';

describe('IAB samples, in process', () => {
  const reports = new Map<string, InspectReport>();

  beforeAll(async () => {
    for (const file of samples) reports.set(file, await inspectVast(file, { offline: true }));
  });

  test('all 75 samples and their LICENSE are in the repository', () => {
    expect(samples).toHaveLength(75);
    expect(statSync(join(SAMPLES, 'LICENSE')).isFile()).toBe(true);
  });

  test.each(samples.map((file) => [relative(SAMPLES, file), file]))(
    '%s ends in a resolved ad or a defined VAST error',
    (_, file) => {
      const report = reports.get(file)!;
      if ('error' in report) {
        expect(Object.values(VAST_ERROR)).toContain(report.error.code);
        expect(report.error.message).not.toBe('');
      } else {
        expect(report.mediaFile.url).toMatch(/^https?:\/\//);
        expect(report.ad.durationSec).toBeGreaterThan(0);
      }
      // Nothing usable is ever a non-http URL.
      const usable =
        'error' in report
          ? report.errorUrls
          : [
              ...report.impressions,
              ...report.errorUrls,
              ...report.clickTracking,
              ...Object.values(report.tracking).flat(),
              ...(report.clickThrough ? [report.clickThrough] : []),
            ];
      for (const url of usable) expect(url).toMatch(/^https?:\/\/\S+$/);
    },
  );

  test('wrappers to addresses off this machine end in 301/303 (never fetched offline)', () => {
    const wrappers = samples.filter((file) => readFileSync(file, 'utf8').includes('<Wrapper'));
    expect(wrappers).toHaveLength(11);
    for (const file of wrappers) expect(['301', '303']).toContain(outcomeOf(reports.get(file)!));
  });

  test('outcome tally', () => {
    const tally: Record<string, number> = {};
    for (const report of reports.values()) {
      const key = outcomeOf(report);
      tally[key] = (tally[key] ?? 0) + 1;
    }
    // VAST 1 documents are 102; the pod of ten ads is 100; NonLinear-only ads are 201; FLV/SWF-only
    // ads are 403; every wrapper points off this machine and is 301.
    expect(tally).toEqual({ resolved: 48, '100': 1, '102': 6, '201': 6, '301': 11, '403': 3 });
  });

  test('a VAST 4 sample is read in full', () => {
    const report = reports.get(join(SAMPLES, 'vast-4.2', 'Event_Tracking-test.xml'))!;
    expect(report).toMatchObject({
      ad: { id: '20001', adSystem: 'iabtechlab', durationSec: 16 },
      mediaFile: { width: 1280, height: 720, type: 'video/mp4', bitrate: 2000 },
      clickThrough: 'https://iabtechlab.com',
      impressions: ['https://example.com/track/impression'],
      errorUrls: ['https://example.com/error'],
      wrapperDepth: 0,
      ignoredUrls: [],
    });
    if (!('error' in report)) {
      expect(report.tracking['progress@10s']).toEqual(['http://example.com/tracking/progress-10']);
      expect(report.tracking.firstQuartile).toEqual(['https://example.com/tracking/firstQuartile']);
    }
  });
});

describe('the CLI as a subprocess', () => {
  const run = promisify(execFile);
  const cli = async (...args: string[]) => {
    try {
      const { stdout } = await run('npx', ['tsx', 'tools/vast/cli.ts', ...args], { cwd: ROOT });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  };
  const broken = join(mkdtempSync(join(tmpdir(), 'vast-cli-')), 'broken.xml');
  writeFileSync(broken, '<VAST version="4.2"><Ad><InLine></Ad>');

  test('an InLine sample prints the chosen media and tracking, exit 0', async () => {
    const { code, stdout } = await cli('--offline', join(SAMPLES, 'vast-4.2', 'Inline_Simple.xml'));
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.mediaFile).toMatchObject({ type: 'video/mp4', width: 1280, height: 720 });
    expect(report.wrapperDepth).toBe(0);
    expect(report.skipOffsetSec).toBeNull();
    expect(Array.isArray(report.impressions)).toBe(true);
  }, 30000);

  test('a wrapper sample offline is 301 with the wrapper Error URL, exit 0', async () => {
    const { code, stdout } = await cli(
      '--offline',
      join(SAMPLES, 'vast-4.2', 'Wrapper_Tag-test.xml'),
    );
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.error.code).toBe(301);
    expect(report.errorUrls.length).toBeGreaterThan(0);
  }, 30000);

  test('malformed XML is 100, exit 0', async () => {
    const { code, stdout } = await cli('--offline', broken);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ error: { code: 100 }, errorUrls: [] });
  }, 30000);

  test('a missing file and a missing argument exit 2', async () => {
    expect((await cli('--offline', join(SAMPLES, 'no-such-file.xml'))).code).toBe(2);
    expect((await cli('--offline')).code).toBe(2);
  }, 30000);
});
