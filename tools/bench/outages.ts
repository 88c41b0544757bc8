// The outages of the network benchmark, each as a viewer meets it: the whole network gone (the
// page's origin and the film's host refusing), the browser offline, or only the film's host broken
// (resetting, answering 503, hanging) while the page's origin answers; and one segment missing.
import type { Page } from 'puppeteer-core';
import type { DemoServer } from '../../demo/app';
import type { MediaHost, MediaHostFault } from '../../demo/mediaHost';

export const OUTAGE_KINDS = [
  'network',
  'offline',
  'hostReset',
  'host503',
  'hostHang',
  'segment404',
] as const;
export type OutageKind = (typeof OUTAGE_KINDS)[number];
/** the outages that last a while; segment404 is one segment's three 404s, however long they take */
export type TimedOutage = Exclude<OutageKind, 'segment404'>;

export const OUTAGE_ABOUT: Record<OutageKind, string> = {
  network: 'the demo server and the media host refusing every connection',
  offline: 'the browser offline (DevTools network emulation)',
  hostReset: 'the media host resetting every connection while the demo server answers',
  host503: 'the media host answering 503',
  hostHang: 'the media host never answering (no first byte), its hung requests cut when it is back',
  segment404: 'one segment past both buffers answering 404 three times',
};

export type Side = 'player' | 'bare';
export const SIDES: readonly Side[] = ['player', 'bare'];

export interface Stage {
  server: DemoServer;
  /** each page's own media host, so that a segment's 404s are each page's own */
  hosts: Record<Side, MediaHost>;
  pages: Record<Side, Page>;
}

const HOST_FAULTS: Record<'hostReset' | 'host503' | 'hostHang', MediaHostFault> = {
  hostReset: 'reset',
  host503: 'status503',
  hostHang: 'hang',
};

const all = (acts: Promise<unknown>[]) => Promise.all(acts).then(() => undefined);

/** Starts an outage of this kind; the function it answers ends it. */
export async function startOutage(
  kind: TimedOutage,
  { server, hosts, pages }: Stage,
): Promise<() => Promise<void>> {
  const eachHost = (act: (host: MediaHost) => Promise<void>) =>
    all(SIDES.map((side) => act(hosts[side])));
  const eachPage = (act: (page: Page) => Promise<void>) =>
    all(SIDES.map((side) => act(pages[side])));
  switch (kind) {
    case 'network':
      await all([server.refuseConnections(), eachHost((host) => host.fail('refuse'))]);
      return () => all([server.acceptConnections(), eachHost((host) => host.heal())]);
    case 'offline':
      await eachPage((page) => page.setOfflineMode(true));
      return () => eachPage((page) => page.setOfflineMode(false));
    default:
      await eachHost((host) => host.fail(HOST_FAULTS[kind]));
      return () => eachHost((host) => host.heal());
  }
}
