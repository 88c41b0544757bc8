/**
 * @jest-environment node
 */
// Property-based: real VAST documents (the IAB samples and the demo's), mutated the ways broken and
// hostile ad servers break them, through the player's parse-and-resolve path. Whatever comes in, the
// outcome is an ad or a defined VAST error, nothing is thrown, and no non-http address gets out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { isHttpUrl } from '../../../src/vast/urls';
import { VAST_ERROR, type VastAd } from '../../../src/vast/model';
import { MAX_WRAPPERS, resolveVast, type FetchTextResult } from '../../../src/vast/resolve';
import { xmlFiles } from './xmlFiles';

const ROOT = join(__dirname, '..', '..', '..');
const DOCUMENTS_PER_RUN = 10_000;
const CHAINS_PER_RUN = 3_000;
const ORIGIN = 'https://ads.test';

const sources = [
  ...xmlFiles(join(ROOT, 'test', 'fixtures', 'vast-iab')),
  ...xmlFiles(join(ROOT, 'demo', 'fixtures', 'vast')),
].map((file) => readFileSync(file, 'utf8').replaceAll('{{ORIGIN}}', ORIGIN));

/** Where each element starts and ends (outermost first), found well enough to cut and copy. */
function elementSpans(xml: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const open = /<([A-Za-z][\w:.-]*)[^>]*?(\/?)>/g;
  for (let m = open.exec(xml); m; m = open.exec(xml)) {
    if (m[2] === '/') {
      spans.push([m.index, open.lastIndex]);
      continue;
    }
    const close = xml.indexOf(`</${m[1]}>`, open.lastIndex);
    if (close >= 0) spans.push([m.index, close + m[1]!.length + 3]);
  }
  return spans;
}

const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.test/x.mp4',
  ' javascript:alert(1)',
  'java\u0000script:alert(1)',
];

const ODD_VALUES = [
  '',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '99999999999999999999999999',
  '00:00:-5',
  '99:99:99.999',
  '150%',
  '-20%',
  'true',
  '\u0000',
  '\uFEFF',
  '\uD800',
  'ё'.repeat(20),
  ']]>',
  '<![CDATA[',
  '<![CDATA[<![CDATA[x]]>]]>',
  '&amp;amp;',
  '&#0;',
  '&#xD800;',
  '&undefined;',
  'x'.repeat(200_000),
  ...HOSTILE_URLS,
];

const LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE VAST [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
  '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">' +
  '<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">' +
  '<!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>';

type Mutation = (xml: string) => string;

const pick = <T>(items: T[], seed: number) => items[seed % items.length]!;

/** One way a document gets broken; the seeds choose where and with what. */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map((seed) => (xml: string) => {
    const spans = elementSpans(xml);
    if (spans.length === 0) return xml;
    const [from, to] = pick(spans, seed);
    return xml.slice(0, from) + xml.slice(to); // an element dropped
  }),
  fc.nat().map((seed) => (xml: string) => {
    const spans = elementSpans(xml);
    if (spans.length === 0) return xml;
    const [from, to] = pick(spans, seed);
    return xml.slice(0, to) + xml.slice(from, to) + xml.slice(to); // an element twice
  }),
  fc.tuple(fc.nat(), fc.nat()).map(([where, what]) => (xml: string) => {
    // a text or attribute value replaced by a wrong type, a huge value, a trick or a hostile URL
    const values = [...xml.matchAll(/>([^<]+)<|="([^"]*)"/g)];
    if (values.length === 0) return xml;
    const m = pick(values, where);
    const odd = pick(ODD_VALUES, what);
    const replacement = m[1] !== undefined ? `>${odd}<` : `="${odd.replaceAll('"', '&quot;')}"`;
    return xml.slice(0, m.index) + replacement + xml.slice(m.index + m[0].length);
  }),
  fc.tuple(fc.nat(), fc.nat()).map(([where, what]) => (xml: string) => {
    // a URL inside CDATA swapped for a hostile one
    const urls = [...xml.matchAll(/<!\[CDATA\[\s*(https?:[^\]]*)\]\]>/g)];
    if (urls.length === 0) return xml;
    const m = pick(urls, where);
    return `${xml.slice(0, m.index)}<![CDATA[${pick(HOSTILE_URLS, what)}]]>${xml.slice(m.index + m[0].length)}`;
  }),
  fc.nat().map((at) => (xml: string) => xml.slice(0, at % (xml.length + 1))), // cut short
  fc
    .tuple(fc.nat(), fc.string({ unit: 'binary', maxLength: 8 }))
    .map(([at, junk]) => (xml: string) => {
      const i = at % (xml.length + 1);
      return xml.slice(0, i) + junk + xml.slice(i); // odd characters anywhere
    }),
  fc.constantFrom<Mutation>(
    (xml) => `\uFEFF${xml}`,
    (xml) => xml.replace(/encoding="[^"]*"/, 'encoding="UTF-16"'),
    (xml) => xml.replace(/<\?xml[^>]*\?>/, ''),
    (xml) => LAUGHS + xml.replace(/<\?xml[^>]*\?>/, '').replace(/<Impression>/, '<Impression>&h;'),
    (xml) => xml.replaceAll('<![CDATA[', '<![CDATA[]]><![CDATA['),
    (xml) => xml.replace(/<VAST\b/, '<VAST xmlns:__proto__="x" constructor="y"'),
    (xml) => xml.replace(/<\/VAST>\s*$/, ''),
    (xml) => xml.repeat(2),
  ),
);

