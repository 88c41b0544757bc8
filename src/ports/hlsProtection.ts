// hls.js's EME settings for a protected source: the one key system the browser granted
// (keySystemAccess.ts) with its license server, what each license request carries, and the waits
// before asking a server that is down again (hls.js itself would ask again at once, eight times).
import type { HlsConfig } from 'hls.js';
import { KEY_SYSTEMS, LICENSE_RETRY_WAITS_MS, type KeySystemLicense } from '../stream/protection';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** hls.js's own license policy (its defaults) with as many retries as there are waits. */
const LICENSE_POLICY = {
  default: {
    maxTimeToFirstByteMs: 8_000,
    maxLoadTimeMs: 20_000,
    timeoutRetry: { maxNumRetry: 1, retryDelayMs: 1_000, maxRetryDelayMs: 20_000 },
    errorRetry: {
      maxNumRetry: LICENSE_RETRY_WAITS_MS.length,
      retryDelayMs: 1_000,
      maxRetryDelayMs: 20_000,
    },
  },
};

/** `received`: each license the server answered, by its size (the keys in it stay in hls.js). */
export function emeConfig(
  license: KeySystemLicense,
  received: (answer: { url: string; bytes: number }) => void = () => undefined,
): Partial<HlsConfig> {
  /** license requests that failed in a row, and the last one asked */
  let failures = 0;
  let last: XMLHttpRequest | null = null;
  return {
    keyLoadPolicy: LICENSE_POLICY,
    emeEnabled: true,
    drmSystems: {
      [KEY_SYSTEMS[license.keySystem]]: {
        licenseUrl: license.licenseUrl,
        ...(license.certificateUrl ? { serverCertificateUrl: license.certificateUrl } : {}),
      },
    },
    async licenseXhrSetup(xhr, url) {
      // a retry follows a request that ended without a license; one asked beside a request still
      // on its way (another key's) is not a retry and goes at once
      if (last?.readyState === XMLHttpRequest.DONE && last.status !== 200) failures += 1;
      last = xhr;
      const wait = failures === 0 ? 0 : (LICENSE_RETRY_WAITS_MS[failures - 1] ?? 0);
      if (wait > 0) await sleep(wait);
      xhr.open('POST', url, true); // headers can only be set on an opened request
      for (const [name, value] of Object.entries(license.licenseHeaders ?? {}))
        xhr.setRequestHeader(name, value);
      if (license.licenseToken)
        xhr.setRequestHeader('Authorization', `Bearer ${license.licenseToken}`);
    },
    licenseResponseCallback(xhr, url) {
      failures = 0;
      const answer = xhr.response as ArrayBuffer;
      received({ url, bytes: answer.byteLength });
      return answer;
    },
  };
}
