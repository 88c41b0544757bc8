import { VAST_ERROR, type VastAd } from '../../../src/vast/model';
import { parseVastDocument, type VastDocument } from '../../../src/vast/parse';
import { cdata, inlineAd, linear, vast, wrapperAd } from './documents';

const URL = 'https://ads.test/vast.xml';

function adOf(doc: VastDocument): VastAd {
  if (doc.kind !== 'inline') throw new Error(`expected an InLine ad, got ${JSON.stringify(doc)}`);
  return doc.ad;
}

const parseAd = (xml: string) => adOf(parseVastDocument(xml, URL));
const failureOf = (xml: string) => {
  const doc = parseVastDocument(xml, URL);
  if (doc.kind !== 'failure') throw new Error(`expected a failure, got ${doc.kind}`);
  return doc.failure;
};

describe('parseVastDocument: an InLine ad', () => {
  const xml = vast(`<Ad id="ad-42" sequence="3"><InLine>
    <AdSystem version="1.0">Demo Server</AdSystem>
    <AdTitle>Демо</AdTitle>
    <Impression id="a">${cdata('https://imp.test/1?cb=[CACHEBUSTING]')}</Impression>
    <Impression>${cdata('https://imp.test/2')}</Impression>
    <Error>${cdata('https://err.test/e?code=[ERRORCODE]')}</Error>
    <Creatives>
      <Creative id="c1"><UniversalAdId idRegistry="ad-id.org">CNPA0484000H</UniversalAdId>
      ${linear({
        skipoffset: '00:00:05',
        duration: '00:00:15.500',
        adParameters: cdata('{"key":"<value>"}'),
        tracking: `
          <Tracking event="start">${cdata('https://trk.test/start')}</Tracking>
          <Tracking event="progress" offset="00:00:10">${cdata('https://trk.test/p10')}</Tracking>
          <Tracking event="progress" offset="25%">${cdata('https://trk.test/p25')}</Tracking>
          <Tracking event="progress" offset="soon">${cdata('https://trk.test/never')}</Tracking>
          <Tracking event="complete">${cdata('https://trk.test/complete')}</Tracking>`,
        clicks: `
          <ClickThrough id="landing">${cdata('https://landing.test/')}</ClickThrough>
          <ClickTracking>${cdata('https://clk.test/1')}</ClickTracking>
          <ClickTracking>${cdata('https://clk.test/2')}</ClickTracking>`,
        mediaFiles: `
          <MediaFile id="m1" delivery="progressive" type="video/mp4" width="1280" height="720" codec="avc1.4D401F" bitrate="2000">${cdata('https://cdn.test/720.mp4')}</MediaFile>
          <MediaFile delivery="streaming" type="video/webm" width="640" height="360" minBitrate="400" maxBitrate="800">${cdata('https://cdn.test/360.webm')}</MediaFile>
          <MediaFile type="application/javascript" apiFramework="VPAID" width="640" height="360">${cdata('https://cdn.test/vpaid.js')}</MediaFile>`,
      })}
      </Creative>
    </Creatives>
  </InLine></Ad>`);

  const ad = parseAd(xml);

  test('identity, system and title', () => {
    expect(ad).toMatchObject({
      id: 'ad-42',
      sequence: 3,
      adSystem: 'Demo Server',
      title: 'Демо',
      wrapperDepth: 0,
    });
  });

  test('duration, skip offset and AdParameters', () => {
    expect(ad.durationSec).toBe(15.5);
    expect(ad.skipOffset).toEqual({ kind: 'seconds', value: 5 });
    expect(ad.adParameters).toBe('{"key":"<value>"}');
  });

  test('impressions, errors and clicks', () => {
    expect(ad.impressions).toEqual(['https://imp.test/1?cb=[CACHEBUSTING]', 'https://imp.test/2']);
    expect(ad.errorUrls).toEqual(['https://err.test/e?code=[ERRORCODE]']);
    expect(ad.clickThrough).toBe('https://landing.test/');
    expect(ad.clickTracking).toEqual(['https://clk.test/1', 'https://clk.test/2']);
  });

  test('tracking, progress with its offset; a progress without a usable offset is dropped', () => {
    expect(ad.tracking).toEqual([
      { event: 'start', url: 'https://trk.test/start', offset: null },
      { event: 'progress', url: 'https://trk.test/p10', offset: { kind: 'seconds', value: 10 } },
      { event: 'progress', url: 'https://trk.test/p25', offset: { kind: 'percent', value: 25 } },
      { event: 'complete', url: 'https://trk.test/complete', offset: null },
    ]);
  });

  test('media files with every attribute the player uses', () => {
    expect(ad.mediaFiles).toEqual([
      {
        url: 'https://cdn.test/720.mp4',
        type: 'video/mp4',
        width: 1280,
        height: 720,
        codec: 'avc1.4D401F',
        bitrate: 2000,
        delivery: 'progressive',
        apiFramework: null,
      },
      {
        url: 'https://cdn.test/360.webm',
        type: 'video/webm',
        width: 640,
        height: 360,
        codec: null,
        bitrate: 600,
        delivery: 'streaming',
        apiFramework: null,
      },
      {
        url: 'https://cdn.test/vpaid.js',
        type: 'application/javascript',
        width: 640,
        height: 360,
        codec: null,
        bitrate: null,
        delivery: null,
        apiFramework: 'VPAID',
      },
    ]);
  });

  test('the result is plain data that survives JSON (it travels in actions and flight logs)', () => {
    expect(JSON.parse(JSON.stringify(ad))).toEqual(ad);
  });
});

