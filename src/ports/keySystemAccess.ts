// Which of a protected source's key systems this browser grants, tried in the source's order (hls.js
// would try them in an order of its own). Asked with the film's kind of media: CENC-protected H.264
// and AAC in fMP4, or for FairPlay also HLS itself (its initialization data is its own).
import { KEY_SYSTEMS, type KeySystemLicense, type Protection } from '../stream/protection';

const VIDEO = 'video/mp4; codecs="avc1.42E01E"';
const AUDIO = 'audio/mp4; codecs="mp4a.40.2"';
const NATIVE_HLS = 'application/vnd.apple.mpegurl';

type RequestAccess = (
  keySystem: string,
  configurations: MediaKeySystemConfiguration[],
) => Promise<MediaKeySystemAccess>;

/** The first key system of the source the browser grants, or null when it grants none. */
export async function firstGrantedKeySystem(
  protection: Protection,
  requestAccess:
    RequestAccess | undefined = globalThis.navigator?.requestMediaKeySystemAccess?.bind(navigator),
): Promise<KeySystemLicense | null> {
  if (!requestAccess) return null; // no EME at all (an insecure page, an old engine)
  for (const license of protection) {
    const initDataTypes = license.keySystem === 'fairplay' ? ['sinf', 'skd'] : ['cenc'];
    try {
      await requestAccess(KEY_SYSTEMS[license.keySystem], [
        {
          initDataTypes,
          // FairPlay also where the browser plays the stream itself (its own HLS)
          videoCapabilities:
            license.keySystem === 'fairplay'
              ? [{ contentType: VIDEO }, { contentType: NATIVE_HLS }]
              : [{ contentType: VIDEO }],
          audioCapabilities: [{ contentType: AUDIO }],
        },
      ]);
      return license;
    } catch {
      // not granted here: the next one the source lists
    }
  }
  return null;
}
