// The demo's VAST fixtures, resolved as the player resolves them ({{ORIGIN}} is the demo server).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumCanPlay } from '../../../src/vast/chromiumCanPlay';
import { chooseSimidFile } from '../../../src/vast/interactive';
import { chooseMediaFile } from '../../../src/vast/media';
import { VAST_ERROR, type VastAd } from '../../../src/vast/model';
import { offsetSeconds } from '../../../src/vast/offsets';
import { resolveVast, type FetchText, type VastOutcome } from '../../../src/vast/resolve';
import { parsedIcon } from './documents';

const ORIGIN = 'http://127.0.0.1:1';
const DIR = join(__dirname, '..', '..', '..', 'demo', 'fixtures', 'vast');
const documents = new Map(
  readdirSync(DIR)
    .filter((name) => name.endsWith('.xml'))
    .map((name) => [
      `${ORIGIN}/vast/${name}`,
      readFileSync(join(DIR, name), 'utf8').replaceAll('{{ORIGIN}}', ORIGIN),
    ]),
);
const fetchText: FetchText = async (url) => {
  const text = documents.get(url);
  return text === undefined ? { ok: false, reason: 'unavailable' } : { ok: true, text };
};
const resolveFixture = (name: string) => resolveVast(`${ORIGIN}/vast/${name}.xml`, fetchText);

const adOf = (outcome: VastOutcome): VastAd => {
  if (outcome.kind !== 'ad') throw new Error(`expected an ad, got ${JSON.stringify(outcome)}`);
  return outcome.ad;
};
const chosen = (ad: VastAd) =>
  chooseMediaFile(ad.mediaFiles, {
    width: 1280,
    height: 720,
    bandwidthKbps: null,
    canPlay: chromiumCanPlay,
  });
const track = (path: string) => `${ORIGIN}/track/${path}`;

test.each([...documents.keys()])('%s resolves to an ad or a defined VAST error', async (url) => {
  const outcome = await resolveVast(url, fetchText);
  if (outcome.kind === 'error') {
    expect(Object.values(VAST_ERROR)).toContain(outcome.failure.code);
  } else expect(outcome.ad.mediaFiles.length).toBeGreaterThan(0);
});

test('broken.xml: malformed, 100', async () => {
  const outcome = await resolveFixture('broken');
  expect(outcome).toMatchObject({ kind: 'error', failure: { code: VAST_ERROR.XML_PARSING } });
});

test("empty.xml: no Ad, 303 'Empty vast' told to its root Error", async () => {
  expect(await resolveFixture('empty')).toEqual({
    kind: 'error',
    failure: {
      code: VAST_ERROR.NO_VAST_RESPONSE,
      message: 'Empty vast',
      errorUrls: [track('empty/error?code=[ERRORCODE]')],
      ignoredUrls: [],
    },
  });
});

test('no-media.xml: the mp4 without a size does not count, the FLV is not playable', async () => {
  const ad = adOf(await resolveFixture('no-media'));
  expect(ad.mediaFiles.map((f) => f.type)).toEqual(['video/x-flv']);
  expect(chosen(ad)).toBeNull();
  expect(ad.errorUrls).toEqual([track('no-media/error?code=[ERRORCODE]')]);
});

test('nonskippable.xml: a 6 s ad without skipoffset', async () => {
  const ad = adOf(await resolveFixture('nonskippable'));
  expect(ad).toMatchObject({
    id: 'demo-nonskippable',
    sequence: 1,
    durationSec: 6,
    skipOffset: null,
    clickThrough: `${ORIGIN}/advertiser.html`,
    clickTracking: [track('nonskippable/click')],
    impressions: [track('nonskippable/impression?cb=[CACHEBUSTING]')],
    wrapperDepth: 0,
    ignoredUrls: [],
  });
  expect(chosen(ad)?.url).toBe(`${ORIGIN}/media/ads/ad-6s.mp4`);
  expect(ad.tracking).toHaveLength(11);
  expect(ad.tracking.find((t) => t.event === 'progress')?.offset).toEqual({
    kind: 'seconds',
    value: 3,
  });
});

test('skippable.xml: a 15 s ad skippable after 5 s', async () => {
  const ad = adOf(await resolveFixture('skippable'));
  expect(ad.durationSec).toBe(15);
  expect(offsetSeconds(ad.skipOffset, ad.durationSec)).toBe(5);
  expect(chosen(ad)?.url).toBe(`${ORIGIN}/media/ads/ad-15s.mp4`);
});

test('wrapper-1.xml: two wrappers to nonskippable.xml, everything merged', async () => {
  const ad = adOf(await resolveFixture('wrapper-1'));
  expect(ad.id).toBe('demo-nonskippable');
  expect(ad.wrapperDepth).toBe(2);
  expect(ad.impressions).toEqual([
    track('wrapper-1/impression'),
    track('wrapper-2/impression'),
    track('nonskippable/impression?cb=[CACHEBUSTING]'),
  ]);
  expect(ad.errorUrls).toEqual([
    track('wrapper-1/error?code=[ERRORCODE]'),
    track('wrapper-2/error?code=[ERRORCODE]'),
    track('nonskippable/error?code=[ERRORCODE]'),
  ]);
  expect(ad.clickTracking).toEqual([
    track('wrapper-1/click'),
    track('wrapper-2/click'),
    track('nonskippable/click'),
  ]);
  expect(ad.tracking.filter((t) => t.event === 'complete').map((t) => t.url)).toEqual([
    track('wrapper-1/complete'),
    track('wrapper-2/complete'),
    track('nonskippable/complete'),
  ]);
});