describe('parseVastDocument: AdServingId and InteractiveCreativeFile', () => {
  const simid = cdata('https://simid.test/creative.html');
  const ad = parseAd(
    vast(
      inlineAd({
        more: '<AdServingId> ServerName-47ed3bac-1768-4b9a-9d0e-0b92422ab066 </AdServingId>',
        creatives: `<Creative>${linear({
          adParameters: cdata('{"survey":1}'),
          mediaFiles: `
            <MediaFile type="video/mp4" width="640" height="360">${cdata('https://cdn.test/a.mp4')}</MediaFile>
            <InteractiveCreativeFile type="text/html" apiFramework="SIMID" variableDuration="true">${simid}</InteractiveCreativeFile>
            <InteractiveCreativeFile>${cdata('https://other.test/unit.js')}</InteractiveCreativeFile>
            <InteractiveCreativeFile type="text/html" apiFramework="SIMID">${cdata('data:text/html,<p>hi</p>')}</InteractiveCreativeFile>`,
        })}</Creative>`,
      }),
    ),
  );

  test('the AdServingId is kept, trimmed', () => {
    expect(ad.adServingId).toBe('ServerName-47ed3bac-1768-4b9a-9d0e-0b92422ab066');
    expect(parseAd(vast(inlineAd())).adServingId).toBeNull();
  });

  test('interactive creative files with their attributes; SIMID creative data is AdParameters', () => {
    expect(ad.interactiveCreativeFiles).toEqual([
      {
        url: 'https://simid.test/creative.html',
        type: 'text/html',
        apiFramework: 'SIMID',
        variableDuration: true,
      },
      {
        url: 'https://other.test/unit.js',
        type: null,
        apiFramework: null,
        variableDuration: false,
      },
    ]);
    expect(ad.adParameters).toBe('{"survey":1}');
    // an interactive file is no media file
    expect(ad.mediaFiles.map((f) => f.url)).toEqual(['https://cdn.test/a.mp4']);
  });

  test('an inline data: URI (allowed by VAST 4.3) is ignored like every address that is not http(s)', () => {
    expect(ad.ignoredUrls).toEqual(['data:text/html,<p>hi</p>']);
  });
});

