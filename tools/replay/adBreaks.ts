// The ad breaks of a session as its log shows them: each break with its ads, each ad's statuses with
// their times, and the beacons it fired, named by the VAST event they track. The VAST documents are in
// the log (the ad actor's HTTP answers), so each ad's tracking URLs are read with the player's own
// resolver, as the ad actor read them.
// The breaks' shapes are in adBreakTypes.ts; the tracking URLs in adTracking.ts, their VAST chains
// read back in vastFromLog.ts; the SIMID messages' names in simidMessages.ts.
import type { FlightLog } from '../../src/recorder/format';
import type { AdEndStatus, AdsState, BreakKind } from '../../src/state/ads';
import type { AdBreak, AdRun, At, FiredBeacon } from './adBreakTypes';
import { reportedOf, trackingOf } from './adTracking';
import { actionOf, foldStates, type Step } from './sessionStates';
import { simidNamer } from './simidMessages';
import { outcomeFromLog, type RetEntry } from './vastFromLog';

export type {
  AdBreak,
  AdRun,
  At,
  FiredBeacon,
  SimidMessageAt,
  SimidRun,
  TrackingUrl,
} from './adBreakTypes';
export { REPORTED, trackingOf } from './adTracking';

const at = (step: Step): At => ({ t: step.entry.t, seq: step.entry.seq, index: step.index });

/** A running break, as ads/breakStarted and the state's activeBreak tell it. */
type Running = { kind: BreakKind; total: number; contentTime: number };
/** What is known of an ad when it is opened: from ads/adCreated, or the state's ad at a checkpoint. */
type Known = Pick<AdRun, 'index' | 'vastUrl'> & Partial<Pick<AdRun, 'id' | 'title' | 'vpaid'>>;

