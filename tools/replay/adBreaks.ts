// The ad breaks of a session as its log shows them: each break with its ads, each ad's statuses with
// their times, and the beacons it fired, named by the VAST event they track. The VAST documents are in
// the log (the ad actor's HTTP answers), so each ad's tracking URLs are read with the player's own
// resolver, as the ad actor read them.
import type { HttpRequest, HttpResponse, SimidEvent } from '../../src/ports/types';
import type { FlightLog, LogEntry } from '../../src/recorder/format';
import type { AdEndStatus, AdStatus, AdsState, BreakKind } from '../../src/state/ads';
import type { VastErrorCode, VastOffset } from '../../src/vast/model';
import {
  vastAnswer,
  vastChain,
  VAST_TIMED_OUT,
  VAST_UNAVAILABLE,
  type FetchTextResult,
  type VastOutcome,
} from '../../src/vast/resolve';
import { ICON_CLICK, ICON_VIEW, iconKey } from '../../sagas/ads/iconEvents';
import { VIEWABILITY_VERDICTS } from '../../sagas/ads/viewability';
import { NOT_EXECUTED } from '../../src/vast/model';
import { actionOf, foldStates, type Step } from './sessionStates';

/** Where in the log: an entry's time and seq, and its place in log.entries. */
export interface At {
  t: number;
  seq: number;
  index: number;
}

/** One tracking URL of an ad, as the ad's tracking keys it (sagas/ads/tracking.ts). */
export interface TrackingUrl {
  /** the key the player fires it under, once per ad: the event, or progress-<n> for each progress */
  key: string;
  /** the VAST event, with a progress event's offset: 'start', 'progress@3s', 'error' */
  label: string;
  event: string;
  offset: VastOffset | null;
  /** the URL as the VAST document has it, macros and all */
  template: string;
  /** the URLs it becomes once its macros are filled in */
  pattern: RegExp;
  /** a verificationNotExecuted URL's Verification: its place in the ad's verifications, its vendor */
  verification?: { index: number; vendor: string | null };
  /** an iconView or iconClick URL's icon: its place in the ad's icons, its program */
  icon?: { index: number; program: string | null };
}

export interface FiredBeacon extends At {
  url: string;
  /** the tracking URLs of the ad it can be (none when the ad's VAST is not in the log) */
  matches: TrackingUrl[];
}

/** One SIMID message of an ad's creative, either way, where the log has it. */
export interface SimidMessageAt extends At {
  /** out: the player's, to the creative; in: the creative's */
  dir: 'in' | 'out';
  /**
   * its type without SIMID's prefix ("Player:init", "Creative:clickThru", "createSession"); an
   * answer names the message it answers: "resolve(Player:init)"
   */
  name: string;
}

/** An ad's SIMID creative (ads/simidLoading on), as the log tells it. */
export interface SimidRun {
  /** the creative's page; null for one already on where the log starts */
  url: string | null;
  messages: SimidMessageAt[];
  /** ads/simidShown: it answered startCreative, and showed */
  shown: At | null;
  /** ads/simidFailed: gone, the ad played on as its plain video */
  failed: (At & { code: number | null; message: string }) | null;
}

export interface AdRun {
  /** its place in the break, from 0 */
  index: number;
  vastUrl: string;
  id: string | null;
  title: string;
  vpaid: boolean;
  /** its SIMID creative, for an ad that ran one */
  simid: SimidRun | null;
  /** the longest duration the ad told, seconds (0 while unknown) */
  durationSec: number;
  /** ads/adCreated; or the log's first checkpoint, for an ad already on there (fromCheckpoint) */
  created: At;
  fromCheckpoint: boolean;
  /** each status the ad took, in order, from created on (its end status last) */
  statuses: (At & { status: AdStatus })[];
  /** its end (adEnded), or where it was cut short: status null, and `cut` says by what */
  ended: (At & { status: AdEndStatus | null; cut: string | null }) | null;
  error: { code: VastErrorCode; message: string } | null;
  /** the ad's tracking URLs from its VAST chain; null when the chain is not in the log */
  tracking: TrackingUrl[] | null;
  beacons: FiredBeacon[];
  /** the entries of the ad: log.entries[from..to] */
  from: number;
  to: number;
}

