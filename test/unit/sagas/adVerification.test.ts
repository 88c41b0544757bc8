// Verification vendors (VAST 4.3 <AdVerifications>, sagas/ads/verification.ts): the player runs no
// vendor's code, so each Verification of the ad is told through its verificationNotExecuted URLs,
// with the [REASON], once per ad, before the advert's creative plays.
import { notExecutedReason } from '../../../sagas/ads/verification';
import { VERIFICATION_NOT_EXECUTED_REASON, type VastVerification } from '../../../src/vast/model';
import { playbackRequests } from '../../../src/state/playback';
import { BASE } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';
import { cdata, inlineAd, linear, vast, wrapperAd } from '../vast/documents';
import { adPlayer, startPreroll } from './adPlayer';

const verification = (parts: Partial<VastVerification>): VastVerification => ({
  vendor: 'vendor.test-omid',
  javaScriptResources: [],
  executableResources: [],
  parameters: null,
  notExecutedUrls: [],
  malformedScripts: 0,
  ...parts,
});
const script = { url: 'https://vendor.test/omid.js', apiFramework: 'omid', browserOptional: false };
const executable = { reference: 'vendor-native', type: 'native', apiFramework: 'omid' };

describe('the [REASON] a vendor is told', () => {
  it('2, not supported, for code the player could fetch: it runs no verification framework', () => {
    const { NOT_SUPPORTED } = VERIFICATION_NOT_EXECUTED_REASON;
    expect(notExecutedReason(verification({ javaScriptResources: [script] }))).toBe(NOT_SUPPORTED);
    expect(notExecutedReason(verification({ executableResources: [executable] }))).toBe(2);
    expect(notExecutedReason(verification({}))).toBe(2); // no resource at all
    // a malformed script beside a good one: the good one is what would have run
    const mixed = verification({ javaScriptResources: [script], malformedScripts: 1 });
    expect(notExecutedReason(mixed)).toBe(2);
    const besideExecutable = verification({
      executableResources: [executable],
      malformedScripts: 2,
    });
    expect(notExecutedReason(besideExecutable)).toBe(2);
  });

  it('3, a load error, when every script address it gave is malformed', () => {
    const { LOAD_ERROR } = VERIFICATION_NOT_EXECUTED_REASON;
    expect(notExecutedReason(verification({ malformedScripts: 1 }))).toBe(LOAD_ERROR);
  });
});

/** One Verification element: its vendor, its script's address as given, its notExecuted URLs. */
function verificationXml(vendor: string, scriptUrl: string, urls: string[]) {
  const tracking = urls
    .map((url) => `<Tracking event="verificationNotExecuted">${cdata(url)}</Tracking>`)
    .join('');
  return `<Verification vendor="${vendor}">
    <JavaScriptResource apiFramework="omid" browserOptional="true">${cdata(scriptUrl)}</JavaScriptResource>
    <VerificationParameters>${cdata('{"campaign":7}')}</VerificationParameters>
    <TrackingEvents>${tracking}</TrackingEvents>
  </Verification>`;
}

const twoVendors = `<AdVerifications>
  ${verificationXml('one.test-omid', 'https://one.test/omid.js', ['https://one.test/not-run?r=[REASON]'])}
  ${verificationXml('two.test-omid', 'javascript:alert(1)', ['https://two.test/not-run?r=[REASON]&id=[ADSERVINGID]'])}
</AdVerifications>`;

const verified = vast(
  inlineAd({
    more: `<AdServingId>serving-7</AdServingId>${twoVendors}`,
    creatives: `<Creative>${linear({ duration: '00:00:06' })}</Creative>`,
  }),
);

describe('verificationNotExecuted, for each vendor of the advert', () => {
  it('is fired once per vendor with its reason, before the impression, and not again', async () => {
    const p = adPlayer(['verified'], { documents: { verified } });
    await startPreroll(p, 6);
    await p.playTo(0, 6, 6);
    await p.adEvent({ type: 'ended' });
    const notRun = p.beacons.filter((b) => b.includes('/not-run'));
    expect(notRun).toEqual([
      'https://one.test/not-run?r=2',
      'https://two.test/not-run?r=3&id=serving-7', // its only script's address is malformed
    ]);
    const impression = p.beacons.indexOf('https://inline.test/impression');
    expect(impression).toBeGreaterThan(p.beacons.indexOf(notRun[1]!));
  });

  it('is told as the ad’s session opens, even when the advert then fails before its start', async () => {
    const p = adPlayer(['verified'], { documents: { verified } });
    await untilIdle();
    p.store.dispatch(playbackRequests.playRequested());
    await untilIdle();
    await p.adEvent({ type: 'error', code: 4, message: 'not found' });
    expect(p.store.getState().ads.history.at(-1)?.errorCode).toBe(401);
    expect(p.beacons.filter((b) => b.includes('/not-run'))).toHaveLength(2);
    expect(p.beacons).not.toContain('https://inline.test/impression');
  });

  it('is not fired for an advert with no media to play: no session opens to measure', async () => {
    const webm = `<MediaFile delivery="progressive" type="video/webm" width="640" height="360">${cdata('https://cdn.test/ad.webm')}</MediaFile>`;
    const unplayable = vast(
      inlineAd({
        more: twoVendors,
        creatives: `<Creative>${linear({ mediaFiles: webm })}</Creative>`,
      }),
    );
    const p = adPlayer(['unplayable'], { documents: { unplayable } });
    await startPreroll(p);
    expect(p.beacons).toEqual(['https://inline.test/error?code=403']);
  });

  it('each advert of the break tells its own vendors', async () => {
    const p = adPlayer(['verified', 'again'], { documents: { verified, again: verified } });
    await startPreroll(p, 6);
    await p.adEvent({ type: 'ended' });
    await p.adEvent({ type: 'loaded', duration: 6 }, { type: 'playing' });
    expect(p.beacons.filter((b) => b.includes('one.test/not-run'))).toHaveLength(2);
  });
});

describe('verifications across the VAST chain', () => {
  it('the wrapper’s and the ad’s Verification each tell their own URLs; a URL both list, once', async () => {
    const shared = 'https://one.test/not-run?r=[REASON]';
    const inline = vast(
      inlineAd({
        more: `<AdVerifications>${verificationXml('one.test-omid', 'https://one.test/omid.js', [shared, 'https://one.test/inline-not-run'])}</AdVerifications>`,
        creatives: `<Creative>${linear({ duration: '00:00:06' })}</Creative>`,
      }),
    );
    const wrapper = vast(
      wrapperAd({
        next: `${BASE}/vast/inline.xml`,
        name: 'wrapper',
        // the same vendor as the ad's, with its own parameters for the wrapper's campaign
        more: `<AdVerifications>${verificationXml('one.test-omid', 'https://one.test/omid.js', [shared, 'https://one.test/wrapper-not-run'])}</AdVerifications>`,
      }),
    );
    const p = adPlayer(['wrapper'], { documents: { wrapper, inline } });
    await startPreroll(p, 6);
    expect(p.beacons.filter((b) => b.includes('not-run'))).toEqual([
      'https://one.test/not-run?r=2',
      'https://one.test/wrapper-not-run',
      'https://one.test/inline-not-run',
    ]);
  });
});
