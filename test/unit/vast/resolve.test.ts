import { VAST_ERROR, type VastAd, type VastFailure } from '../../../src/vast/model';
import {
  fetchFailure,
  MAX_WRAPPERS,
  resolveStep,
  resolveVast,
  type FetchText,
  type VastOutcome,
} from '../../../src/vast/resolve';
import { cdata, inlineAd, vast, wrapperAd } from './documents';

const INLINE = vast(inlineAd());

/** A fetch that answers from a table of documents; anything else is unavailable. */
function server(documents: Record<string, string>): FetchText & { calls: string[] } {
  const calls: string[] = [];
  const fetchText = async (url: string) => {
    calls.push(url);
    const text = documents[url];
    return text === undefined
      ? ({ ok: false, reason: 'unavailable' } as const)
      : ({ ok: true, text } as const);
  };
  return Object.assign(fetchText, { calls });
}

/** w1 -> w2 -> ... -> wN -> inline */
function chainOf(wrappers: number): Record<string, string> {
  const docs: Record<string, string> = {};
  for (let i = 1; i <= wrappers; i++) {
    const next = i === wrappers ? 'https://inline.test/vast' : `https://w${i + 1}.test/vast`;
    docs[`https://w${i}.test/vast`] = vast(wrapperAd({ next, name: `w${i}` }));
  }
  docs['https://inline.test/vast'] = INLINE;
  return docs;
}

const adOf = (outcome: VastOutcome): VastAd => {
  if (outcome.kind !== 'ad') throw new Error(`expected an ad, got ${JSON.stringify(outcome)}`);
  return outcome.ad;
};
const failureOf = (outcome: VastOutcome): VastFailure => {
  if (outcome.kind !== 'error') throw new Error(`expected a failure, got ${outcome.kind}`);
  return outcome.failure;
};