describe('parseVastDocument: ViewableImpression', () => {
  test('each container of URLs; an address that is not http(s) is ignored', () => {
    const ad = parseAd(
      vast(
        inlineAd({
          more: `<ViewableImpression id="1543">
            <Viewable>${cdata('https://view.test/a')}</Viewable>
            <Viewable>${cdata('https://view.test/b?t=[TIMESTAMP]')}</Viewable>
            <NotViewable>${cdata('javascript:alert(1)')}</NotViewable>
            <ViewUndetermined>${cdata('https://view.test/undetermined')}</ViewUndetermined>
          </ViewableImpression>`,
        }),
      ),
    );
    expect(ad.viewableImpression).toEqual({
      viewable: ['https://view.test/a', 'https://view.test/b?t=[TIMESTAMP]'],
      notViewable: [],
      viewUndetermined: ['https://view.test/undetermined'],
    });
    expect(ad.ignoredUrls).toEqual(['javascript:alert(1)']);
  });

  test('none gives three empty sets', () => {
    expect(parseAd(vast(inlineAd())).viewableImpression).toEqual({
      viewable: [],
      notViewable: [],
      viewUndetermined: [],
    });
  });
});

describe('parseVastDocument: AdVerifications', () => {
  const params = '{"key":"value", "list":[1, 2]}';
  const vendorA = `<Verification vendor="company.com-omid">
      <JavaScriptResource apiFramework="omid" browserOptional="true">${cdata('https://company.com/omid.js')}</JavaScriptResource>
      <JavaScriptResource apiFramework="omid" browserOptional="false">${cdata('https://company.com/omid-web.js')}</JavaScriptResource>
      <ExecutableResource apiFramework="omid" type="native">${cdata('com.company.Verifier')}</ExecutableResource>
      <TrackingEvents>
        <Tracking event="verificationNotExecuted">${cdata('https://company.com/pixel?reason=[REASON]')}</Tracking>
        <Tracking event="somethingElse">${cdata('https://company.com/other')}</Tracking>
      </TrackingEvents>
      <VerificationParameters>${cdata(params)}</VerificationParameters>
    </Verification>`;
  const vendorB = `<Verification vendor="other.com-omid">
      <JavaScriptResource apiFramework="omid">${cdata('javascript:alert(1)')}</JavaScriptResource>
      <TrackingEvents>
        <Tracking event="verificationNotExecuted">${cdata('https://other.com/ne?r=[REASON]')}</Tracking>
      </TrackingEvents>
    </Verification>`;
  const verificationsOf = (more: string, version = '4.2') =>
    parseAd(vast(inlineAd({ more }), version)).verifications;

  test('VAST 4.1+: vendor, scripts, executables, parameters as they are, verificationNotExecuted URLs', () => {
    expect(verificationsOf(`<AdVerifications>${vendorA}</AdVerifications>`)).toEqual([
      {
        vendor: 'company.com-omid',
        javaScriptResources: [
          { url: 'https://company.com/omid.js', apiFramework: 'omid', browserOptional: true },
          { url: 'https://company.com/omid-web.js', apiFramework: 'omid', browserOptional: false },
        ],
        executableResources: [
          { reference: 'com.company.Verifier', type: 'native', apiFramework: 'omid' },
        ],
        parameters: params,
        notExecutedUrls: ['https://company.com/pixel?reason=[REASON]'],
        malformedScripts: 0,
      },
    ]);
  });

  test('a script address that is not http(s) is counted as malformed, never handed out', () => {
    const doc = parseVastDocument(
      vast(inlineAd({ more: `<AdVerifications>${vendorB}</AdVerifications>` })),
      URL,
    );
    const ad = adOf(doc);
    expect(ad.verifications).toEqual([
      {
        vendor: 'other.com-omid',
        javaScriptResources: [],
        executableResources: [],
        parameters: null,
        notExecutedUrls: ['https://other.com/ne?r=[REASON]'],
        malformedScripts: 1,
      },
    ]);
    expect(ad.ignoredUrls).toEqual(['javascript:alert(1)']);
  });

  test('VAST 3 and 4.0: the Extension of type AdVerifications', () => {
    const more = `<Extensions>
      <Extension type="other"><AdVerifications>${vendorB}</AdVerifications></Extension>
      <Extension type="AdVerifications"><AdVerifications>${vendorA}</AdVerifications></Extension>
    </Extensions>`;
    expect(verificationsOf(more, '3.0').map((v) => v.vendor)).toEqual(['company.com-omid']);
  });

  test('a vendor listed in both places runs once; different vendors all count', () => {
    const more = `<AdVerifications>${vendorA}${vendorB}</AdVerifications>
      <Extensions><Extension type="AdVerifications"><AdVerifications>${vendorA}</AdVerifications></Extension></Extensions>`;
    expect(verificationsOf(more).map((v) => v.vendor)).toEqual([
      'company.com-omid',
      'other.com-omid',
    ]);
  });

  test('a Verification without a vendor or resources is kept: its vendor must still be told', () => {
    const more = `<AdVerifications><Verification>
      <TrackingEvents><Tracking event="verificationNotExecuted">${cdata('https://v.test/ne')}</Tracking></TrackingEvents>
    </Verification></AdVerifications>`;
    expect(verificationsOf(more)).toEqual([
      {
        vendor: null,
        javaScriptResources: [],
        executableResources: [],
        parameters: null,
        notExecutedUrls: ['https://v.test/ne'],
        malformedScripts: 0,
      },
    ]);
  });

  test('a Wrapper carries them too', () => {
    const doc = parseVastDocument(
      vast(
        wrapperAd({
          next: 'https://next.test/vast.xml',
          name: 'w1',
          more: `<AdVerifications>${vendorA}</AdVerifications>`,
        }),
      ),
      URL,
    );
    expect(doc.kind === 'wrapper' && doc.layer.verifications.map((v) => v.vendor)).toEqual([
      'company.com-omid',
    ]);
  });
});

