import { isHttpUrl } from '../vast/urls';
import type { BeaconPort } from './types';

/** Tracking beacons by GET with keepalive (SPEC.md section 7), so one sent as the page unloads still arrives. */
export function createBeaconPort(): BeaconPort {
  return {
    fire(url) {
      if (!isHttpUrl(url)) return; // the VAST parser lets none through; a last guard all the same
      fetch(url, { method: 'GET', keepalive: true, mode: 'no-cors', credentials: 'include' }).catch(
        () => undefined, // a lost beacon is the tracker's loss, never the viewer's
      );
    },
  };
}
