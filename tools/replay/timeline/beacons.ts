// Which VAST event each fired beacon was: the tracking URLs of the VAST documents the log fetched,
// with their macros as wildcards, matched against the URLs the beacon port fired.
import type { LogEntry } from '../../../src/recorder/format';
import { parseVastDocument } from '../../../src/vast/parse';
import type { VastTracking } from '../../../src/vast/model';

export interface Beacon {
  /** index in log.entries of the beacon.fire call */
  index: number;
  t: number;
  url: string;
  /** the VAST event (impression, start, firstQuartile, progress 3s, error, click...), or null */
  event: string | null;
}

interface Template {
  pattern: RegExp;
  event: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function template(url: string, event: string): Template {
  const parts = url.trim().split(/\[[A-Z_]+\]/);
  return { pattern: new RegExp(`^${parts.map(escapeRegExp).join('.*?')}$`), event };
}

function offsetName(t: VastTracking): string {
  if (t.event !== 'progress' || !t.offset) return t.event;
  return `progress ${t.offset.value}${t.offset.kind === 'percent' ? '%' : 's'}`;
}

interface Urls {
  impressions: string[];
  errorUrls: string[];
  clickTracking: string[];
  tracking: VastTracking[];
}

function templatesOf(xml: string, url: string): Template[] {
  let doc;
  try {
    doc = parseVastDocument(xml, url);
  } catch {
    return [];
  }
  const urls: Urls | null =
    doc.kind === 'inline' ? doc.ad : doc.kind === 'wrapper' ? doc.layer : null;
  const errors = doc.kind === 'failure' ? doc.failure.errorUrls : [];
  return [
    ...(urls?.impressions ?? []).map((u) => template(u, 'impression')),
    ...(urls?.tracking ?? []).map((t) => template(t.url, offsetName(t))),
    ...(urls?.clickTracking ?? []).map((u) => template(u, 'click')),
    ...[...(urls?.errorUrls ?? []), ...errors].map((u) => template(u, 'error')),
  ];
}

/** Every beacon.fire of the log, with its VAST event when a fetched VAST document names its URL. */
export function beacons(entries: LogEntry[]): Beacon[] {
  const requested = new Map<number, string>();
  const parsed = new Map<string, Template[]>();
  const templates: Template[] = [];
  const out: Beacon[] = [];
  entries.forEach((e, index) => {
    if (e.kind === 'call' && e.port === 'http' && e.method === 'request') {
      const url = (e.args[0] as { url?: unknown } | undefined)?.url;
      if (typeof url === 'string') requested.set(e.seq, url);
    } else if (e.kind === 'ret' && e.port === 'http' && e.method === 'request') {
      const data = (e.result as { data?: unknown } | undefined)?.data;
      if (typeof data !== 'string' || !data.includes('<VAST') || parsed.has(data)) return;
      const found = templatesOf(data, requested.get(e.call) ?? '');
      parsed.set(data, found);
      templates.unshift(...found); // the newest document first
    } else if (e.kind === 'call' && e.port === 'beacon') {
      const url = String(e.args[0] ?? '');
      const event = templates.find((tpl) => tpl.pattern.test(url))?.event ?? null;
      out.push({ index, t: e.t, url, event });
    }
  });
  return out;
}
