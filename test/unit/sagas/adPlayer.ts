// The film with an ad list on fake ports and virtual time, for the ad actor's tests: the demo's VAST
// fixtures and documents of a test's own, the ad media's, the viewport's and the page's events; with
// its flight recorder, for the replay's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '../../../src/app/config';
import { createRecordedPlayer } from '../../../src/app/recordedPlayer';
import type { HttpRequest, HttpResponse, ViewportEvent } from '../../../src/ports/types';
import type { PlayOutcome } from '../../../src/shared/media';
import { playbackRequests } from '../../../src/state/playback';
import {
  DESKTOP,
  fakeAdMedia,
  fakeDevice,
  fakeHttp,
  fakeMedia,
  fakeParent,
  fakePorts,
  fakeSimid,
  fakeViewport,
  fakeVpaid,
  HOST_ORIGIN,
  ok,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { PROTOCOL } from '../../../src/shared/protocol';
import { film } from '../../../tools/sim/fixtures';
import { BASE, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

const VAST_DIR = join(__dirname, '..', '..', '..', 'demo', 'fixtures', 'vast');
/** A demo VAST fixture (demo/fixtures/vast), its addresses on the simulated origin. */
export const vast = (name: string) =>
  readFileSync(join(VAST_DIR, `${name}.xml`), 'utf8').replaceAll('{{ORIGIN}}', BASE);
const api = (path: string) => `${BASE}/catalog-api${path}`;
const HLS = `${BASE}/media/hls/master.m3u8`;

/** The film with an ad list of demo VAST fixtures, on fake ports and virtual time. */
export function adPlayer(
  ads: string[],
  {
    search = '?movie_id=1',
    hang = [] as string[],
    framed = false,
    availability = null as { available: boolean; afterMs: number } | null,
    adPlay = { ok: true } as PlayOutcome,
    /** VAST documents of the test's own, by name */
    documents = {} as Record<string, string>,
    /** whether the XML parser's code loads (it comes after the start), or never answers */
    parserLoads = true as boolean | 'never',
    /** whether the SIMID frame's code loads (it comes with the first SIMID advert), or never answers */
    simidLoads = true as boolean | 'never',
    /** whether the ad engine's code loads (it comes with the first list that has an advert), or never answers */
    engineLoads = true as boolean | 'never',
    /** with its flight recorder, as in the browser: the session's log is `recorder.export()` */
    recorded = false,
    /** the device's pixel ratio (window.devicePixelRatio) */
    pixelRatio = 1,
  } = {},
) {
  const clock = virtualClock();
  let engineAsked = 0;
  const media = fakeMedia({ ok: true }, clock.port);
  const adMedia = fakeAdMedia(adPlay);
  const vpaid = fakeVpaid();
  const simid = fakeSimid();
  const beacons: string[] = [];
  const viewport = fakeViewport();
  const device = fakeDevice({ ...DESKTOP, screen: { ...DESKTOP.screen, pixelRatio } });
  const pageListeners = new Set<(e: { hidden: boolean }) => void>();
  const routes: Record<string, HttpResponse> = {
    [api('/contents/1')]: ok(film.content),
    [api('/contents/1/seasons')]: ok(film.seasons),
    [api('/episodes?content-id=1')]: ok(film.episodes),
    [`${BASE}/media/film.json`]: ok({
      sources: [{ label: 'A', link: HLS, isDefault: true }],
      subtitles: [],
    }),
    [`${BASE}/ad-list.json`]: ok({
      prerollList: ads.map((name) => ({ vastUrl: `${BASE}/vast/${name}.xml` })),
    }),
  };
  for (const name of [
    'skippable',
    'nonskippable',
    'wrapper-1',
    'wrapper-2',
    'empty',
    'broken',
    'vpaid',
    'measured',
    'icon',
    'icon-fallback',
    'simid',
    'simid-fail',
  ])
    routes[`${BASE}/vast/${name}.xml`] = ok(vast(name));
  for (const [name, document] of Object.entries(documents))
    routes[`${BASE}/vast/${name}.xml`] = ok(document);
  const http = fakeHttp(routes);
  const parent = fakeParent();
  const vastRequests = () => http.requests.filter((r) => r.url.includes('/vast/')).length;
  const ports = fakePorts({
    http: {
      async request(req: HttpRequest) {
        if (hang.some((h) => req.url.endsWith(h))) return new Promise(() => undefined);
        if (availability && req.url.includes('/available?')) {
          if (availability.afterMs > 0) await clock.port.sleep(availability.afterMs);
          return ok({ available: availability.available });
        }
        return http.request(req);
      },
    },
    media: media.port,
    adMedia: adMedia.port,
    vpaid: vpaid.port,
    simid: simid.port,
    loader: {
      loadXmlParser: () =>
        parserLoads === 'never'
          ? new Promise<boolean>(() => undefined)
          : Promise.resolve(parserLoads),
      loadSimid: () =>
        simidLoads === 'never'
          ? new Promise<boolean>(() => undefined)
          : Promise.resolve(simidLoads),
      loadAdEngine: () => {
        engineAsked += 1;
        return engineLoads === 'never'
          ? new Promise<boolean>(() => undefined)
          : Promise.resolve(engineLoads);
      },
      loadThumbnailsReader: () => Promise.resolve(true),
    },
    clock: clock.port,
    beacon: { fire: (url) => void beacons.push(url.replace(BASE, '')) },
    viewport: viewport.port,
    device,
    parent: parent.port,
    page: {
      reloadFor: () => undefined,
      reload: () => undefined,
      subscribe(listener) {
        pageListeners.add(listener);
        return () => pageListeners.delete(listener);
      },
    },
  });
  const sources = framed ? { hostOrigin: HOST_ORIGIN, framed: true, dataset: {} } : {};
  const recording = {
    build: 'test',
    rngSeed: 7,
    now: () => 1000 + clock.now,
    sessionStart: '2026-11-22T00:00:00.000Z',
  };
  const { store, recorder } = recorded
    ? createRecordedPlayer(ports, parseConfig({ search, origin: BASE, ...sources }), recording)
    : { ...startPlayer(search, ports, sources), recorder: null };
  /** a command from the host page, as its SDK sends it; the player's answer */
  const hostCommand = async (command: string, args?: unknown) => {
    const requestId = `r${parent.posted.length}`;
    parent.send({ protocol: PROTOCOL, command, args, requestId });
    await untilIdle();
    return parent.posted.find((m) => m.requestId === requestId);
  };
  const adCalls = () => adMedia.calls.map((c) => c.method);
  const contentCalls = () => media.calls.map((c) => c.method);
  /** Emits the ad media's events as a browser would, letting the actor react to each. */
  const adEvent = async (...events: Parameters<typeof adMedia.emit>[0][]) => {
    for (const e of events) {
      adMedia.emit(e);
      await untilIdle();
    }
  };
  const playTo = async (from: number, to: number, duration: number) => {
    for (let t = from; t <= to; t += 0.25)
      await adEvent({ type: 'timeupdate', currentTime: t, duration });
  };
  const setViewport = async (e: ViewportEvent) => {
    viewport.emit(e);
    await untilIdle();
  };
  const setHidden = async (hidden: boolean) => {
    pageListeners.forEach((l) => l({ hidden }));
    await untilIdle();
  };
  const vpaidEvent = async (...events: Parameters<typeof vpaid.emit>[0][]) => {
    for (const e of events) {
      vpaid.emit(e);
      await untilIdle();
    }
  };
  /** Emits the SIMID creative's messages (and its frame's size) as its frame would, one by one. */
  const simidEvent = async (...events: Parameters<typeof simid.emit>[0][]) => {
    for (const e of events) {
      simid.emit(e);
      await untilIdle();
    }
  };
  return {
    store,
    recorder,
    parent,
    hostCommand,
    vpaid,
    vpaidEvent,
    simid,
    simidEvent,
    vastRequests,
    clock,
    media,
    adMedia,
    viewport,
    device,
    beacons,
    adCalls,
    contentCalls,
    /** how many times an actor asked the loader port for the ad engine */
    engineAsked: () => engineAsked,
    adEvent,
    playTo,
    setViewport,
    setHidden,
  };
}

export async function startPreroll(p: ReturnType<typeof adPlayer>, duration = 15) {
  await untilIdle();
  p.store.dispatch(playbackRequests.playRequested());
  await untilIdle();
  await p.adEvent({ type: 'loaded', duration }, { type: 'playing' });
}