export interface AdBreak {
  kind: BreakKind;
  requested: At | null;
  /**
   * breakStarted, or the log's first checkpoint for a break already on there (fromCheckpoint: the
   * log's front was dropped); null for a break that had nothing to play (breakPassed)
   */
  started: At | null;
  fromCheckpoint: boolean;
  /** reason: why it passed, or 'the ad actor crashed'; null when it ended (breakEnded) */
  ended: (At & { how: 'ended' | 'passed' | 'crashed'; reason: string | null }) | null;
  total: number;
  /** where the film was, seconds */
  contentTime: number;
  episodeId: number | null;
  ads: AdRun[];
}

const at = (step: Step): At => ({ t: step.entry.t, seq: step.entry.seq, index: step.index });

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A macro's value is percent-encoded (src/vast/macros.ts), so it never holds '&' or '#'. */
const MACRO = /\[[A-Z0-9_]+\]/g;
const patternOf = (template: string) =>
  new RegExp(`^${template.split(MACRO).map(escapeRegExp).join('[^&#]*')}$`);

/** The key of the URLs a SIMID creative asked the player to fire: as often as it asks. */
export const REPORTED = 'reportTracking';

const offsetLabel = (o: VastOffset) => (o.kind === 'seconds' ? `${o.value}s` : `${o.value}%`);

/** The label of a vendor's verificationNotExecuted URL: the event with the vendor it tells. */
const notExecutedLabel = (vendor: string | null) =>
  vendor ? `${NOT_EXECUTED}(${vendor})` : NOT_EXECUTED;

/** The label of an icon's view or click URL: the event with the icon's program. */
const iconLabel = (event: string, program: string | null) =>
  program ? `${event}(${program})` : event;

/** The tracking URLs of an ad's VAST outcome, keyed as sagas/ads/tracking.ts fires them. */
export function trackingOf(outcome: VastOutcome): TrackingUrl[] {
  const urls: TrackingUrl[] = [];
  const seen = new Set<string>();
  const add = (
    key: string,
    event: string,
    offset: VastOffset | null,
    template: string,
    more: Partial<Pick<TrackingUrl, 'label' | 'verification' | 'icon'>> = {},
  ) => {
    // a URL two Verifications share is fired once, for the first of them
    if (seen.has(`${key} ${template}`)) return;
    seen.add(`${key} ${template}`);
    const label = offset ? `${event}@${offsetLabel(offset)}` : event;
    urls.push({ key, label, event, offset, template, pattern: patternOf(template), ...more });
  };
  if (outcome.kind === 'error') {
    for (const url of outcome.failure.errorUrls) add('error', 'error', null, url);
    return urls;
  }
  const { ad } = outcome;
  for (const url of ad.impressions) add('impression', 'impression', null, url);
  for (const [i, t] of ad.tracking.entries()) {
    if (t.event === 'progress') {
      if (t.offset) add(`progress-${i}`, 'progress', t.offset, t.url);
    } else add(t.event, t.event, null, t.url);
  }
  for (const url of ad.clickTracking) add('click', 'click', null, url);
  for (const url of ad.errorUrls) add('error', 'error', null, url);
  for (const verdict of VIEWABILITY_VERDICTS)
    for (const url of ad.viewableImpression[verdict]) add(verdict, verdict, null, url);
  for (const [index, { vendor, notExecutedUrls }] of ad.verifications.entries()) {
    const more = { label: notExecutedLabel(vendor), verification: { index, vendor } };
    for (const url of notExecutedUrls) add(NOT_EXECUTED, NOT_EXECUTED, null, url, more);
  }
  // every icon's, whichever version of its program the player chose (the choice is in the state)
  for (const [index, { program, viewTracking, clickTracking }] of ad.icons.entries()) {
    const icon = { index, program };
    for (const [event, list] of [
      [ICON_VIEW, viewTracking],
      [ICON_CLICK, clickTracking],
    ] as const) {
      const more = { label: iconLabel(event, program), icon };
      for (const url of list) add(iconKey(event, index), event, null, url, more);
    }
  }
  return urls;
}

