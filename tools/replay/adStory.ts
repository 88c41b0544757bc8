// The story of a session's ad breaks, for a person: a line per break, then a line per ad with its
// statuses and their times, its error and the beacons it fired (by the VAST event each one tracks),
// and an ad's SIMID messages by name.
import type { FlightLog } from '../../src/recorder/format';
import { adBreaks, beaconName, type AdBreak, type AdRun } from './adBreaks';
import { seconds as at } from './seconds';
import { logEnd } from './sessionStates';

const KIND = { preroll: 'Pre-roll', midroll: 'Mid-roll' } as const;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** An error message, as long as a line can take. */
const short = (text: string) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);

function breakLine(b: AdBreak, end: number): string {
  const kind = KIND[b.kind];
  if (!b.started) {
    const asked = b.requested ? ` asked at ${at(b.requested.t)}` : '';
    return `${kind}${asked}: passed at ${at(b.ended?.t ?? end)} (${b.ended?.reason ?? 'nothing to play'})`;
  }
  const since = b.fromCheckpoint
    ? `already on where the log starts, ${at(b.started.t)}`
    : `at ${at(b.started.t)}`;
  const head = `${kind} ${since} (film at ${b.contentTime.toFixed(1)} s), ${plural(b.total, 'ad')}`;
  if (!b.ended)
    return `${head}: still on when the log ends (${at(end)}), ${at(end - b.started.t)} in`;
  const how = b.ended.how === 'crashed' ? 'cut short by the ad actor crashing' : 'ended';
  return `${head}: ${how} at ${at(b.ended.t)}, after ${at(b.ended.t - b.started.t)}`;
}

/** Names in a row, a run of the same name once with its count: "Media:timeupdate ×12". */
function runs(names: string[]): string[] {
  const out: { name: string; count: number }[] = [];
  for (const name of names) {
    const last = out.at(-1);
    if (last?.name === name) last.count += 1;
    else out.push({ name, count: 1 });
  }
  return out.map(({ name, count }) => (count > 1 ? `${name} ×${count}` : name));
}

/**
 * An ad's SIMID creative: how it ended if it failed, then every message either way in order, the
 * player's (→) and the creative's (←).
 */
export function simidStory(ad: AdRun): string | null {
  const { simid } = ad;
  if (!simid) return null;
  const failed = simid.failed
    ? `failed at ${at(simid.failed.t)} (${simid.failed.code ?? 'no code'}: ${short(simid.failed.message)}), the ad played on as its video; `
    : '';
  const messages = runs(simid.messages.map((m) => `${m.dir === 'out' ? '→' : '←'}${m.name}`));
  return `SIMID: ${failed}${messages.length ? messages.join(', ') : 'no message'}`;
}

function adLine(ad: AdRun, total: number): string {
  const kind = ad.vpaid ? 'VPAID' : ad.simid ? 'SIMID' : null;
  const name = [ad.id, ad.durationSec > 0 ? `${ad.durationSec} s` : null, kind]
    .filter(Boolean)
    .join(', ');
  const head = `  ${ad.index + 1}/${total} ${ad.title ? `"${ad.title}"` : '(no title)'}${name ? ` (${name})` : ''}`;
  const statuses = ad.statuses.map((s) => {
    const error =
      s.status === 'error' && ad.error ? ` (${ad.error.code}: ${short(ad.error.message)})` : '';
    return `${s.status} ${at(s.t)}${error}`;
  });
  if (!ad.ended) statuses.push('not ended when the log ends');
  else if (ad.ended.status === null) statuses.push(`cut short at ${at(ad.ended.t)}`);
  const beacons = ad.beacons.length ? ad.beacons.map(beaconName).join(', ') : 'none';
  const simid = simidStory(ad);
  return `${head}: ${statuses.join(', ')}; beacons: ${beacons}${simid ? `; ${simid}` : ''}`;
}

/** Every ad break of the session: a header line per break, then one line per ad. */
export function adBreakStory(log: FlightLog): string[] {
  const end = logEnd(log);
  return adBreaks(log).flatMap((b) => [
    breakLine(b, end),
    ...b.ads.map((ad) => adLine(ad, b.total)),
  ]);
}
