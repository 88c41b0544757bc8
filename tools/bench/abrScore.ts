// What a viewer got from one page on one network trace, from what its <video> showed (sampled every
// quarter second) and the segments it asked for: stalls, the picture's rate, its switches, and the
// research's linear QoE (per segment: the rate in Mbit/s, less 4.3 per second of stall and the size
// of every change of rate).
import type { Rung } from '../abrLadder';
import type { AbrTrace } from './abrTraces';

export interface Sample {
  /** wall clock, ms */
  at: number;
  /** the video's currentTime, s */
  time: number;
  /** the picture's height: which rung is on screen */
  height: number;
  paused: boolean;
  ended: boolean;
  /** the video's seeks so far (its seeking events): a time moved by one is no frame played */
  seeks: number;
}

export interface Stall {
  afterFirstFrameS: number;
  filmS: number;
  lastedS: number;
}

export interface SegmentLoad {
  /** when it was asked for, wall clock ms */
  at: number;
  rung: string;
  /** the answer's status; 0 when there was none */
  status: number;
}

export interface AbrScore {
  /** from the trace's start to the first frame moving, s */
  startupS: number;
  /** the film played, s */
  playedS: number;
  rebufferS: number;
  /** stalled time over the time from the first frame on */
  rebufferRatio: number;
  /** each stall: seconds after the first frame, the film's time, how long (s) */
  stalls: Stall[];
  /** the rate of the rung on screen, weighted by the time it played, kbit/s */
  bitrateKbps: number;
  switchesPerMinute: number;
  /** linear QoE per 4 s segment played */
  qoe: number;
  /** seconds on screen of each rung, by name */
  secondsOnRung: Record<string, number>;
  /** after the throttle lifts, the segments asked for until one of the top sustainable rung */
  segmentsToTopAfterLift: number | null;
  /** after the one failed request, seconds until a segment of the top rung loads */
  secondsToTopAfterFailure: number | null;
}

/** the penalty per second of stall in the linear QoE (Pensieve's, for a ladder topping at 4.3 Mbit/s) */
export const REBUFFER_PENALTY = 4.3;
/** a rung is sustainable when its rate is at most this share of the throughput */
const SUSTAINABLE_SHARE = 0.9;

/** the highest rung whose rate fits in `kbps` (the lowest if none does) */
export function topSustainableRung(ladder: readonly Rung[], kbps: number): number {
  let best = 0;
  ladder.forEach((rung, i) => {
    if (rung.bandwidth <= kbps * 1000 * SUSTAINABLE_SHARE) best = i;
  });
  return best;
}

const round = (n: number, digits = 3) => Number(n.toFixed(digits));