test('wrapper-2.xml: one wrapper to nonskippable.xml', async () => {
  const ad = adOf(await resolveFixture('wrapper-2'));
  expect(ad.wrapperDepth).toBe(1);
  expect(ad.impressions[0]).toBe(track('wrapper-2/impression'));
});

test('icon.xml: a 6 s ad with the AdChoices icon at the top right, from its first frame to its end', async () => {
  const ad = adOf(await resolveFixture('icon'));
  expect(ad).toMatchObject({ id: 'demo-icon', durationSec: 6, skipOffset: null });
  expect(ad.icons).toEqual([
    parsedIcon({
      program: 'AdChoices',
      altText: 'AdChoices: почему я вижу эту рекламу',
      hoverText: 'Почему я вижу эту рекламу?',
      resources: [
        { kind: 'static', url: `${ORIGIN}/media/ads/adchoices.svg`, creativeType: 'image/svg+xml' },
      ],
      clickThrough: `${ORIGIN}/advertiser.html`,
      clickTracking: [track('icon/icon-click')],
      viewTracking: [track('icon/icon-view?at=[ADPLAYHEAD]')],
    }),
  ]);
  expect(chosen(ad)?.url).toBe(`${ORIGIN}/media/ads/ad-6s.mp4`);
});

test('icon-html.xml: the AdChoices icon as HTML with its own inline style and script', async () => {
  const ad = adOf(await resolveFixture('icon-html'));
  expect(ad).toMatchObject({ id: 'demo-icon-html', durationSec: 6 });
  const [icon] = ad.icons;
  expect(icon?.resources).toEqual([
    {
      kind: 'html',
      html: expect.stringMatching(
        /^<style>[^<]*<\/style><span id="mark">i<\/span><script>[^<]*<\/script>$/,
      ),
    },
  ]);
  expect(icon?.viewTracking).toEqual([track('icon-html/icon-view')]);
});

test('icon-fallback.xml: the AdChoices icon with no page to open, and a fallback image instead', async () => {
  const ad = adOf(await resolveFixture('icon-fallback'));
  expect(ad).toMatchObject({ id: 'demo-icon-fallback', durationSec: 6 });
  expect(ad.icons).toEqual([
    parsedIcon({
      program: 'AdChoices',
      altText: 'AdChoices: почему я вижу эту рекламу',
      resources: [
        { kind: 'static', url: `${ORIGIN}/media/ads/adchoices.svg`, creativeType: 'image/svg+xml' },
      ],
      clickThrough: null,
      clickTracking: [track('icon-fallback/icon-click')],
      viewTracking: [track('icon-fallback/icon-view')],
      clickFallbackImages: [
        {
          url: `${ORIGIN}/media/ads/adchoices-info.svg`,
          creativeType: 'image/svg+xml',
          width: 480,
          height: 270,
          altText: 'Почему я вижу эту рекламу',
        },
      ],
    }),
  ]);
});

test('measured.xml: viewability URLs, an AdServingId and two verification vendors', async () => {
  const ad = adOf(await resolveFixture('measured'));
  expect(ad.adServingId).toBe('demo-measured-serving');
  expect(ad.viewableImpression).toEqual({
    viewable: [track('measured/viewable?at=[ADPLAYHEAD]')],
    notViewable: [track('measured/not-viewable')],
    viewUndetermined: [track('measured/view-undetermined')],
  });
  expect(ad.verifications).toMatchObject([
    {
      vendor: 'one.demo-omid',
      javaScriptResources: [{ url: `${ORIGIN}/verification/one-omid.js`, apiFramework: 'omid' }],
      notExecutedUrls: [track('measured/verification-one?reason=[REASON]')],
      malformedScripts: 0,
    },
    {
      // its only script's address is not a URL: reason 3 when it is told
      vendor: 'two.demo-omid',
      javaScriptResources: [],
      notExecutedUrls: [track('measured/verification-two?reason=[REASON]')],
      malformedScripts: 1,
    },
  ]);
  expect(chosen(ad)?.url).toBe(`${ORIGIN}/media/ads/ad-6s.mp4`);
});

test('simid.xml: a 15 s advert with the demo SIMID creative over its video, skipping left to it', async () => {
  const ad = adOf(await resolveFixture('simid'));
  expect(ad).toMatchObject({
    id: 'demo-simid',
    durationSec: 15,
    skipOffset: null,
    clickThrough: `${ORIGIN}/advertiser.html`,
    clickTracking: [track('simid/click')],
    errorUrls: [track('simid/error?code=[ERRORCODE]')],
  });
  expect(chosen(ad)?.url).toBe(`${ORIGIN}/media/ads/ad-15s.mp4`);
  expect(chooseSimidFile(ad.interactiveCreativeFiles)).toEqual({
    url: `${ORIGIN}/simid/button.html`,
    type: 'text/html',
    apiFramework: 'SIMID',
    variableDuration: false,
  });
  expect(JSON.parse(ad.adParameters)).toEqual({
    interactionTracking: track('simid/interaction?button=[BUTTON]&at=[ADPLAYHEAD]'),
  });
  expect(ad.tracking.find((t) => t.event === 'interactiveStart')?.url).toBe(
    track('simid/interactiveStart'),
  );
});

test('simid-fail.xml: a 6 s advert whose SIMID creative fails after its start (?fail=1)', async () => {
  const ad = adOf(await resolveFixture('simid-fail'));
  expect(ad.durationSec).toBe(6);
  expect(chosen(ad)?.url).toBe(`${ORIGIN}/media/ads/ad-6s.mp4`);
  expect(chooseSimidFile(ad.interactiveCreativeFiles)?.url).toBe(
    `${ORIGIN}/simid/button.html?fail=1`,
  );
  expect(ad.errorUrls).toEqual([track('simid-fail/error?code=[ERRORCODE]')]);
});
