/**
 * @jest-environment node
 */
// Every IAB VAST sample (test/fixtures/vast-iab, copied with its LICENSE) through the inspector, as
// `npm run vast -- --offline` resolves it: wrapper URLs off this machine are never fetched.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chooseSimidFile } from '../../../src/vast/interactive';
import { VAST_ERROR, type VastAd, type VastWrapperLayer } from '../../../src/vast/model';
import { parseVastDocument, type VastDocument } from '../../../src/vast/parse';
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
      simidFile: null,
      icons: [],
      verifications: [],
    });
    if (!('error' in report)) {
      expect(report.tracking['progress@10s']).toEqual(['http://example.com/tracking/progress-10']);
      expect(report.tracking.firstQuartile).toEqual(['https://example.com/tracking/firstQuartile']);
    }
  });
});

describe('IAB samples: the parts of VAST 4 read by the parser', () => {
  type Parsed = Exclude<VastDocument, { kind: 'failure' }>;
  const bodyOf = (doc: Parsed) => (doc.kind === 'inline' ? doc.ad : doc.layer);
  // Each sample on its own: a wrapper's layer is read, never followed.
  const parsed = samples.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const doc = parseVastDocument(text, pathToFileURL(file).href);
    return doc.kind === 'failure' ? [] : [{ path: relative(SAMPLES, file), text, doc }];
  });
  const sample = (path: string) => parsed.find((each) => each.path === path)!;
  const adOf = (path: string) => bodyOf(sample(path).doc) as VastAd;

  test('every sample whose text carries a part parses with it, and no other does', () => {
    for (const { path, text, doc } of parsed) {
      const body = bodyOf(doc);
      const ad = doc.kind === 'inline' ? doc.ad : null;
      const { viewable, notViewable, viewUndetermined } = body.viewableImpression;
      const read = {
        icons: body.icons.length > 0,
        viewable: viewable.length + notViewable.length + viewUndetermined.length > 0,
        verifications: body.verifications.length > 0,
        interactive: (ad?.interactiveCreativeFiles.length ?? 0) > 0,
        adServingId: (ad?.adServingId ?? null) !== null,
      };
      expect({ path, ...read }).toEqual({
        path,
        icons: /<Icon[\s>]/.test(text),
        viewable: /<(Viewable|NotViewable|ViewUndetermined)>/.test(text),
        verifications: /<Verification[\s>]/.test(text),
        interactive: text.includes('<InteractiveCreativeFile'),
        adServingId: ad !== null && text.includes('<AdServingId>'),
      });
    }
  });

  test('which samples carry which parts', () => {
    const carrying = (keep: (body: VastAd | VastWrapperLayer) => boolean) =>
      parsed.filter(({ doc }) => keep(bodyOf(doc))).map(({ path }) => path);
    expect(carrying((body) => body.icons.length > 0)).toEqual(['vast-4.2/IconClickFallbacks.xml']);
    expect(carrying((body) => body.viewableImpression.viewable.length > 0)).toEqual([
      'vast-4.0/Viewable_Impression-test.xml',
      'vast-4.1/Viewable_Impression-test.xml',
      'vast-4.2/Viewable_Impression-test.xml',
    ]);
    expect(carrying((body) => body.verifications.length > 0)).toEqual([
      'vast-1-2.0/Inline_NonLinear_Verification_VAST2.0.xml',
      'vast-4.0/Ad_Verification-test.xml',
      'vast-4.1/Ad_Verification-test.xml',
      'vast-4.2/Ad_Verification-test.xml',
    ]);
    expect(
      carrying(
        (body) => 'interactiveCreativeFiles' in body && body.interactiveCreativeFiles.length > 0,
      ),
    ).toEqual([
      'vast-4.0/SSAI_stitching__VPAID_separation-test.xml',
      'vast-4.1/SSAI_stitching__VPAID_separation-test.xml',
    ]);
    // every InLine sample of VAST 4.1 (15) and 4.2 (12) with a Linear creative
    expect(carrying((body) => 'adServingId' in body && body.adServingId !== null)).toHaveLength(27);
  });

  test('IconClickFallbacks.xml: the icon, its image and its click fallback image', () => {
    const ad = adOf('vast-4.2/IconClickFallbacks.xml');
    expect(ad.adServingId).toBe('a532d16d-4d7f-4440-bd29-2ec0e693fc80');
    expect(ad.icons).toEqual([
      {
        program: null,
        width: null,
        height: null,
        xPosition: null,
        yPosition: null,
        offsetSec: null,
        durationSec: null,
        pxratio: 1,
        apiFramework: null,
        altText: null,
        hoverText: null,
        resources: [
          {
            kind: 'static',
            url: 'https://example.org/images/ad_icon_img.png',
            creativeType: 'image/png',
          },
        ],
        clickThrough: null,
        clickTracking: [],
        clickFallbackImages: [
          {
            url: 'https://example.org/images/ad_icon_clicked.png',
            creativeType: null,
            width: null,
            height: null,
            altText: 'The live click interaction',
          },
        ],
        viewTracking: [],
      },
    ]);
  });

  test.each([
    ['vast-4.0', 'http'],
    ['vast-4.1', 'https'],
    ['vast-4.2', 'https'],
  ])(
    "%s/Viewable_Impression-test.xml: the wrapper's three viewability beacons",
    (version, scheme) => {
      const url = `${scheme}://search.iabtechlab.com/error?errcode=102&imprid=s5-ea2f7f298e28c0c98374491aec3dfeb1&ts=1243`;
      expect(
        bodyOf(sample(`${version}/Viewable_Impression-test.xml`).doc).viewableImpression,
      ).toEqual({
        viewable: [url],
        notViewable: [url],
        viewUndetermined: [url],
      });
    },
  );

  test.each(['vast-4.0', 'vast-4.1', 'vast-4.2'])(
    '%s/Ad_Verification-test.xml: two vendors (no vendor attribute), a script each',
    (version) => {
      const { verifications } = adOf(`${version}/Ad_Verification-test.xml`);
      expect(verifications.map((v) => [v.vendor, v.javaScriptResources])).toEqual([
        [
          null,
          [
            {
              url: 'https://verificationcompany1.com/verification_script1.js',
              apiFramework: null,
              browserOptional: false,
            },
          ],
        ],
        [
          null,
          [
            {
              url: 'https://verificationcompany.com/untrusted.js',
              apiFramework: null,
              browserOptional: false,
            },
          ],
        ],
      ]);
    },
  );

  test('Inline_NonLinear_Verification_VAST2.0.xml: the Extension of type AdVerifications', () => {
    expect(adOf('vast-1-2.0/Inline_NonLinear_Verification_VAST2.0.xml').verifications).toEqual([
      {
        vendor: 'company.com-omid',
        javaScriptResources: [
          { url: 'https://company.com/omid.js', apiFramework: 'omid', browserOptional: true },
        ],
        executableResources: [],
        parameters: 'parameter1=value1&parameter2=value2&parameter3=value3',
        notExecutedUrls: ['https://company.com/pixel.jpg?error=[REASON]'],
        malformedScripts: 0,
      },
    ]);
  });

  test('Inline_Simple.xml of VAST 4.x: an empty AdVerifications is no verification', () => {
    for (const version of ['vast-4.0', 'vast-4.1', 'vast-4.2']) {
      expect(adOf(`${version}/Inline_Simple.xml`).verifications).toEqual([]);
    }
  });

  test('SSAI_stitching__VPAID_separation-test.xml: an InteractiveCreativeFile with no framework, so no SIMID creative', () => {
    const ad = adOf('vast-4.1/SSAI_stitching__VPAID_separation-test.xml');
    expect(ad.adServingId).toBe('a532d16d-4d7f-4440-bd29-2ec0e693fc81');
    expect(ad.interactiveCreativeFiles).toEqual([
      {
        url: 'https://pilot.iabtechlab.com/beacon?type=complete&imprid=s5-ea2f7f298e28c0c98374491aec3dfeb1&ts=4235',
        type: null,
        apiFramework: null,
        variableDuration: false,
      },
    ]);
    expect(chooseSimidFile(ad.interactiveCreativeFiles)).toBeNull();
    expect(
      adOf('vast-4.0/SSAI_stitching__VPAID_separation-test.xml').interactiveCreativeFiles,
    ).toEqual([
      expect.objectContaining({ url: expect.stringMatching(/^http:\/\/pilot\.iabtechlab\.com\//) }),
    ]);
  });
});

test('the inspector shows the icons and verifications of the samples that carry them', async () => {
  const icons = await inspectVast(join(SAMPLES, 'vast-4.2', 'IconClickFallbacks.xml'), {
    offline: true,
  });
  expect(icons).toMatchObject({
    ad: { adServingId: 'a532d16d-4d7f-4440-bd29-2ec0e693fc80' },
    icons: [{ resources: [{ url: 'https://example.org/images/ad_icon_img.png' }] }],
  });
  const verification = await inspectVast(
    join(SAMPLES, 'vast-1-2.0', 'Inline_NonLinear_Verification_VAST2.0.xml'),
    { offline: true },
  );
  expect(verification).toMatchObject({
    verifications: [{ vendor: 'company.com-omid' }],
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
