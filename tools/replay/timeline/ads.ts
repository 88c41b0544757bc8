// Ad breaks and the ads inside them, from the ad actor's actions: a break from ads/breakStarted to
// ads/breakEnded, each ad from ads/adCreated to its end status (ads/adEnded), with the statuses it
// went through on the way (created, loaded, started, playing, paused).
import type { LogEntry } from '../../../src/recorder/format';
import type { AdEndStatus, AdStatus, AdsState, BreakKind } from '../../../src/state/ads';

export interface StatusSegment {
  status: AdStatus;
  from: number;
  to: number;
}

export interface AdSpan {
  /** which of `breaks` it belongs to */
  breakIndex: number;
  kind: BreakKind;
  /** its place in the break, from 0, and the break's number of ads */
  index: number;
  total: number;
  title: string;
  id: string | null;
  vastUrl: string;
  /** session times (ms): creation and end */
  from: number;
  to: number;
  /** how it ended; null when the log does not say (cut by a crash, or the log ends first) */
  endStatus: AdEndStatus | null;
  /** why it has no end status */
  cut: string | null;
  error: string | null;
  segments: StatusSegment[];
  /** indexes in log.entries of its creation (-1: before the log) and of its end (-1: none) */
  createdIndex: number;
  endedIndex: number;
}

export interface BreakSpan {
  kind: BreakKind;
  total: number;
  /** content position of the break, seconds */
  contentTime: number;
  from: number;
  to: number;
  /** ended: ads/breakEnded; otherwise why it stops where it does */
  cut: string | null;
  startedIndex: number;
  endedIndex: number;
}

/** A break asked for that had nothing to play (ads/breakPassed). */
export interface PassedBreak {
  kind: BreakKind;
  t: number;
  reason: string;
  index: number;
}

export interface AdTimeline {
  breaks: BreakSpan[];
  ads: AdSpan[];
  passed: PassedBreak[];
}

type Payload = Record<string, unknown> | undefined;

export function adTimeline(entries: LogEntry[], end: number): AdTimeline {
  const out: AdTimeline = { breaks: [], ads: [], passed: [] };
  let brk: BreakSpan | null = null;
  let ad: AdSpan | null = null;

  const setStatus = (status: AdStatus, t: number) => {
    if (!ad) return;
    const last = ad.segments[ad.segments.length - 1];
    if (last?.status === status) return;
    if (last) last.to = t;
    ad.segments.push({ status, from: t, to: t });
  };
  const closeAd = (t: number, index: number, endStatus: AdEndStatus | null, cut: string | null) => {
    if (!ad) return;
    const last = ad.segments[ad.segments.length - 1];
    if (last) last.to = t;
    Object.assign(ad, { to: t, endedIndex: index, endStatus, cut });
    ad = null;
  };
  const closeBreak = (t: number, index: number, cut: string | null) => {
    closeAd(t, -1, null, cut ?? 'its break ended first');
    if (!brk) return;
    Object.assign(brk, { to: t, endedIndex: index, cut });
    brk = null;
  };
  const openBreak = (kind: BreakKind, total: number, contentTime: number, t: number, i: number) => {
    closeBreak(t, -1, 'a new break started');
    brk = { kind, total, contentTime, from: t, to: t, cut: null, startedIndex: i, endedIndex: -1 };
    out.breaks.push(brk);
  };
  const openAd = (index: number, vastUrl: string, t: number, i: number, status: AdStatus) => {
    closeAd(t, -1, null, 'a new ad was created');
    if (!brk) return null;
    ad = {
      breakIndex: out.breaks.length - 1,
      kind: brk.kind,
      index,
      total: brk.total,
      title: '',
      id: null,
      vastUrl,
      from: t,
      to: t,
      endStatus: null,
      cut: null,
      error: null,
      segments: [{ status, from: t, to: t }],
      createdIndex: i,
      endedIndex: -1,
    };
    out.ads.push(ad);
    return ad;
  };

  // A log that starts mid-session (its ring buffer dropped the front) starts from its checkpoint.
  const first = entries[0];
  if (first?.kind === 'checkpoint') {
    const ads = (first.state as { ads?: AdsState } | undefined)?.ads;
    if (ads?.activeBreak) {
      const { kind, total, contentTime } = ads.activeBreak;
      openBreak(kind, total, contentTime, first.t, -1);
      const current = ads.ad;
      const span = current && openAd(current.index, current.vastUrl, first.t, -1, current.status);
      if (span && current) Object.assign(span, { title: current.title, id: current.id });
    }
  }

  entries.forEach((e, i) => {
    if (e.kind !== 'put' && e.kind !== 'in') return;
    const { type } = e.action;
    const p = e.action.payload as Payload;
    switch (type) {
      case 'ads/breakStarted':
        return void openBreak(
          p?.kind as BreakKind,
          Number(p?.total ?? 0),
          Number(p?.contentTime ?? 0),
          e.t,
          i,
        );
      case 'ads/breakEnded':
        return closeBreak(e.t, i, null);
      case 'ads/breakPassed':
        out.passed.push({
          kind: p?.kind as BreakKind,
          t: e.t,
          reason: String(p?.reason ?? ''),
          index: i,
        });
        return;
      case 'ads/adCreated':
        return void openAd(Number(p?.index ?? 0), String(p?.vastUrl ?? ''), e.t, i, 'created');
      case 'ads/adLoaded':
        if (ad) Object.assign(ad, { title: String(p?.title ?? ''), id: p?.id ?? null });
        return setStatus('loaded', e.t);
      case 'ads/adStarted':
        return setStatus('started', e.t);
      case 'ads/adPlaying':
        return setStatus('playing', e.t);
      case 'ads/adPaused':
        return setStatus('paused', e.t);
      case 'ads/adEnded': {
        const error = p?.error as { code: number; message: string } | null | undefined;
        if (ad && error) ad.error = `VAST error ${error.code}: ${error.message}`;
        return closeAd(e.t, i, p?.status as AdEndStatus, null);
      }
      case 'system/actorCrashed':
        if ((p as { actor?: string } | undefined)?.actor === 'ads')
          closeBreak(e.t, i, 'the ad actor crashed');
        return;
    }
  });
  closeBreak(end, -1, 'the log ends first');
  return out;
}
