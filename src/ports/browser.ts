import { createHttpPort } from './http';
import { createMediaPort } from './media';
import { createPagePort } from './page';
import { createParentPort } from './parent';
import { createSeededRng } from './rng';
import { createCookiePort, createStoragePort } from './storage';
import type { Ports } from './types';

/** The real ports of a player running in a browser. */
export function createBrowserPorts(video: HTMLVideoElement, rngSeed: number): Ports {
  return {
    http: createHttpPort(),
    media: createMediaPort(video),
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
  };
}
