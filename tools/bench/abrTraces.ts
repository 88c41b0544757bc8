// The network traces the adaptive-streaming benchmark replays, second by second, through the DevTools
// protocol's network conditions. Broadband-like and mobile-like traces are shaped after the research
// sets (the FCC's broadband measurements: a few Mbit/s that wander slowly; Norway's HSDPA commutes:
// deep, fast swings and short outages), generated from a fixed seed so every run replays the same
// seconds; then one trace for each way adaptive streaming is known to fail viewers.
import { BROADBAND_RTT_MS, MOBILE_RTT_MS, TRACE_SECONDS } from './abrLinks';

export interface AbrTrace {
  name: string;
  about: string;
  /** the throughput of each second, kbit/s; the last one holds on */
  kbps: number[];
  /** the round trip each request pays, ms */
  latencyMs: number;
  /** steady network: switches a minute are held to the goal */
  steady?: boolean;
  /** the second the throttle lifts: the rung reached after it is measured */
  liftAtS?: number;
  /** played this long on a fast network first (WARM_KBPS), then the page opened again on a warm cache */
  warmCacheS?: number;
  /** from this second on, the throughput halves while a segment loads, a second into it */
  halveMidSegmentAfterS?: number;
  /** the first segment asked for after this second is answered 403; the network stays fine */
  failOneRequestAfterS?: number;
}

/** the network the warm cache was filled on */
export const WARM_KBPS = 8000;

/** a small deterministic generator (mulberry32), so a trace is the same every run */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seconds = (f: (second: number) => number) =>
  Array.from({ length: TRACE_SECONDS }, (_, s) => Math.round(f(s)));

/** a fixed line's rate that wanders slowly about its mean (each second 90 % of the last deviation) */
function broadband(seed: number, mean: (second: number) => number, spread: number) {
  const next = random(seed);
  let deviation = 0;
  return seconds((s) => {
    deviation = 0.9 * deviation + (next() - 0.5) * 2 * spread * 0.45;
    return Math.max(0.3, Math.min(1.8, 1 + deviation)) * mean(s);
  });
}

/** a mobile link: it moves between coverage states every few seconds, each second jittered */
function mobile(seed: number, states: number[], outageEvery = 0) {
  const next = random(seed);
  let state = Math.floor(states.length / 2);
  let hold = 0;
  return seconds((s) => {
    if (hold <= 0) {
      state = Math.max(0, Math.min(states.length - 1, state + (next() < 0.5 ? -1 : 1)));
      hold = 3 + Math.floor(next() * 10);
    }
    hold -= 1;
    const outage = outageEvery > 0 && s % outageEvery >= outageEvery - 6;
    return outage ? 60 : (states[state] ?? 1000) * (0.6 + next() * 0.8);
  });
}

export const ABR_TRACES: readonly AbrTrace[] = [
  {
    name: 'broadband-fast',
    about: 'a fast line, about 6.5 Mbit/s',
    kbps: broadband(1, () => 6500, 0.15),
    latencyMs: BROADBAND_RTT_MS,
    steady: true,
  },
  {
    name: 'broadband-cable',
    about: 'cable at about 4 Mbit/s that wanders by a fifth',
    kbps: broadband(2, () => 4000, 0.4),
    latencyMs: BROADBAND_RTT_MS,
  },
  {
    name: 'broadband-dsl',
    about: 'DSL at about 2.4 Mbit/s',
    kbps: broadband(3, () => 2400, 0.3),
    latencyMs: BROADBAND_RTT_MS,
  },
  {
    name: 'broadband-evening',
    about: 'an evening line: 5 Mbit/s, then 2.5 at the busy hour, then 4.5',
    kbps: broadband(4, (s) => (s < 80 ? 5000 : s < 160 ? 2500 : 4500), 0.2),
    latencyMs: BROADBAND_RTT_MS,
  },
  {
    name: 'mobile-bus',
    about: 'a bus through town: 0.3 to 3 Mbit/s',
    kbps: mobile(5, [300, 700, 1200, 2000, 3000]),
    latencyMs: MOBILE_RTT_MS,
  },
  {
    name: 'mobile-train',
    about: 'a train: 0.5 to 4 Mbit/s, and 6 s with almost nothing every minute (tunnels)',
    kbps: mobile(6, [500, 1000, 2000, 4000], 60),
    latencyMs: MOBILE_RTT_MS,
  },
  {
    name: 'mobile-car',
    about: 'a car on a main road: 1 to 6 Mbit/s',
    kbps: mobile(7, [1000, 2000, 3500, 6000]),
    latencyMs: MOBILE_RTT_MS,
  },
  {
    name: 'mobile-metro',
    about: 'a metro station: 0.3 to 1.5 Mbit/s',
    kbps: mobile(8, [300, 600, 900, 1500]),
    latencyMs: MOBILE_RTT_MS,
  },
  {
    name: 'throttle-lifts',
    about: 'recovery: 500 kbit/s for 80 s, then 8 Mbit/s',
    kbps: seconds((s) => (s < 80 ? 500 : 8000)),
    latencyMs: BROADBAND_RTT_MS,
    liftAtS: 80,
  },
  {
    name: 'warm-cache-throttle',
    about: 'the first 40 s watched before on 8 Mbit/s (in the cache), then 1.2 Mbit/s',
    kbps: seconds(() => 1200),
    latencyMs: BROADBAND_RTT_MS,
    warmCacheS: 40,
  },
  {
    name: 'half-mid-segment',
    about: '4 Mbit/s, halved a second into a segment after 60 s',
    kbps: seconds(() => 4000),
    latencyMs: BROADBAND_RTT_MS,
    halveMidSegmentAfterS: 60,
  },
  {
    name: 'steady-boundary',
    about: "a steady 1.95 Mbit/s, just above the 540p rung's 1.85",
    kbps: seconds(() => 1950),
    latencyMs: BROADBAND_RTT_MS,
    steady: true,
  },
  {
    name: 'steady-between',
    about: 'a steady 1 Mbit/s, between the 360p and 480p rungs',
    kbps: seconds(() => 1000),
    latencyMs: BROADBAND_RTT_MS,
    steady: true,
  },
  {
    name: 'one-403',
    about: '8 Mbit/s; one segment answered 403 after 40 s',
    kbps: seconds(() => 8000),
    latencyMs: BROADBAND_RTT_MS,
    failOneRequestAfterS: 40,
  },
];
