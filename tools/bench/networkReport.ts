// The network benchmark's figures: the share of outages each page survived over the matrix, and kind
// by kind (the player's against bare hls.js's).
import type { Figure } from './figure';
import { SURVIVAL_WINDOW_MS } from './networkDrop';
import type { OutageCase } from './outageMatrix';
import { OUTAGE_ABOUT, OUTAGE_KINDS, type OutageKind } from './outages';

export type OutageRow = OutageCase & { player: boolean; bare: boolean };

/** each kind's figure in results.json */
export const KIND_FIGURES: Record<OutageKind, string> = {
  network: 'network_drop_survival_network',
  offline: 'network_drop_survival_offline',
  hostReset: 'network_drop_survival_host_reset',
  host503: 'network_drop_survival_host_503',
  hostHang: 'network_drop_survival_host_hang',
  segment404: 'network_drop_survival_segment_404',
};

const UNIT = 'of outages survived';
const round = (n: number) => Number(n.toFixed(3));
const share = (rows: readonly OutageRow[], of: 'player' | 'bare') =>
  round(rows.filter((r) => r[of]).length / Math.max(rows.length, 1));
const minute = (atS: number) => `${atS / 60}:00`;
const list = (rows: readonly OutageRow[], of: 'player' | 'bare') =>
  rows
    .map(
      (r) =>
        `${r.kind}${r.durationS === null ? '' : ` ${r.durationS} s`} at ${minute(r.atS)} ${r[of] ? 'survived' : 'lost'}`,
    )
    .join('; ');
const distinct = <T>(values: T[]) => [...new Set(values)];

export function networkFiguresOf(
  rows: readonly OutageRow[],
  hlsVersion: string,
): Record<string, Figure> {
  const kinds = OUTAGE_KINDS.filter((kind) => rows.some((r) => r.kind === kind));
  const durations = distinct(rows.flatMap((r) => (r.durationS === null ? [] : [r.durationS])));
  const points = distinct(rows.map((r) => r.atS));
  const ofKind = (kind: OutageKind) => rows.filter((r) => r.kind === kind);
  const byKind = kinds
    .map((kind) => `${kind} ${share(ofKind(kind), 'player')} vs ${share(ofKind(kind), 'bare')}`)
    .join(', ');
  const lasting = [
    ...(durations.length > 0 ? [`of ${durations.join(', ')} s`] : []),
    ...(kinds.includes('segment404') ? ['segment404 once'] : []),
  ].join(', ');
  const matrix = `${rows.length} outages (${kinds.map((k) => `${k}: ${OUTAGE_ABOUT[k]}`).join('; ')}), ${lasting}, at ${points.map(minute).join(' and ')} of the hour-long MPEG-TS film (tools/longFilm.ts, a 4 Mbit/s master) served by a media host on another origin than the pages (demo/mediaHost.ts), the player and a bare hls.js page side by side in one Chromium, each case with servers and a browser of its own; survived: within ${SURVIVAL_WINDOW_MS / 1000} s of the outage's end (for segment404, of the page's meeting the missing segment) it loads again by itself, plays on past where it was, and shows no message`;
  const figures: Record<string, Figure> = {
    network_drop_survival: {
      value: share(rows, 'player'),
      baseline: share(rows, 'bare'),
      runs: rows.map((r) => (r.player ? 1 : 0)),
      goal: '= 1',
      unit: UNIT,
      how: `${matrix}. Player against bare hls.js, kind by kind: ${byKind}. Player: ${list(rows, 'player')}`,
    },
    network_drop_survival_bare_hlsjs: {
      value: share(rows, 'bare'),
      runs: rows.map((r) => (r.bare ? 1 : 0)),
      goal: 'none',
      unit: UNIT,
      how: `the same outages for hls.js ${hlsVersion} alone with its default configuration: ${list(rows, 'bare')}`,
    },
  };
  for (const kind of kinds) {
    const own = ofKind(kind);
    figures[KIND_FIGURES[kind]] = {
      value: share(own, 'player'),
      baseline: share(own, 'bare'),
      runs: own.map((r) => (r.player ? 1 : 0)),
      goal: '= 1',
      unit: UNIT,
      how: `${OUTAGE_ABOUT[kind]}: the player ${share(own, 'player')}, bare hls.js ${share(own, 'bare')}. Player: ${list(own, 'player')}. Bare hls.js: ${list(own, 'bare')}`,
    };
  }
  return figures;
}