describe('parseVastDocument: media files', () => {
  const withMedia = (mediaFiles: string) =>
    parseAd(vast(inlineAd({ creatives: `<Creative>${linear({ mediaFiles })}</Creative>` })))
      .mediaFiles;

  test.each([
    [
      'no width',
      '<MediaFile type="video/mp4" height="360"><![CDATA[https://cdn.test/a.mp4]]></MediaFile>',
    ],
    [
      'no height',
      '<MediaFile type="video/mp4" width="640"><![CDATA[https://cdn.test/a.mp4]]></MediaFile>',
    ],
    [
      'an empty width',
      '<MediaFile type="video/mp4" width="" height="360"><![CDATA[https://cdn.test/a.mp4]]></MediaFile>',
    ],
    [
      'a garbage height',
      '<MediaFile type="video/mp4" width="640" height="tall"><![CDATA[https://cdn.test/a.mp4]]></MediaFile>',
    ],
    [
      'no type',
      '<MediaFile width="640" height="360"><![CDATA[https://cdn.test/a.mp4]]></MediaFile>',
    ],
    ['no URL', '<MediaFile type="video/mp4" width="640" height="360"></MediaFile>'],
    [
      'a javascript: URL',
      '<MediaFile type="video/mp4" width="640" height="360"><![CDATA[javascript:alert(1)]]></MediaFile>',
    ],
  ])('a MediaFile with %s does not count', (_, mediaFile) => {
    expect(withMedia(mediaFile)).toEqual([]);
  });

  test('bitrate wins over minBitrate/maxBitrate; one bound alone is used', () => {
    const files = withMedia(`
      <MediaFile type="video/mp4" width="1" height="1" bitrate="500" minBitrate="360" maxBitrate="1080"><![CDATA[https://cdn.test/a]]></MediaFile>
      <MediaFile type="video/mp4" width="1" height="1" maxBitrate="900"><![CDATA[https://cdn.test/b]]></MediaFile>
      <MediaFile type="video/mp4" width="1" height="1" bitrate="fast"><![CDATA[https://cdn.test/c]]></MediaFile>`);
    expect(files.map((f) => f.bitrate)).toEqual([500, 900, null]);
  });

  test('audio files with 0x0 count', () => {
    expect(
      withMedia(
        '<MediaFile type="audio/mp4" width="0" height="0"><![CDATA[https://cdn.test/a.m4a]]></MediaFile>',
      ),
    ).toHaveLength(1);
  });
});

