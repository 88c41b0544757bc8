// How long hls.js waits and how often it retries before it calls a load failed. Its defaults can
// keep a viewer in front of a spinner for minutes when a CDN hangs (a manifest may wait 3 x 20 s);
// these make each failure known soon. What follows a fatal one (loads tried again with growing
// waits while the film has anything to play, another source, the message) is the failure policy's
// (src/stream/failurePolicy.ts).
import type { HlsConfig } from 'hls.js';

type Policies = Pick<HlsConfig, 'manifestLoadPolicy' | 'playlistLoadPolicy' | 'fragLoadPolicy'>;

/** No first byte within this: a hung server. A slow one that answers keeps its whole load time. */
const FIRST_BYTE_MS = 8_000;
const retry = (maxNumRetry: number, retryDelayMs = 500) => ({
  maxNumRetry,
  retryDelayMs,
  maxRetryDelayMs: 4_000,
});

export const LOAD_POLICIES: Policies = {
  manifestLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: FIRST_BYTE_MS,
      maxLoadTimeMs: 20_000,
      timeoutRetry: retry(1, 0),
      errorRetry: retry(1),
    },
  },
  // a level or a segment that hangs is given up at once: hls.js tries the other levels, and the
  // stream actor's retries give the whole ladder more chances
  playlistLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: FIRST_BYTE_MS,
      maxLoadTimeMs: 20_000,
      timeoutRetry: retry(0, 0),
      errorRetry: retry(2),
    },
  },
  fragLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: FIRST_BYTE_MS,
      maxLoadTimeMs: 60_000,
      timeoutRetry: retry(0, 0),
      errorRetry: retry(3),
    },
  },
};