describe('resolveVast: wrapper chains', () => {
  test('an InLine document alone is an ad with depth 0', async () => {
    const ad = adOf(await resolveVast('https://inline.test/vast', server(chainOf(0))));
    expect(ad.wrapperDepth).toBe(0);
    expect(ad.impressions).toEqual(['https://inline.test/impression']);
  });

  test("every wrapper's impressions, errors, tracking and clicks are merged, outermost first", async () => {
    const fetchText = server(chainOf(2));
    const ad = adOf(await resolveVast('https://w1.test/vast', fetchText));
    expect(fetchText.calls).toEqual([
      'https://w1.test/vast',
      'https://w2.test/vast',
      'https://inline.test/vast',
    ]);
    expect(ad.wrapperDepth).toBe(2);
    expect(ad.impressions).toEqual([
      'https://w1.test/impression',
      'https://w2.test/impression',
      'https://inline.test/impression',
    ]);
    expect(ad.errorUrls).toEqual([
      'https://w1.test/error?code=[ERRORCODE]',
      'https://w2.test/error?code=[ERRORCODE]',
      'https://inline.test/error?code=[ERRORCODE]',
    ]);
    expect(ad.clickTracking).toEqual(['https://w1.test/click', 'https://w2.test/click']);
    expect(ad.tracking.filter((t) => t.event === 'start').map((t) => t.url)).toEqual([
      'https://w1.test/start',
      'https://w2.test/start',
    ]);
    // What only the InLine ad has is its own.
    expect(ad.mediaFiles.map((f) => f.url)).toEqual(['https://cdn.test/ad-720.mp4']);
    expect(ad.title).toBe('Test ad');
  });

  test("every wrapper's viewability beacons join the InLine ad's, outermost first", async () => {
    const docs = chainOf(2);
    docs['https://inline.test/vast'] = vast(
      inlineAd({
        more: `<ViewableImpression id="v1">
          <Viewable>${cdata('https://inline.test/viewable')}</Viewable>
        </ViewableImpression>`,
      }),
    );
    const ad = adOf(await resolveVast('https://w1.test/vast', server(docs)));
    expect(ad.viewableImpression).toEqual({
      viewable: [
        'https://w1.test/viewable',
        'https://w2.test/viewable',
        'https://inline.test/viewable',
      ],
      notViewable: ['https://w1.test/not-viewable', 'https://w2.test/not-viewable'],
      viewUndetermined: ['https://w1.test/view-undetermined', 'https://w2.test/view-undetermined'],
    });
  });

  test("every wrapper's verifications are added to the InLine ad's, outermost first", async () => {
    const verification = (vendor: string) =>
      `<AdVerifications><Verification vendor="${vendor}">
        <JavaScriptResource apiFramework="omid" browserOptional="true">${cdata(`https://${vendor}/omid.js`)}</JavaScriptResource>
      </Verification></AdVerifications>`;
    const docs: Record<string, string> = {
      'https://w1.test/vast': vast(
        wrapperAd({ next: 'https://w2.test/vast', name: 'w1', more: verification('w1.test') }),
      ),
      'https://w2.test/vast': vast(wrapperAd({ next: 'https://inline.test/vast', name: 'w2' })),
      'https://inline.test/vast': vast(inlineAd({ more: verification('inline.test') })),
    };
    const ad = adOf(await resolveVast('https://w1.test/vast', server(docs)));
    expect(ad.verifications.map((v) => [v.vendor, v.javaScriptResources[0]?.url])).toEqual([
      ['w1.test', 'https://w1.test/omid.js'],
      ['inline.test', 'https://inline.test/omid.js'],
    ]);
  });

  test('ignored URLs of every document are merged', async () => {
    const docs = chainOf(1);
    docs['https://w1.test/vast'] = vast(
      wrapperAd({ next: 'https://inline.test/vast', name: 'w1' }).replace(
        '</Wrapper>',
        `<Impression>${cdata('javascript:void(0)')}</Impression></Wrapper>`,
      ),
    );
    docs['https://inline.test/vast'] = vast(inlineAd({ impressions: ['data:,x'] }));
    const ad = adOf(await resolveVast('https://w1.test/vast', server(docs)));
    expect(ad.ignoredUrls).toEqual(['javascript:void(0)', 'data:,x']);
  });

  test('the ClickThrough closest to the InLine ad wins when the InLine ad has none', async () => {
    const docs: Record<string, string> = {
      'https://w1.test/vast': vast(
        wrapperAd({
          next: 'https://w2.test/vast',
          name: 'w1',
          clickThrough: 'https://w1.test/landing',
        }),
      ),
      'https://w2.test/vast': vast(
        wrapperAd({
          next: 'https://inline.test/vast',
          name: 'w2',
          clickThrough: 'https://w2.test/landing',
        }),
      ),
      'https://inline.test/vast': INLINE,
    };
    expect(adOf(await resolveVast('https://w1.test/vast', server(docs))).clickThrough).toBe(
      'https://w2.test/landing',
    );
  });

  test(`${MAX_WRAPPERS} wrappers are followed`, async () => {
    const ad = adOf(await resolveVast('https://w1.test/vast', server(chainOf(MAX_WRAPPERS))));
    expect(ad.wrapperDepth).toBe(MAX_WRAPPERS);
    expect(ad.impressions).toHaveLength(MAX_WRAPPERS + 1);
  });

  test('a 6th wrapper is 302, told to all six wrappers, and is not followed', async () => {
    const fetchText = server(chainOf(6));
    const failure = failureOf(await resolveVast('https://w1.test/vast', fetchText));
    expect(failure.code).toBe(VAST_ERROR.WRAPPER_LIMIT);
    expect(failure.message).toMatch(/limit/i);
    expect(failure.errorUrls).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => `https://w${i}.test/error?code=[ERRORCODE]`),
    );
    expect(fetchText.calls).not.toContain('https://inline.test/vast');
  });

  test.each([
    ['to itself', { 'https://a.test/vast': 'https://a.test/vast' }],
    [
      'back to the first',
      {
        'https://a.test/vast': 'https://b.test/vast',
        'https://b.test/vast': 'https://a.test/vast',
      },
    ],
  ])('a wrapper loop %s is 302 and says loop', async (_, links: Record<string, string>) => {
    const docs = Object.fromEntries(
      Object.entries(links).map(([url, next]) => [url, vast(wrapperAd({ next, name: 'loop' }))]),
    );
    const fetchText = server(docs);
    const failure = failureOf(await resolveVast('https://a.test/vast', fetchText));
    expect(failure.code).toBe(VAST_ERROR.WRAPPER_LIMIT);
    expect(failure.message).toMatch(/loop/i);
    expect(fetchText.calls).toHaveLength(Object.keys(links).length);
  });

  test("a wrapper whose document has no Ad is 303 'Empty vast', told to the wrapper and the root Error", async () => {
    const docs = chainOf(1);
    docs['https://inline.test/vast'] = vast(`<Error>${cdata('https://noad.test/e')}</Error>`);
    expect(failureOf(await resolveVast('https://w1.test/vast', server(docs)))).toEqual({
      code: VAST_ERROR.NO_VAST_RESPONSE,
      message: 'Empty vast',
      errorUrls: ['https://w1.test/error?code=[ERRORCODE]', 'https://noad.test/e'],
      ignoredUrls: [],
    });
  });

  test('a malformed document after a wrapper is 100, told to the wrapper', async () => {
    const docs = chainOf(1);
    docs['https://inline.test/vast'] = '<VAST><Ad>';
    const failure = failureOf(await resolveVast('https://w1.test/vast', server(docs)));
    expect(failure.code).toBe(VAST_ERROR.XML_PARSING);
    expect(failure.errorUrls).toEqual(['https://w1.test/error?code=[ERRORCODE]']);
  });

  test('followAdditionalWrappers="false" refuses a second wrapper with 303', async () => {
    const docs = chainOf(2);
    docs['https://w1.test/vast'] = vast(
      wrapperAd({ next: 'https://w2.test/vast', name: 'w1', followAdditionalWrappers: false }),
    );
    const fetchText = server(docs);
    const failure = failureOf(await resolveVast('https://w1.test/vast', fetchText));
    expect(failure.code).toBe(VAST_ERROR.NO_VAST_RESPONSE);
    expect(fetchText.calls).not.toContain('https://inline.test/vast');
    // ...but the InLine ad it leads to directly is fine.
    docs['https://w1.test/vast'] = vast(
      wrapperAd({ next: 'https://inline.test/vast', name: 'w1', followAdditionalWrappers: false }),
    );
    expect(adOf(await resolveVast('https://w1.test/vast', server(docs))).wrapperDepth).toBe(1);
  });

  test('a fetch that throws counts as unavailable', async () => {
    const failing: FetchText = async () => {
      throw new Error('socket hang up');
    };
    expect(failureOf(await resolveVast('https://a.test/vast', failing)).code).toBe(
      VAST_ERROR.NO_VAST_RESPONSE,
    );
  });

  test('onFetch is told every address and its depth', async () => {
    const onFetch = jest.fn();
    await resolveVast('https://w1.test/vast', server(chainOf(1)), { onFetch });
    expect(onFetch.mock.calls).toEqual([
      ['https://w1.test/vast', 0],
      ['https://inline.test/vast', 1],
    ]);
  });
});

