// An ad's tracking URLs as the player fires them (sagas/ads/tracking.ts): keyed and labelled by
// their VAST event, each with the pattern its fired URLs match once its macros are filled in.
import type { SimidEvent } from '../../src/ports/types';
import type { LogEntry } from '../../src/recorder/format';
import type { VastOffset } from '../../src/vast/model';
import type { VastOutcome } from '../../src/vast/resolve';
import { ICON_CLICK, ICON_VIEW, iconKey } from '../../sagas/ads/iconEvents';
import { VIEWABILITY_VERDICTS } from '../../sagas/ads/viewability';
import { NOT_EXECUTED } from '../../src/vast/model';
import type { AdRun, TrackingUrl } from './adBreakTypes';

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

/** The tracking a SIMID creative asked the player to fire (reportTracking), as it asked. */
export function reportedOf(entries: LogEntry[], ad: AdRun): TrackingUrl[] {
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