/** Every ad break of the session, in order, with its ads. */
export function adBreaks(log: FlightLog, steps: Step[] = foldStates(log)): AdBreak[] {
  const breaks: AdBreak[] = [];
  let requested: At | null = null;
  // set in the closures below as well: typed so that the loop does not take them for null
  let current = null as AdBreak | null;
  let ad = null as AdRun | null;

  const closeAd = (end: At, cut: string) => {
    if (ad && !ad.ended) ad.ended = { ...end, status: null, cut };
    if (ad) ad.to = end.index;
    ad = null;
  };
  const closeBreak = (end: At, how: 'ended' | 'crashed', reason: string | null) => {
    closeAd(end, reason ?? 'its break ended first');
    if (current) current.ended = { ...end, how, reason };
    current = null;
  };
  const openBreak = (started: At, fromCheckpoint: boolean, running: Running, ads: AdsState) => {
    const { kind, total, contentTime } = running;
    current = {
      kind,
      total,
      contentTime,
      requested,
      started,
      fromCheckpoint,
      ended: null,
      episodeId: ads.episodeId,
      ads: [],
    };
    breaks.push(current);
    requested = null;
  };
  const openAd = (created: At, fromCheckpoint: boolean, known: Known) => {
    closeAd(created, 'a new ad was created');
    const { index, vastUrl, id = null, title = '', vpaid = false } = known;
    ad = {
      index,
      vastUrl,
      id,
      title,
      vpaid,
      simid: null,
      durationSec: 0,
      created,
      fromCheckpoint,
      statuses: [],
      ended: null,
      error: null,
      tracking: null,
      beacons: [],
      from: created.index,
      to: created.index,
    };
    current?.ads.push(ad);
  };

  let nameSimid = simidNamer();
  let checkpointSeen = false;
  for (const step of steps) {
    const { entry, state } = step;
    const action = actionOf(entry);
    const here = at(step);
    // a log that starts mid-break (its front dropped) starts the break and its ad at the checkpoint
    // the states start from, with what they were there
    if (entry.kind === 'checkpoint' && !checkpointSeen) {
      checkpointSeen = true;
      const { activeBreak, ad: view } = state.ads;
      if (activeBreak) {
        openBreak(here, true, activeBreak, state.ads);
        if (view) openAd(here, true, view);
        if (view?.simid && ad) {
          const { simid } = view;
          ad.simid = {
            url: null,
            messages: [],
            shown: simid.status === 'shown' ? here : null,
            failed:
              simid.status === 'failed'
                ? { ...here, code: simid.code, message: simid.message }
                : null,
          };
        }
      }
    }
    switch (action?.type) {
      case 'ads/breakRequested':
        if (!state.ads.activeBreak) requested = here;
        break;
      case 'ads/breakStarted':
        openBreak(here, false, action.payload as Running, state.ads);
        break;
      case 'ads/breakPassed': {
        const p = action.payload as { kind: BreakKind; episodeId: number | null; reason: string };
        breaks.push({
          kind: p.kind,
          requested,
          started: null,
          fromCheckpoint: false,
          ended: { ...here, how: 'passed', reason: p.reason },
          total: 0,
          contentTime: state.media.currentTime,
          episodeId: p.episodeId,
          ads: [],
        });
        requested = null;
        break;
      }
      case 'ads/breakEnded':
        closeBreak(here, 'ended', null);
        break;
      case 'system/actorCrashed':
        if ((action.payload as { actor: string }).actor === 'ads')
          closeBreak(here, 'crashed', 'the ad actor crashed');
        break;
      case 'ads/adCreated':
        openAd(here, false, action.payload as Known);
        break;
      case 'ads/adLoaded': {
        const p = action.payload as { id: string | null; title: string; vpaid: boolean };
        if (ad) Object.assign(ad, { id: p.id, title: p.title, vpaid: p.vpaid });
        break;
      }
      case 'ads/simidLoading':
        if (ad) {
          const { url } = action.payload as { url: string };
          ad.simid = { url, messages: [], shown: null, failed: null };
          nameSimid = simidNamer();
        }
        break;
      case 'ads/simidShown':
        if (ad?.simid) ad.simid.shown = here;
        break;
      case 'ads/simidFailed':
        if (ad?.simid) {
          const p = action.payload as { code: number | null; message: string };
          ad.simid.failed = { ...here, ...p };
        }
        break;
      case 'ads/adEnded': {
        const p = action.payload as { status: AdEndStatus; error: AdRun['error'] };
        if (ad) {
          ad.error = p.error;
          ad.ended = { ...here, status: p.status, cut: null };
        }
        break;
      }
    }
    const view = state.ads.ad;
    if (ad && view && view.index === ad.index && view.vastUrl === ad.vastUrl) {
      ad.durationSec = Math.max(ad.durationSec, view.durationSec);
      if (ad.statuses.at(-1)?.status !== view.status)
        ad.statuses.push({ ...here, status: view.status });
    }
    const message = ad?.simid ? nameSimid(entry) : null;
    if (message && ad?.simid) ad.simid.messages.push({ ...here, ...message });
    if (entry.kind === 'call' && entry.port === 'beacon' && entry.method === 'fire') {
      const last = current?.ads.at(-1) ?? null;
      last?.beacons.push({ ...here, url: String(entry.args[0]), matches: [] });
    }
    if (ad) ad.to = step.index;
  }

  const rets = new Map<number, RetEntry>();
  for (const e of log.entries) if (e.kind === 'ret') rets.set(e.call, e);
  for (const run of breaks.flatMap((b) => b.ads)) {
    const outcome = outcomeFromLog(log.entries, rets, run.vastUrl, run.to);
    run.tracking = outcome ? [...trackingOf(outcome), ...reportedOf(log.entries, run)] : null;
    for (const beacon of run.beacons)
      beacon.matches = (run.tracking ?? []).filter((u) => u.pattern.test(beacon.url));
  }
  return breaks;
}

/** The VAST events a beacon tracks ('start', 'progress@3s', 'impression/start'); null when none of its ad's. */
export const beaconEvent = (b: FiredBeacon) =>
  b.matches.length ? [...new Set(b.matches.map((m) => m.label))].join('/') : null;

/** A beacon's name for a person: its VAST events, or its address when it is none of the ad's. */
export const beaconName = (b: FiredBeacon) => beaconEvent(b) ?? `? ${b.url}`;
