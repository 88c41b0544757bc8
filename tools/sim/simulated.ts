// Simulated content and ad elements for the reliability tests and the benchmark's long session:
// content that answers play() and pause() with its own events, an ad element that plays each ad through.
// Both count their subscriptions and loads so a test can check nothing piles up.
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '../../src/app/config';
import { createPlayer } from '../../src/app/createPlayer';
import { TICK_MS } from '../../src/stream/loop';
import type { AdMediaEvent, AdMediaPort, HttpPort, MediaPort, Ports } from '../../src/ports/types';
import { fakeHttp, fakeMedia, fakePorts, HOST_ORIGIN, ok, virtualClock } from './fakePorts';
import { series } from './fixtures';
import { BASE, catalogRoutes } from './player';

/**
 * Lets every pending promise and the sagas it resumes run (a macrotask: needs the node test
 * environment). Virtual time does not move.
 */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Each ad of the demo's non-skippable VAST plays this long. */
export const AD_SECONDS = 6;

type Clock = ReturnType<typeof virtualClock>['port'];

/** Content that answers play() and pause() with its own events, as the browser's element does. */
export function simulatedContent(clock: Clock, durationSeconds: number) {
  const media = fakeMedia({ ok: true }, clock);
  media.state.duration = durationSeconds;
  const port: MediaPort = {
    ...media.port,
    async load(source) {
      const loaded = await media.port.load(source);
      media.state.paused = true; // a new stream starts paused until play()
      media.state.duration = durationSeconds;
      return loaded;
    },
    async play() {
      const outcome = await media.port.play();
      if (media.state.paused) queueMicrotask(() => media.emit({ type: 'playing' }));
      return outcome;
    },
    pause() {
      const wasPlaying = !media.state.paused;
      media.port.pause();
      if (wasPlaying)
        queueMicrotask(() => media.emit({ type: 'pause', currentTime: media.state.currentTime }));
    },
  };
  const count = (method: string) => media.calls.filter((c) => c.method === method).length;
  /** The element reached the end of the stream while playing: it says so, as a browser does. */
  const endIfOver = () => {
    if (!media.state.paused && media.state.currentTime >= media.state.duration)
      media.emit({ type: 'ended' });
  };
  return { media, port, count, endIfOver };
}

/** An ad element that loads at once and plays each ad to its end, timeupdate every 250 ms. */
export function simulatedAdMedia(clock: Clock) {
  const listeners = new Set<(e: AdMediaEvent) => void>();
  const emit = (e: AdMediaEvent) => listeners.forEach((l) => l(e));
  const counts = { load: 0, unload: 0, play: 0 };
  /** an ad's media file is in the element (loaded, not unloaded since) */
  let loaded = false;
  let run = 0;
  const playFrom = async (id: number) => {
    emit({ type: 'playing' });
    for (let t = 0.25; t <= AD_SECONDS; t += 0.25) {
      await clock.sleep(250);
      if (id !== run) return;
      emit({ type: 'timeupdate', currentTime: t, duration: AD_SECONDS });
    }
    emit({ type: 'pause' });
    emit({ type: 'ended' });
  };
  const port: AdMediaPort = {
    canPlay: (type) => type === 'video/mp4',
    size: () => ({ width: 1280, height: 720 }),
    load() {
      counts.load += 1;
      loaded = true;
      run += 1;
      queueMicrotask(() => emit({ type: 'loaded', duration: AD_SECONDS }));
      return { ready: false, duration: 0 };
    },
    show: () => undefined,
    async play() {
      counts.play += 1;
      const id = run;
      queueMicrotask(() => void playFrom(id));
      return { ok: true };
    },
    pause: () => undefined,
    setVolume: () => undefined,
    unload() {
      counts.unload += 1;
      loaded = false;
      run += 1;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    port,
    listeners,
    counts,
    get loaded() {
      return loaded;
    },
  };
}

/** The demo series' catalog answers, and an ad list of one non-skippable ad (the demo's VAST). */
export function seriesWithAdsRoutes() {
  const vast = readFileSync(
    join(__dirname, '..', '..', 'demo', 'fixtures', 'vast', 'nonskippable.xml'),
    'utf8',
  ).replaceAll('{{ORIGIN}}', BASE);
  return {
    ...catalogRoutes(2, series),
    [`${BASE}/ad-list.json`]: ok({ prerollList: [{ vastUrl: `${BASE}/vast/nonskippable.xml` }] }),
    [`${BASE}/vast/nonskippable.xml`]: ok(vast),
  };
}

export interface SimulatedPlayerOptions {
  /** how long each episode's stream is, in seconds */
  episodeSeconds: number;
  /** virtual time each catalog answer takes */
  catalogDelayMs?: number;
  /** sees every action that reaches the store, before the actors do */
  onAction?: (action: UnknownAction) => void;
  /** other ports than the simulated ones */
  ports?: Partial<Ports>;
}

/**
 * The whole player (store and every actor) embedded in a host page, on the simulated content and
 * ad elements and virtual time, with adverts on.
 */
export function startSimulatedPlayer(
  search: string,
  { episodeSeconds, catalogDelayMs = 0, onAction, ports }: SimulatedPlayerOptions,
) {
  const clock = virtualClock();
  const content = simulatedContent(clock.port, episodeSeconds);
  const ads = simulatedAdMedia(clock.port);
  const scripted = fakeHttp(seriesWithAdsRoutes());
  const http: HttpPort = {
    async request(req) {
      if (catalogDelayMs > 0 && req.url.includes('/catalog-api/'))
        await clock.port.sleep(catalogDelayMs);
      return scripted.request(req);
    },
  };
  const observe: Middleware = () => (next) => (action) => {
    onAction?.(action as UnknownAction);
    return next(action);
  };
  const errors: Error[] = [];
  const { store } = createPlayer({
    ports: fakePorts({ http, media: content.port, adMedia: ads.port, clock: clock.port, ...ports }),
    config: parseConfig({ search, origin: BASE, hostOrigin: HOST_ORIGIN }),
    middleware: [observe],
    onError: (error) => void errors.push(error),
  });
  /** Moves virtual time on in steps of a stream tick, letting everything each step wakes run. */
  const advance = async (ms: number) => {
    await flush();
    for (let left = ms; left > 0; left -= TICK_MS) {
      await clock.advance(Math.min(TICK_MS, left));
      await flush();
    }
  };
  return { store, clock, content, ads, requests: scripted.requests, errors, advance };
}
