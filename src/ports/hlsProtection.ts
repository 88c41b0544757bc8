// hls.js's EME settings for a protected source: the one key system the browser granted
// (keySystemAccess.ts) with its license server, and what each license request carries.
import type { HlsConfig } from 'hls.js';
import { KEY_SYSTEMS, type KeySystemLicense } from '../stream/protection';

/** `received`: each license the server answered, by its size (the keys in it stay in hls.js). */
export function emeConfig(
  license: KeySystemLicense,
  received: (answer: { url: string; bytes: number }) => void = () => undefined,
): Partial<HlsConfig> {
  return {
    emeEnabled: true,
    drmSystems: {
      [KEY_SYSTEMS[license.keySystem]]: {
        licenseUrl: license.licenseUrl,
        ...(license.certificateUrl ? { serverCertificateUrl: license.certificateUrl } : {}),
      },
    },
    licenseXhrSetup(xhr, url) {
      xhr.open('POST', url, true); // headers can only be set on an opened request
      for (const [name, value] of Object.entries(license.licenseHeaders ?? {}))
        xhr.setRequestHeader(name, value);
      if (license.licenseToken)
        xhr.setRequestHeader('Authorization', `Bearer ${license.licenseToken}`);
    },
    licenseResponseCallback(xhr, url) {
      const answer = xhr.response as ArrayBuffer;
      received({ url, bytes: answer.byteLength });
      return answer;
    },
  };
}
