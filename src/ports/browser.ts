import { createAdMediaPort } from './adMedia';
import { createBeaconPort } from './beacon';
import { createClipboardPort } from './clipboard';
import { createConnectionPort } from './connection';
import { createDevicePort } from './device';
import { type EarlyResponses } from './http';
import { createHttpPort, type ServicesHttpPort } from './httpClient';
import { createMediaPort } from './media';
import type { EarlyLoads } from '../stream/earlyLoader';
import { createMediaSessionPort } from './mediaSession';
import { createPagePort } from './page';
import { createParentPort } from './parent';
import { createSeededRng } from './rng';
import { createDeferredSimidPort } from './deferredSimid';
import { createCookiePort, createStoragePort } from './storage';
import { createStatsPort } from './stats';
import type { Ports } from './types';
import { createViewportPort } from './viewport';
import { createVpaidPort } from './vpaid';
import { createWakeLockPort } from './wakeLock';
import { createLoaderPort } from './loader';

export interface PlayerElements {
  player: HTMLElement;
  video: HTMLVideoElement;
  adVideo: HTMLVideoElement;
}

/** The real ports of a player running in a browser; the page also tells its HTTP port when to take axios. */
export type BrowserPorts = Ports & { http: ServicesHttpPort };

/** The real ports of a player running in a browser. */
export function createBrowserPorts(
  { player, video, adVideo }: PlayerElements,
  rngSeed: number,
  /** answers of the page's early start (src/app/earlyStart.ts) */
  early: (EarlyResponses & EarlyLoads) | null = null,
): BrowserPorts {
  const ui = document.getElementById('ui');
  const simid = createDeferredSimidPort(); // its adapter comes with the first SIMID advert
  return {
    http: createHttpPort(early),
    media: createMediaPort(video, early),
    clock: {
      now: () => performance.now(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      epochMs: () => Date.now(),
    },
    rng: createSeededRng(rngSeed),
    parent: createParentPort(),
    storage: createStoragePort(),
    cookies: createCookiePort(),
    page: createPagePort(),
    connection: createConnectionPort(),
    adMedia: createAdMediaPort(adVideo, player),
    vpaid: createVpaidPort(player, ui),
    simid,
    beacon: createBeaconPort(),
    viewport: createViewportPort(player, video),
    stats: createStatsPort(),
    clipboard: createClipboardPort(),
    device: createDevicePort(),
    mediaSession: createMediaSessionPort(),
    wakeLock: createWakeLockPort(),
    loader: createLoaderPort((createSimidPort) => simid.provide(createSimidPort(player, ui))),
  };
}