type CallEntry = Extract<LogEntry, { kind: 'call' }>;
type RetEntry = Extract<LogEntry, { kind: 'ret' }>;

/**
 * How the fetch of one VAST document went, as the ad actor saw it: its last request for that address
 * up to `before`, raced against the timer it started with it (openAdSession.ts).
 */
function fetchedFromLog(
  entries: LogEntry[],
  rets: Map<number, RetEntry>,
  url: string,
  before: number,
): FetchTextResult | null {
  let index = -1;
  for (let i = Math.min(before, entries.length - 1); i >= 0 && index < 0; i--) {
    const e = entries[i];
    if (e?.kind === 'call' && e.port === 'http' && e.method === 'request') {
      if ((e.args[0] as HttpRequest | undefined)?.url === url) index = i;
    }
  }
  if (index < 0) return null;
  const request = entries[index] as CallEntry;
  const timer = entries
    .slice(index + 1)
    .find(
      (e): e is CallEntry =>
        e.kind === 'call' &&
        e.actor === request.actor &&
        e.port === 'clock' &&
        e.method === 'sleep',
    );
  const answer = rets.get(request.seq);
  const rang = timer ? rets.get(timer.seq) : undefined;
  if (!answer || (rang && rang.seq < answer.seq)) return VAST_TIMED_OUT;
  if (answer.error) return VAST_UNAVAILABLE;
  return vastAnswer(answer.result as HttpResponse);
}

/** An ad's VAST chain followed through the documents in the log; null when one is missing. */
function outcomeFromLog(
  entries: LogEntry[],
  rets: Map<number, RetEntry>,
  vastUrl: string,
  before: number,
): VastOutcome | null {
  const chain = vastChain(vastUrl);
  let request = chain.next();
  while (!request.done) {
    const response = fetchedFromLog(entries, rets, request.value.url, before);
    if (!response) return null;
    request = chain.next(response);
  }
  return request.value;
}

const unprefixed = (type: string) => type.replace(/^SIMID:/, '');

/**
 * Names an ad's SIMID messages as they come: the player's and the creative's by their type, an answer
 * by the message it answers (the player's messages are numbered by the send calls' results).
 */
function simidNamer() {
  const ours = new Map<number, string>();
  const theirs = new Map<number, string>();
  return (entry: LogEntry): Pick<SimidMessageAt, 'dir' | 'name'> | null => {
    if (entry.kind === 'call' && entry.port === 'simid') {
      const [first] = entry.args;
      if (entry.method === 'send') {
        const name = unprefixed(String(first));
        if (typeof entry.result === 'number') ours.set(entry.result, name);
        return { dir: 'out', name };
      }
      if (entry.method === 'resolve' || entry.method === 'reject') {
        const answered = theirs.get(Number(first)) ?? `#${String(first)}`;
        return { dir: 'out', name: `${entry.method}(${answered})` };
      }
      return null;
    }
    if (entry.kind !== 'ev' || entry.port !== 'simid') return null;
    const event = entry.args[0] as SimidEvent | undefined;
    if (!event || event.type === 'frameResized') return null;
    if (event.type === 'resolve' || event.type === 'reject') {
      const to = event.args.messageId;
      const answered = event.answers ? unprefixed(event.answers) : (ours.get(to) ?? `#${to}`);
      return { dir: 'in', name: `${event.type}(${answered})` };
    }
    theirs.set(event.messageId, unprefixed(event.type));
    return { dir: 'in', name: unprefixed(event.type) };
  };
}

/** The tracking a SIMID creative asked the player to fire (reportTracking), as it asked. */
function reportedOf(entries: LogEntry[], ad: AdRun): TrackingUrl[] {
  if (!ad.simid) return [];
  const templates = new Set<string>();
  for (const e of entries.slice(ad.from, ad.to + 1)) {
    const event = e.kind === 'ev' && e.port === 'simid' ? (e.args[0] as SimidEvent) : null;
    if (event?.type === 'SIMID:Creative:reportTracking')
      event.args.trackingUrls.forEach((u) => templates.add(u));
  }
  return [...templates].map((template) => ({
    key: REPORTED,
    label: REPORTED,
    event: REPORTED,
    offset: null,
    template,
    pattern: patternOf(template),
  }));
}

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
