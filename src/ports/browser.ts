import { createHttpPort } from './http';
import { createMediaPort } from './media';
import { createParentPort } from './parent';
import type { Ports } from './types';

/** The real ports of a player running in a browser. */
export function createBrowserPorts(video: HTMLVideoElement): Ports {
  return {
    http: createHttpPort(),
    media: createMediaPort(video),
    clock: { now: () => performance.now() },
    rng: { next: () => Math.random() },
    parent: createParentPort(),
  };
}