/** A document, maybe mutated a few times. */
const document = fc
  .tuple(fc.nat({ max: sources.length - 1 }), fc.array(mutation, { maxLength: 3 }))
  .map(([i, mutations]) => mutations.reduce((xml, mutate) => mutate(xml), sources[i]!));

/** Wrapper chains: each wrapper's next address is the next document; some point back (loops). */
const chain = fc.record({
  documents: fc.array(document, { minLength: 1, maxLength: MAX_WRAPPERS + 2 }),
  loopTo: fc.option(fc.nat(), { nil: undefined }),
});

const wrapperTo = (next: string) =>
  `<VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>fuzz</AdSystem><VASTAdTagURI><![CDATA[${next}]]></VASTAdTagURI><Impression><![CDATA[${ORIGIN}/imp]]></Impression></Wrapper></Ad></VAST>`;

const CODES = new Set<number>(Object.values(VAST_ERROR));

function adAddresses(ad: VastAd): string[] {
  const { viewable, notViewable, viewUndetermined } = ad.viewableImpression;
  return [
    ...ad.mediaFiles.map((m) => m.url),
    ...ad.interactiveCreativeFiles.map((f) => f.url),
    ...ad.impressions,
    ...ad.errorUrls,
    ...ad.tracking.map((t) => t.url),
    ...ad.clickTracking,
    ...(ad.clickThrough === null ? [] : [ad.clickThrough]),
    ...viewable,
    ...notViewable,
    ...viewUndetermined,
    ...ad.icons.flatMap((icon) => [
      ...icon.resources.flatMap((r) => (r.kind === 'html' ? [] : [r.url])),
      ...(icon.clickThrough === null ? [] : [icon.clickThrough]),
      ...icon.clickTracking,
      ...icon.clickFallbackImages.map((image) => image.url),
      ...icon.viewTracking,
    ]),
    ...ad.verifications.flatMap((v) => [
      ...v.javaScriptResources.map((script) => script.url),
      ...v.notExecutedUrls,
    ]),
  ];
}

test(`${CHAINS_PER_RUN} wrapper chains of mutated documents, loops and deep ones: an ad or a VAST error, never a throw, never a non-http address`, async () => {
  let served = 0;
  const outcomes = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(chain, async ({ documents, loopTo }) => {
      // document i is at /i; the wrappers lead on from one to the next, the last maybe back
      const at = (i: number) => `${ORIGIN}/vast/${i}.xml`;
      const bodies = documents.map((xml, i) => {
        if (i === documents.length - 1) {
          return loopTo === undefined ? xml : wrapperTo(at(loopTo % documents.length));
        }
        return i % 2 === 0
          ? wrapperTo(at(i + 1))
          : xml.replace(/<InLine>[\s\S]*<\/InLine>/, '') || wrapperTo(at(i + 1));
      });
      const fetchText = async (url: string): Promise<FetchTextResult> => {
        served += 1;
        const i = Number(/\/vast\/(\d+)\.xml$/.exec(url)?.[1] ?? -1);
        const body = bodies[i];
        return body === undefined ? { ok: false, reason: 'unavailable' } : { ok: true, text: body };
      };
      const outcome = await resolveVast(at(0), fetchText);
      const key = outcome.kind === 'ad' ? 'ad' : String(outcome.failure.code);
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      if (outcome.kind === 'ad') {
        for (const address of adAddresses(outcome.ad)) expect(isHttpUrl(address)).toBe(true);
        expect(outcome.ad.wrapperDepth).toBeLessThanOrEqual(MAX_WRAPPERS);
      } else {
        expect(CODES.has(outcome.failure.code)).toBe(true);
        for (const address of outcome.failure.errorUrls) expect(isHttpUrl(address)).toBe(true);
      }
    }),
    { numRuns: CHAINS_PER_RUN, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
  );
  // the chains were followed, ads came out of some, and loops and deep chains hit the wrapper limit
  expect(served).toBeGreaterThan(CHAINS_PER_RUN);
  expect(outcomes.get('ad') ?? 0).toBeGreaterThan(0);
  expect(outcomes.get(String(VAST_ERROR.WRAPPER_LIMIT)) ?? 0).toBeGreaterThan(0);
}, 300_000);

test(`${DOCUMENTS_PER_RUN} mutated documents straight from the samples: an ad or a VAST error, never a throw, never a non-http address`, async () => {
  const outcomes = new Set<string>();
  await fc.assert(
    fc.asyncProperty(document, async (xml) => {
      const outcome = await resolveVast(`${ORIGIN}/vast.xml`, async (url) =>
        url === `${ORIGIN}/vast.xml` ? { ok: true, text: xml } : { ok: false, reason: 'timeout' },
      );
      outcomes.add(outcome.kind === 'ad' ? 'ad' : String(outcome.failure.code));
      const addresses = outcome.kind === 'ad' ? adAddresses(outcome.ad) : outcome.failure.errorUrls;
      for (const address of addresses) expect(isHttpUrl(address)).toBe(true);
      expect(outcome.kind === 'ad' || CODES.has(outcome.failure.code)).toBe(true);
    }),
    { numRuns: DOCUMENTS_PER_RUN, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
  );
  expect(outcomes.has('ad')).toBe(true);
  expect(outcomes.has(String(VAST_ERROR.XML_PARSING))).toBe(true);
}, 300_000);
