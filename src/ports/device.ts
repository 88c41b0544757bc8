import type { DeviceInfo } from '../device/device';
import type { DevicePort } from './types';

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** FNV-1a, twice with different seeds: where Web Crypto is missing (an insecure context). */
function fallbackHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** The browser adapter of the device port: what the browser tells of the device, and hashing. */
export function createDevicePort(): DevicePort {
  return {
    describe(): DeviceInfo {
      const nav = navigator as Navigator & {
        deviceMemory?: number;
        connection?: { saveData?: boolean };
      };
      return {
        userAgent: nav.userAgent,
        platform: nav.platform,
        languages: [...(nav.languages ?? [nav.language])],
        utcOffsets: [
          new Date(2026, 0, 1).getTimezoneOffset(),
          new Date(2026, 6, 1).getTimezoneOffset(),
        ],
        screen: {
          width: screen.width,
          height: screen.height,
          colorDepth: screen.colorDepth,
          pixelRatio: window.devicePixelRatio,
        },
        hardwareConcurrency: nav.hardwareConcurrency ?? 0,
        deviceMemory: nav.deviceMemory ?? null,
        touchPoints: nav.maxTouchPoints ?? 0,
        saveData: nav.connection?.saveData === true,
      };
    },
    async sha256(text) {
      if (!crypto.subtle) return fallbackHash(text);
      return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
    },
  };
}