describe('parseVastDocument: URLs that are not http(s)', () => {
  const ad = parseAd(
    vast(
      inlineAd({
        impressions: ['https://imp.test/ok', 'javascript:alert(1)', '', '/relative/imp'],
        errors: ['data:text/plain,x', 'https://err.test/ok'],
        creatives: `<Creative>${linear({
          clicks: `<ClickThrough>${cdata('javascript:window.open()')}</ClickThrough>
                   <ClickTracking>${cdata('//clk.test/no-scheme')}</ClickTracking>`,
          tracking: `<Tracking event="start">${cdata('ftp://trk.test/start')}</Tracking>`,
          mediaFiles: `<MediaFile type="video/mp4" width="640" height="360">${cdata('file:///tmp/a.mp4')}</MediaFile>`,
        })}</Creative>`,
      }),
    ),
  );

  test('are never handed out as usable URLs', () => {
    expect(ad.impressions).toEqual(['https://imp.test/ok']);
    expect(ad.errorUrls).toEqual(['https://err.test/ok']);
    expect(ad.clickThrough).toBeNull();
    expect(ad.clickTracking).toEqual([]);
    expect(ad.tracking).toEqual([]);
    expect(ad.mediaFiles).toEqual([]);
  });

  test('are listed as ignored', () => {
    expect([...ad.ignoredUrls].sort()).toEqual(
      [
        'javascript:alert(1)',
        '',
        '/relative/imp',
        'data:text/plain,x',
        'javascript:window.open()',
        '//clk.test/no-scheme',
        'ftp://trk.test/start',
        'file:///tmp/a.mp4',
      ].sort(),
    );
  });
});

describe('parseVastDocument: VAST versions', () => {
  const vast2 = `<VAST version="2.0"><Ad id="v2"><InLine>
    <AdSystem>2.0</AdSystem><AdTitle>v2</AdTitle>
    <Impression>
      http://imp.test/v2
    </Impression>
    <Creatives><Creative AdID="1"><Linear>
      <Duration>00:00:30</Duration>
      <TrackingEvents><Tracking event="start">http://trk.test/start</Tracking></TrackingEvents>
      <VideoClicks><ClickThrough>http://landing.test/v2</ClickThrough></VideoClicks>
      <MediaFiles><MediaFile delivery="progressive" type="video/mp4" bitrate="500" width="400" height="300" scalable="true" maintainAspectRatio="true">
        http://cdn.test/v2.mp4
      </MediaFile></MediaFiles>
    </Linear></Creative></Creatives>
  </InLine></Ad></VAST>`;

  test('VAST 2.0 without CDATA or namespace: whitespace around URLs is trimmed', () => {
    const ad = parseAd(vast2);
    expect(ad.impressions).toEqual(['http://imp.test/v2']);
    expect(ad.clickThrough).toBe('http://landing.test/v2');
    expect(ad.mediaFiles.map((f) => f.url)).toEqual(['http://cdn.test/v2.mp4']);
    expect(ad.durationSec).toBe(30);
  });

  test.each(['3.0', '4.0', '4.1', '4.3'])('VAST %s reads the same', (version) => {
    const ad = parseAd(vast(inlineAd(), version));
    expect(ad.mediaFiles).toHaveLength(1);
    expect(ad.impressions).toEqual(['https://inline.test/impression']);
  });

  test('VAST 1.0 (VideoAdServingTemplate) is 102', () => {
    expect(
      failureOf('<VideoAdServingTemplate><Ad id="1"><InLine/></Ad></VideoAdServingTemplate>').code,
    ).toBe(VAST_ERROR.UNSUPPORTED_VERSION);
    expect(failureOf(vast(inlineAd(), '1.0')).code).toBe(VAST_ERROR.UNSUPPORTED_VERSION);
  });

  test('a document that is not VAST is 101', () => {
    expect(failureOf('<html><body>502 Bad Gateway</body></html>')).toMatchObject({
      code: VAST_ERROR.SCHEMA,
      message: expect.stringContaining('<html>'),
    });
  });
});

