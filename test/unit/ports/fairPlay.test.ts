// FairPlay on the browser's own HLS: the certificate and license requests the player makes, and
// what the stream actor hears when they fail. No FairPlay here (Apple's browsers alone): the key
// system, its sessions and the element stand in, as WebKit's EME behaves.
import { certificateRequest, licenseRequest, startFairPlay } from '../../../src/ports/fairPlay';
import { LICENSE_RETRY_WAITS_MS } from '../../../src/stream/protection';
import type { MediaEvent } from '../../../src/shared/media';
import type { KeySystemLicense } from '../../../src/stream/protection';

const LICENSE: KeySystemLicense = {
  keySystem: 'fairplay',
  licenseUrl: 'https://license.example/fps',
  certificateUrl: 'https://license.example/fps.cer',
  licenseHeaders: { 'X-Ticket': 'ticket-1' },
  licenseToken: 'jwt-1',
};
const bytes = (...values: number[]) => new Uint8Array(values).buffer;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fairPlayOn({ certificate = 200, license = 200 } = {}) {
  const sessions: (EventTarget & {
    generateRequest: jest.Mock;
    update: jest.Mock;
    keyStatuses: Map<BufferSource, MediaKeyStatus>;
  })[] = [];
  const mediaKeys = {
    setServerCertificate: jest.fn(() => Promise.resolve(true)),
    createSession: jest.fn(() => {
      const session = Object.assign(new EventTarget(), {
        generateRequest: jest.fn(() => Promise.resolve()),
        update: jest.fn(() => Promise.resolve()),
        keyStatuses: new Map<BufferSource, MediaKeyStatus>(),
      });
      sessions.push(session);
      return session;
    }),
  };
  const requestAccess = jest.fn(() =>
    Promise.resolve({ createMediaKeys: () => Promise.resolve(mediaKeys) }),
  );
  const fetched: { url: string; init: RequestInit }[] = [];
  const fetch = jest.fn((url: string, init: RequestInit) => {
    fetched.push({ url, init });
    const status = url.endsWith('.cer') ? certificate : license;
    const body = url.endsWith('.cer') ? bytes(1, 2, 3) : bytes(9, 9);
    return Promise.resolve({
      ok: status < 300,
      status,
      arrayBuffer: () => Promise.resolve(body),
    });
  });
  const video = Object.assign(document.createElement('video'), {
    setMediaKeys: jest.fn(() => Promise.resolve()),
  });
  const events: MediaEvent[] = [];
  const stop = startFairPlay(video, LICENSE, (e) => events.push(e), {
    requestAccess: requestAccess as never,
    fetch: fetch as never,
    sleep: () => Promise.resolve(),
  });
  const needKey = async () => {
    video.dispatchEvent(
      Object.assign(new Event('encrypted'), { initDataType: 'skd', initData: bytes(7) }),
    );
    await settle();
  };
  const sessionAsks = async (spc: ArrayBuffer) => {
    sessions[0]!.dispatchEvent(Object.assign(new Event('message'), { message: spc }));
    await settle();
  };
  return { video, mediaKeys, sessions, fetched, events, needKey, sessionAsks, stop };
}

describe('FairPlay on the browser’s own HLS', () => {
  it('builds the certificate request and the key request with the source’s headers and token', () => {
    expect(certificateRequest(LICENSE)).toEqual({
      url: 'https://license.example/fps.cer',
      method: 'GET',
      headers: { 'X-Ticket': 'ticket-1', Authorization: 'Bearer jwt-1' },
    });
    expect(licenseRequest({ ...LICENSE, licenseToken: null }, bytes(5, 6))).toEqual({
      url: 'https://license.example/fps',
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'X-Ticket': 'ticket-1' },
      body: new Uint8Array([5, 6]),
    });
  });

  it('fetches the certificate once, sets the key system up with it, and answers each key request with the license server’s CKC', async () => {
    const fp = fairPlayOn();
    await fp.needKey();
    expect(fp.fetched.map((f) => `${f.init.method} ${f.url}`)).toEqual([
      'GET https://license.example/fps.cer',
    ]);
    expect(fp.mediaKeys.setServerCertificate).toHaveBeenCalledWith(bytes(1, 2, 3));
    expect(fp.video.setMediaKeys).toHaveBeenCalledWith(fp.mediaKeys);
    expect(fp.sessions[0]!.generateRequest).toHaveBeenCalledWith('skd', bytes(7));
    await fp.sessionAsks(bytes(4, 2));
    const post = fp.fetched[1]!;
    expect(post.url).toBe('https://license.example/fps');
    expect(post.init.body).toEqual(new Uint8Array([4, 2]));
    expect(fp.sessions[0]!.update).toHaveBeenCalledWith(bytes(9, 9));
    // a second key: a session of its own, the certificate not fetched again
    await fp.needKey();
    expect(fp.sessions).toHaveLength(2);
    expect(fp.fetched.filter((f) => f.url.endsWith('.cer'))).toHaveLength(1);
    // the exchange told by its size alone
    expect(fp.events).toEqual([
      { type: 'licenseReceived', keySystem: 'fairplay', url: LICENSE.licenseUrl, bytes: 2 },
    ]);
  });

  it.each([
    [{ license: 403 }, 'keySystemLicenseRequestFailed', 403],
    [{ license: 500 }, 'keySystemLicenseRequestFailed', 500],
    [{ certificate: 404 }, 'keySystemServerCertificateRequestFailed', 404],
  ])('%j: a fatal %s with the status, told once', async (statuses, details, status) => {
    const fp = fairPlayOn(statuses);
    await fp.needKey();
    if (fp.sessions[0]) await fp.sessionAsks(bytes(1));
    await fp.needKey();
    // refused at once; a server that is down asked again after each of the waits first
    const asked = fp.fetched.filter((f) => f.init.method === 'POST').length;
    if ('license' in statuses)
      expect(asked).toBe(status >= 500 ? 1 + LICENSE_RETRY_WAITS_MS.length : 1);
    expect(fp.events).toEqual([
      expect.objectContaining({
        type: 'error',
        fatal: true,
        kind: 'other',
        details,
        keySystem: 'fairplay',
        licenseStatus: status,
      }),
    ]);
  });

  it('a key the device may not show (output restricted): fatal, the native element has no other rung', async () => {
    const fp = fairPlayOn();
    await fp.needKey();
    fp.sessions[0]!.keyStatuses.set(bytes(1), 'output-restricted');
    fp.sessions[0]!.dispatchEvent(new Event('keystatuseschange'));
    expect(fp.events).toEqual([
      expect.objectContaining({ details: 'keySystemStatusOutputRestricted', fatal: true }),
    ]);
  });

  it('stopped with its stream: a later key request is not answered', async () => {
    const fp = fairPlayOn();
    fp.stop();
    await fp.needKey();
    expect(fp.fetched).toEqual([]);
  });
});
