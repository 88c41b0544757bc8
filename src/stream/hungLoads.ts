// hls.js gives up a load that hangs on one level and tries the next (src/stream/loadPolicies.ts), so
// a server that hangs on every level would be asked level after level with no end the player sees.
// After this many hung loads in a row, with no segment loaded between, the server is called hung:
// the error is told as fatal, and the failure policy (src/stream/failurePolicy.ts) decides what
// comes next: loads tried again with growing waits, another source, past its limit the message.
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
