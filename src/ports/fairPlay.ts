// FairPlay on the browser's own HLS (Safari on an iPhone without ManagedMediaSource), where no hls.js
// stands between the element and the key system: the element tells of each key it needs (its
// "encrypted" event, for the stream's EXT-X-KEY); the player fetches the service's application
// certificate once, sets up the key system with it, and posts each key request (the SPC) to the
// license server, handing its answer (the CKC) back to the session. Apple's browsers alone have
// FairPlay: the requests are built and unit-tested here, never played on these machines.
import { KEY_SYSTEMS, LICENSE_RETRY_WAITS_MS, type KeySystemLicense } from '../stream/protection';
import type { MediaEvent } from '../shared/media';

/** What the element is asked to play with FairPlay: the stream itself, by its own HLS. */
const FAIRPLAY_CONFIG: MediaKeySystemConfiguration[] = [
  {
    initDataTypes: ['skd', 'sinf'],
    videoCapabilities: [{ contentType: 'application/vnd.apple.mpegurl', robustness: '' }],
    distinctiveIdentifier: 'not-allowed',
    persistentState: 'not-allowed',
    sessionTypes: ['temporary'],
  },
];

export interface LicenseServerRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer>;
}

/** The headers every request to the license server carries: the source's, and the token if asked. */
function licenseHeaders(license: KeySystemLicense): Record<string, string> {
  return {
    ...license.licenseHeaders,
    ...(license.licenseToken ? { Authorization: `Bearer ${license.licenseToken}` } : {}),
  };
}

/** The application certificate's request (FairPlay's entries always have one: the schema says so). */
export function certificateRequest(license: KeySystemLicense): LicenseServerRequest {
  return { url: license.certificateUrl ?? '', method: 'GET', headers: licenseHeaders(license) };
}

/** A key request: the SPC the session made, posted as it is (the common FairPlay server's format). */
export function licenseRequest(license: KeySystemLicense, spc: ArrayBuffer): LicenseServerRequest {
  return {
    url: license.licenseUrl,
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', ...licenseHeaders(license) },
    body: new Uint8Array(spc),
  };
}

interface FairPlayEnvironment {
  requestAccess: (
    keySystem: string,
    configurations: MediaKeySystemConfiguration[],
  ) => Promise<MediaKeySystemAccess>;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Answers the element's key requests with FairPlay until the returned stop. A failure is told as
 * hls.js tells its own (a fatal key-system error, with the license server's status), so the stream
 * actor gives the viewer the same message on either path.
 */
export function startFairPlay(
  video: HTMLVideoElement,
  license: KeySystemLicense,
  emit: (event: MediaEvent) => void,
  env: FairPlayEnvironment = {
    requestAccess: (system, configs) => navigator.requestMediaKeySystemAccess(system, configs),
    fetch: (...args) => fetch(...args),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  },
): () => void {
  let stopped = false;
  let keys: Promise<MediaKeys> | null = null;
  const fail = (details: string, licenseStatus?: number) => {
    if (stopped) return;
    stopped = true; // one message: the first failure
    emit({
      type: 'error',
      fatal: true,
      kind: 'other',
      details,
      keySystem: 'fairplay',
      ...(licenseStatus === undefined ? {} : { licenseStatus }),
      bandwidth: 0,
      bufferLength: 0,
    });
  };
  /**
   * The license server's answer (null for none at all: refused, offline), asked again after a
   * growing wait while it does not answer or answers 5xx, as for any other host.
   */
  const send = async ({ url, ...init }: LicenseServerRequest) => {
    for (let attempt = 0; ; attempt++) {
      const answer = await env.fetch(url, init).catch(() => null);
      const down = !answer || answer.status >= 500;
      const wait = LICENSE_RETRY_WAITS_MS[attempt];
      if (!down || wait === undefined || stopped) return answer;
      await env.sleep(wait);
    }
  };

  async function setUpKeys(): Promise<MediaKeys> {
    const access = await env.requestAccess(KEY_SYSTEMS.fairplay, FAIRPLAY_CONFIG);
    const mediaKeys = await access.createMediaKeys();
    const answer = await send(certificateRequest(license));
    if (!answer?.ok) {
      fail('keySystemServerCertificateRequestFailed', answer?.status ?? 0);
      throw new Error('no certificate');
    }
    await mediaKeys.setServerCertificate(await answer.arrayBuffer());
    await video.setMediaKeys(mediaKeys);
    return mediaKeys;
  }

  async function onEncrypted(event: MediaEncryptedEvent) {
    if (stopped || !event.initData) return;
    keys ??= setUpKeys();
    const mediaKeys = await keys.catch(() => null);
    if (!mediaKeys || stopped) return; // told already
    const session = mediaKeys.createSession('temporary');
    session.addEventListener('message', (message) => {
      void (async () => {
        const answer = await send(licenseRequest(license, message.message));
        if (!answer?.ok) return fail('keySystemLicenseRequestFailed', answer?.status ?? 0);
        const ckc = await answer.arrayBuffer();
        await session.update(ckc).then(
          () =>
            emit({
              type: 'licenseReceived',
              keySystem: 'fairplay',
              url: license.licenseUrl,
              bytes: ckc.byteLength,
            }),
          () => fail('keySystemSessionUpdateFailed'),
        );
      })();
    });
    // the native element has no other rungs to fall back on: a key the device may not show ends it
    session.addEventListener('keystatuseschange', () => {
      session.keyStatuses.forEach((status) => {
        if (status === 'output-restricted') fail('keySystemStatusOutputRestricted');
        else if (status === 'internal-error') fail('keySystemStatusInternalError');
      });
    });
    await session
      .generateRequest(event.initDataType, event.initData)
      .catch(() => fail('keySystemNoSession'));
  }

  const listener = (event: Event) => void onEncrypted(event as MediaEncryptedEvent);
  video.addEventListener('encrypted', listener);
  return () => {
    stopped = true;
    video.removeEventListener('encrypted', listener);
  };
}