export function scoreAbr(
  samples: readonly Sample[],
  loads: readonly SegmentLoad[],
  ladder: readonly Rung[],
  trace: AbrTrace,
  startedAt: number,
  segmentSeconds: number,
): AbrScore {
  const rungOf = (height: number) => ladder.findIndex((rung) => rung.pictureHeight === height);
  // the first frame is the first that played: hls.js's jump over a gap at the start moves the time
  // before anything has played (the picture comes a quarter second or more after it)
  const firstMoving = samples.findIndex((s, i) => {
    const before = samples[i - 1];
    return before !== undefined && s.time > before.time && s.seeks === before.seeks;
  });
  const from = Math.max(firstMoving - 1, 0);
  let rebufferMs = 0;
  const stalls: Stall[] = [];
  let playingMs = 0;
  let rateMs = 0; // kbit/s × ms
  let switches = 0;
  const secondsOnRung: Record<string, number> = {};
  // from the first sample that moved: the quarter second before it holds the first frame somewhere,
  // and a film that began late in it moved less than half its length without standing still
  for (let i = firstMoving + 1; i < samples.length && firstMoving > 0; i += 1) {
    const a = samples[i - 1] as Sample;
    const b = samples[i] as Sample;
    const ms = b.at - a.at;
    if (a.paused || a.ended) continue;
    // moving at under half speed is a stall (a quarter second's sample is late on a busy machine)
    if ((b.time - a.time) * 1000 < ms / 2) {
      rebufferMs += ms;
      const last = stalls.at(-1);
      if (last && last.filmS === round(a.time, 2))
        last.lastedS = round(last.lastedS + ms / 1000, 2);
      else
        stalls.push({
          afterFirstFrameS: round((a.at - (samples[from]?.at ?? a.at)) / 1000, 2),
          filmS: round(a.time, 2),
          lastedS: round(ms / 1000, 2),
        });
      continue;
    }
    playingMs += ms;
    const rung = ladder[rungOf(a.height)];
    if (rung) {
      rateMs += (rung.bandwidth / 1000) * ms;
      secondsOnRung[rung.name] = (secondsOnRung[rung.name] ?? 0) + ms / 1000;
    }
    const was = rungOf(a.height);
    const is = rungOf(b.height);
    if (was >= 0 && is >= 0 && was !== is) switches += 1;
  }
  const first = samples[from];
  const last = samples.at(-1);
  const playedS = first && last ? Math.max(last.time - first.time, 0) : 0;

  // each segment's rate: the rung on screen as the film entered it
  const segmentMbps: number[] = [];
  for (const s of samples.slice(from)) {
    const k = Math.floor(s.time / segmentSeconds);
    const rung = ladder[rungOf(s.height)];
    if (rung && segmentMbps[k] === undefined) segmentMbps[k] = rung.bandwidth / 1e6;
  }
  const rates = segmentMbps.filter((r) => r !== undefined);
  const changes = rates.slice(1).reduce((sum, r, i) => sum + Math.abs(r - (rates[i] ?? r)), 0);
  const qoeTotal =
    rates.reduce((sum, r) => sum + r, 0) - REBUFFER_PENALTY * (rebufferMs / 1000) - changes;

  return {
    startupS: first && firstMoving > 0 ? round((first.at - startedAt) / 1000, 2) : NaN,
    playedS: round(playedS, 1),
    rebufferS: round(rebufferMs / 1000, 2),
    rebufferRatio: round(rebufferMs / Math.max(rebufferMs + playingMs, 1), 4),
    stalls,
    bitrateKbps: Math.round(rateMs / Math.max(playingMs, 1)),
    switchesPerMinute: round(switches / Math.max(playedS / 60, 1 / 60), 2),
    qoe: round(qoeTotal / Math.max(rates.length, 1)),
    secondsOnRung: Object.fromEntries(
      Object.entries(secondsOnRung).map(([name, s]) => [name, round(s, 1)]),
    ),
    segmentsToTopAfterLift: segmentsToTop(loads, ladder, trace, startedAt),
    secondsToTopAfterFailure: secondsToTopAfterFailure(loads, ladder),
  };
}

function segmentsToTop(
  loads: readonly SegmentLoad[],
  ladder: readonly Rung[],
  trace: AbrTrace,
  startedAt: number,
): number | null {
  if (trace.liftAtS === undefined) return null;
  const lifted = startedAt + trace.liftAtS * 1000;
  const top = topSustainableRung(ladder, trace.kbps[trace.liftAtS] ?? 0);
  const after = loads.filter((load) => load.at >= lifted);
  const reached = after.findIndex((load) => rungIndex(ladder, load.rung) >= top);
  return reached < 0 ? Infinity : reached + 1;
}

function secondsToTopAfterFailure(
  loads: readonly SegmentLoad[],
  ladder: readonly Rung[],
): number | null {
  const failed = loads.find((load) => load.status >= 400);
  if (!failed) return null;
  const top = ladder.length - 1;
  const back = loads.find(
    (load) => load.at > failed.at && load.status === 200 && rungIndex(ladder, load.rung) === top,
  );
  return back ? round((back.at - failed.at) / 1000, 1) : Infinity;
}

const rungIndex = (ladder: readonly Rung[], name: string) =>
  ladder.findIndex((rung) => rung.name === name);
