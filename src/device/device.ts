// What the player knows of the viewer's device (read once through the device port), what kind of
// device it is for analytics, and the text its fingerprint is hashed from. Pure.

export interface DeviceInfo {
  userAgent: string;
  platform: string;
  languages: string[];
  /**
   * minutes behind UTC in January and in July: the time zone and its summer time (the zone's name
   * would need Intl, whose first use costs 50-120 ms of the start)
   */
  utcOffsets: [number, number];
  screen: { width: number; height: number; colorDepth: number; pixelRatio: number };
  hardwareConcurrency: number;
  /** GiB, where the browser tells it */
  deviceMemory: number | null;
  touchPoints: number;
  /** the viewer asked the browser to save data (navigator.connection.saveData); absent in older logs */
  saveData?: boolean;
}

export type DeviceType = 'tablet' | 'mobile' | 'desktop';

/** SPEC.md section 7: device_type from the user agent and the screen. */
export function deviceType({ userAgent, touchPoints, screen }: DeviceInfo): DeviceType {
  const ua = userAgent;
  // iPadOS asks for the desktop site: a Mac with a touch screen is an iPad
  if (/iPad|Tablet|PlayBook|Silk/i.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1))
    return 'tablet';
  if (/Android/i.test(ua)) return /Mobile/i.test(ua) ? 'mobile' : 'tablet';
  if (/Mobi|iPhone|iPod|Windows Phone/i.test(ua)) return 'mobile';
  if (touchPoints > 0) {
    const shortSide = Math.min(screen.width, screen.height);
    if (shortSide < 600) return 'mobile';
    if (shortSide < 1024) return 'tablet';
  }
  return 'desktop';
}

/**
 * SPEC.md section 3: the fingerprint is built from hardware, locales, screen and system. The same
 * device gives the same text (fields in a fixed order), which the device port hashes.
 */
export function fingerprintSource(info: DeviceInfo): string {
  return JSON.stringify([
    ['hardware', info.hardwareConcurrency, info.deviceMemory, info.touchPoints],
    ['locales', info.languages, info.utcOffsets],
    [
      'screen',
      info.screen.width,
      info.screen.height,
      info.screen.colorDepth,
      info.screen.pixelRatio,
    ],
    ['system', info.platform, info.userAgent],
  ]);
}
