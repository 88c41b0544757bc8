// The links the adaptive-streaming benchmark replays its traces over: how long a trace lasts, and the
// round trip each request pays on each kind of network.

/** long enough for three minutes of playback after the start and a stall or two */
export const TRACE_SECONDS = 240;

/** a fixed line's round trip */
export const BROADBAND_RTT_MS = 20;
/** a mobile network's round trip (3G/HSDPA and 4G/LTE alike) */
export const MOBILE_RTT_MS = 80;
