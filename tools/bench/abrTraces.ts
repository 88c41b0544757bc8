// The network traces the adaptive-streaming benchmark replays, second by second, through a throttled
// link (throttledLink.ts): networks recorded by research sets (recordedTraces.ts), half of them held
// back from tuning, then one trace for each way adaptive streaming is known to fail viewers.
import { BROADBAND_RTT_MS, TRACE_SECONDS } from './abrLinks';
import { RECORDED_TRACES } from './recordedTraces';
import { ABR_GROUPS, type AbrGroup, type AbrTrace } from './abrTrace';

export { ABR_GROUPS, type AbrGroup, type AbrTrace };

/** the network the warm cache was filled on */
export const WARM_KBPS = 8000;

const seconds = (f: (second: number) => number) =>
  Array.from({ length: TRACE_SECONDS }, (_, s) => Math.round(f(s)));

const COMPLAINTS: readonly Omit<AbrTrace, 'group'>[] = [
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

export const ABR_TRACES: readonly AbrTrace[] = [
  ...RECORDED_TRACES,
  ...COMPLAINTS.map((trace) => ({ ...trace, group: 'complaint' as const })),
];

/** The traces a run replays: those named (ABR_TRACES=a,b), of one group (ABR_GROUP=heldBack), or all. */
export function pickAbrTraces(
  env: { ABR_TRACES?: string; ABR_GROUP?: string },
  traces: readonly AbrTrace[] = ABR_TRACES,
): AbrTrace[] {
  const names = env.ABR_TRACES?.split(',');
  const group = env.ABR_GROUP;
  if (group && !ABR_GROUPS.includes(group as AbrGroup))
    throw new Error(`ABR_GROUP=${group}: choose from ${ABR_GROUPS.join(', ')}`);
  const unknown = names?.filter((name) => !traces.some((t) => t.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`ABR_TRACES names no trace ${unknown.join(', ')}`);
  return traces.filter((t) => (!names || names.includes(t.name)) && (!group || t.group === group));
}
