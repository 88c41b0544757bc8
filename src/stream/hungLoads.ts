// hls.js gives up a load that hangs on one level and tries the next (src/stream/loadPolicies.ts), so
// a server that hangs on every level keeps the viewer waiting the first-byte limit once per level,
// and again after the stream actor's reload: with six rungs, well over a minute and a half. After
// this many hung loads in a row, with no segment loaded between, the server is called hung: the
// error is told as fatal, so the stream actor asks whether the network is gone (then it waits for
// it), reloads once, and then shows the message.
export const HUNG_LOADS_IN_A_ROW = 3;

/** hls.js's error details for a level playlist or a segment with no first byte in time */
const HANG_DETAILS = new Set(['levelLoadTimeOut', 'fragLoadTimeOut']);

export function hungLoadCounter() {
  let inARow = 0;
  return {
    /** a segment came: the server answers */
    segmentLoaded() {
      inARow = 0;
    },
    /** true when this failure makes the server hung (the count starts again after it) */
    failed(details: string): boolean {
      if (!HANG_DETAILS.has(details)) return false;
      inARow += 1;
      if (inARow < HUNG_LOADS_IN_A_ROW) return false;
      inARow = 0;
      return true;
    },
  };
}
