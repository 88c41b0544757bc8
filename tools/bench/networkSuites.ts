// The suites of the network: the player and bare hls.js through outages (network), and through
// recorded bandwidth traces for adaptive streaming (abr).
import { join } from 'node:path';
import { startDemoServer } from '../../demo/app';
import { abrLadderDir } from '../abrLadder';
import { longFilmDir } from '../longFilm';
import { measureAbrTrace } from './abr';
import { abrFiguresOf, mergeAbrRows, type AbrTraceRow } from './abrReport';
import type { AbrScore } from './abrScore';
import { ABR_TRACES, type AbrTrace } from './abrTraces';
import { build, HLS_VERSION, ROOT } from './benchSetup';
import type { Figure } from './figure';
import { measureOutage } from './networkDrop';
import { KIND_FIGURES, networkFiguresOf, type OutageRow } from './networkReport';
import type { OutageCase } from './outageMatrix';

/**
 * traces measured at once, each in a Chromium of its own. One: with two on this 2-core machine,
 * the pages of two traces stood still at the same wall-clock instant (2026-11-29's held-back run:
 * 28.5 s from their start on three pages of two traces, 172.7 s on all four of two others), the
 * machine's moment on networks that differ, which the scores counted as stalls.
 */
const ABR_PARALLEL = Number(process.env.ABR_PARALLEL) || 1;

export async function networkFigures(results: Record<string, Figure>, outages: OutageCase[]) {
  build();
  const film = longFilmDir();
  const rows: OutageRow[] = [];
  for (const outage of outages) {
    const outcome = await measureOutage(film, outage);
    rows.push({ ...outage, ...outcome });
    const lasting = outage.durationS === null ? '' : ` of ${outage.durationS} s`;
    console.log(
      `${outage.kind}${lasting} at ${outage.atS} s: player ${outcome.player}, bare hls.js ${outcome.bare}`,
    );
  }
  const figures = networkFiguresOf(rows, HLS_VERSION);
  // every network figure from this run: a kind it left out has none, not an older one
  for (const key of Object.values(KIND_FIGURES)) Reflect.deleteProperty(results, key);
  Object.assign(results, figures);
  for (const [key, figure] of Object.entries(figures))
    console.log(
      `${key}: ${figure.value}${figure.baseline === undefined ? '' : ` (bare hls.js ${figure.baseline})`}`,
    );
}

export async function abrFigures(
  results: Record<string, Figure>,
  traces: readonly AbrTrace[],
  earlier: readonly AbrTraceRow[],
): Promise<AbrTraceRow[]> {
  build();
  const server = await startDemoServer(0, {
    defaultAdList: [],
    segmentMaxAgeS: 3600, // the warm cache's trace: segments kept, as a CDN lets them be
    mounts: {
      '/bench': join(__dirname, 'static'),
      '/vendor/hls': join(ROOT, 'node_modules', 'hls.js', 'dist'),
      '/media/long': abrLadderDir(),
    },
  });
  const rows: AbrTraceRow[] = [];
  const queue = [...traces];
  const measureNext = async (): Promise<void> => {
    const trace = queue.shift();
    if (!trace) return;
    const scores = await measureAbrTrace(trace, server.url, {
      player: '/?movie_id=5&t=0&auto_play=1',
      bare: '/bench/bare-hls.html?src=/media/long/master.m3u8',
    });
    rows.push({ trace: trace.name, about: trace.about, group: trace.group, ...scores });
    console.log(
      `${trace.name}: QoE ${scores.player.qoe} vs ${scores.bare.qoe}, rebuffering ${scores.player.rebufferRatio} vs ${scores.bare.rebufferRatio}, ${scores.player.bitrateKbps} vs ${scores.bare.bitrateKbps} kbit/s, switches ${scores.player.switchesPerMinute} vs ${scores.bare.switchesPerMinute} a minute; stalls (s after the first frame @ film s, lasting s) ${stallsOf(scores.player)} vs ${stallsOf(scores.bare)}`,
    );
    return measureNext();
  };
  try {
    await Promise.all(Array.from({ length: ABR_PARALLEL }, measureNext));
  } finally {
    await server.close();
  }
  const measuredOn = new Date().toISOString().slice(0, 10);
  const all = mergeAbrRows(
    earlier,
    rows.map((row) => ({ ...row, measuredOn })),
    ABR_TRACES,
  );
  // every figure from the rows shown: none is left from traces or groups no longer replayed
  for (const key of Object.keys(results))
    if (key.startsWith('abr_')) Reflect.deleteProperty(results, key);
  Object.assign(results, abrFiguresOf(all, ABR_TRACES, HLS_VERSION));
  return all;
}

/** Where a page stood still, for the console. */
const stallsOf = (score: AbrScore) =>
  score.stalls.map((s) => `${s.afterFirstFrameS}@${s.filmS}:${s.lastedS}`).join(' ') || 'none';