describe('parseVastDocument: failures', () => {
  test('malformed XML is 100', () => {
    const failure = failureOf('<VAST version="4.2"><Ad><InLine></Ad></VAST>');
    expect(failure.code).toBe(VAST_ERROR.XML_PARSING);
    expect(failure.errorUrls).toEqual([]);
  });

  test("no Ad is 303 'Empty vast', telling the root Error URL", () => {
    expect(failureOf(vast(`<Error>${cdata('https://noad.test/e?c=[ERRORCODE]')}</Error>`))).toEqual(
      {
        code: VAST_ERROR.NO_VAST_RESPONSE,
        message: 'Empty vast',
        errorUrls: ['https://noad.test/e?c=[ERRORCODE]'],
        ignoredUrls: [],
      },
    );
    expect(failureOf('<VAST version="4.2"/>').message).toBe('Empty vast');
  });

  test('more than one Ad (an ad pod) is 100, telling every Error URL', () => {
    const failure = failureOf(
      vast(
        `<Error>${cdata('https://root.test/e')}</Error>` +
          inlineAd({ id: 'a', errors: ['https://a.test/e'] }) +
          inlineAd({ id: 'b', errors: ['https://b.test/e'] }),
      ),
    );
    expect(failure.code).toBe(VAST_ERROR.XML_PARSING);
    expect(failure.message).toMatch(/2 Ad elements.*exactly one/);
    expect(failure.errorUrls).toEqual([
      'https://root.test/e',
      'https://a.test/e',
      'https://b.test/e',
    ]);
  });

  test('an InLine without a Linear creative is 201, telling its Error URL', () => {
    const failure = failureOf(
      vast(
        inlineAd({
          errors: ['https://nl.test/e'],
          creatives:
            '<Creative><NonLinearAds><NonLinear width="300" height="50"/></NonLinearAds></Creative>',
        }),
      ),
    );
    expect(failure).toMatchObject({ code: VAST_ERROR.LINEARITY, errorUrls: ['https://nl.test/e'] });
  });

  test('an InLine with a Linear but no usable media file is still an ad (the caller reports 403)', () => {
    const ad = parseAd(
      vast(inlineAd({ creatives: `<Creative>${linear({ mediaFiles: '' })}</Creative>` })),
    );
    expect(ad.mediaFiles).toEqual([]);
  });

  test('an Ad with neither InLine nor Wrapper is 101', () => {
    expect(failureOf(vast('<Ad id="x"></Ad>')).code).toBe(VAST_ERROR.SCHEMA);
  });
});

describe('parseVastDocument: a Wrapper', () => {
  test('gives the next address and what the wrapper adds', () => {
    const doc = parseVastDocument(
      vast(
        wrapperAd({
          next: 'https://next.test/vast.xml',
          name: 'w1',
          clickThrough: 'https://w1.test/landing',
        }),
      ),
      URL,
    );
    expect(doc).toEqual({
      kind: 'wrapper',
      next: 'https://next.test/vast.xml',
      layer: {
        url: URL,
        impressions: ['https://w1.test/impression'],
        errorUrls: ['https://w1.test/error?code=[ERRORCODE]'],
        tracking: [{ event: 'start', url: 'https://w1.test/start', offset: null }],
        clickTracking: ['https://w1.test/click'],
        icons: [],
        viewableImpression: {
          viewable: ['https://w1.test/viewable'],
          notViewable: ['https://w1.test/not-viewable'],
          viewUndetermined: ['https://w1.test/view-undetermined'],
        },
        verifications: [],
        clickThrough: 'https://w1.test/landing',
        ignoredUrls: [],
        followAdditionalWrappers: true,
      },
    });
  });

  test('followAdditionalWrappers="false" is kept', () => {
    const doc = parseVastDocument(
      vast(wrapperAd({ next: 'https://n.test/', name: 'w', followAdditionalWrappers: false })),
      URL,
    );
    expect(doc.kind === 'wrapper' && doc.layer.followAdditionalWrappers).toBe(false);
  });

  test('a VASTAdTagURI that is not http(s) is 300 and is never followed', () => {
    const failure = failureOf(vast(wrapperAd({ next: 'javascript:alert(1)', name: 'w' })));
    expect(failure.code).toBe(VAST_ERROR.WRAPPER);
    expect(failure.ignoredUrls).toContain('javascript:alert(1)');
    expect(failure.errorUrls).toEqual(['https://w.test/error?code=[ERRORCODE]']);
  });

  test('a Wrapper without VASTAdTagURI is 101', () => {
    expect(failureOf(vast('<Ad><Wrapper><AdSystem>x</AdSystem></Wrapper></Ad>')).code).toBe(
      VAST_ERROR.SCHEMA,
    );
  });
});