describe('fetchFailure', () => {
  const layer = {
    url: 'https://w1.test/vast',
    impressions: [],
    errorUrls: ['https://w1.test/e'],
    tracking: [],
    clickTracking: [],
    icons: [],
    viewableImpression: { viewable: [], notViewable: [], viewUndetermined: [] },
    verifications: [],
    ignoredUrls: [],
  };

  test.each([
    ['the first document', 'timeout', [], VAST_ERROR.VAST_LOAD_TIMEOUT],
    ['the first document', 'unavailable', [], VAST_ERROR.NO_VAST_RESPONSE],
    ["a wrapper's VASTAdTagURI", 'timeout', [layer], VAST_ERROR.WRAPPER_TIMEOUT],
    ["a wrapper's VASTAdTagURI", 'unavailable', [layer], VAST_ERROR.WRAPPER_TIMEOUT],
  ] as const)('%s, %s -> %d', (_, reason, chain, code) => {
    const step = fetchFailure([...chain], reason);
    expect(step).toMatchObject({ kind: 'error', failure: { code } });
    if (step.kind === 'error')
      expect(step.failure.errorUrls).toEqual(chain.flatMap((l) => l.errorUrls));
  });

  test('through resolveVast: a wrapper whose VASTAdTagURI times out is 301', async () => {
    const docs = chainOf(1);
    const fetchText: FetchText = async (url) =>
      docs[url] && url !== 'https://inline.test/vast'
        ? { ok: true, text: docs[url] }
        : { ok: false, reason: 'timeout' };
    const failure = failureOf(await resolveVast('https://w1.test/vast', fetchText));
    expect(failure.code).toBe(VAST_ERROR.WRAPPER_TIMEOUT);
    expect(failure.message).toContain('https://inline.test/vast');
  });
});

describe('resolveStep', () => {
  test('a wrapper step carries the chain to fetch the next document with', () => {
    const step = resolveStep([], 'https://w1.test/vast', chainOf(1)['https://w1.test/vast']!);
    expect(step).toMatchObject({
      kind: 'follow',
      next: 'https://inline.test/vast',
      chain: [{ url: 'https://w1.test/vast' }],
    });
    if (step.kind !== 'follow') return;
    const last = resolveStep(step.chain, step.next, INLINE);
    expect(last.kind === 'ad' && last.ad.wrapperDepth).toBe(1);
  });

  test('is deterministic: the same inputs give equal steps', () => {
    const a = resolveStep([], 'https://w1.test/vast', chainOf(1)['https://w1.test/vast']!);
    const b = resolveStep([], 'https://w1.test/vast', chainOf(1)['https://w1.test/vast']!);
    expect(a).toEqual(b);
  });
});
