// A long session recorded in Node on simulated ports, on virtual time: the player's own store, actors
// and flight recorder, with a content element that plays for as long as the session asks and an ad
// element that plays each ad through, so the session holds a pre-roll and a mid-roll every 10 s.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '../../src/app/config';
import { createRecordedPlayer } from '../../src/app/recordedPlayer';
import type { AdMediaEvent, AdMediaPort, MediaPort } from '../../src/ports/types';
import type { FlightLog } from '../../src/recorder/format';
import { playbackRequests } from '../../src/state/playback';
import { fakeHttp, fakeMedia, fakePorts, ok, virtualClock } from '../../test/unit/fakePorts';
import { series } from '../../test/unit/fixtures';

const BASE = 'https://demo.example';
const AD_SECONDS = 6;
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

type Clock = ReturnType<typeof virtualClock>['port'];

/** Content that answers play() and pause() with its own events, as the browser's element does. */
function simulatedContent(clock: Clock, minutes: number) {
  const media = fakeMedia({ ok: true }, clock);
  media.state.duration = minutes * 60 + 60;
  const port: MediaPort = {
    ...media.port,
    async play() {
      const outcome = await media.port.play();
      if (media.state.paused) queueMicrotask(() => media.emit({ type: 'playing' }));
      return outcome;
    },
    pause() {
      media.port.pause();
      if (!media.state.paused)
        queueMicrotask(() => media.emit({ type: 'pause', currentTime: media.state.currentTime }));
    },
  };
  return { media, port };
}

/** An ad element that loads at once and plays each ad to its end, timeupdate every 250 ms. */
function simulatedAdMedia(clock: Clock): AdMediaPort {
  const listeners = new Set<(e: AdMediaEvent) => void>();
  const emit = (e: AdMediaEvent) => listeners.forEach((l) => l(e));
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
  return {
    canPlay: (type) => type === 'video/mp4',
    size: () => ({ width: 1280, height: 720 }),
    load() {
      run += 1;
      queueMicrotask(() => emit({ type: 'loaded', duration: AD_SECONDS }));
      return { ready: false, duration: 0 };
    },
    show: () => undefined,
    async play() {
      const id = run;
      queueMicrotask(() => void playFrom(id));
      return { ok: true };
    },
    pause: () => undefined,
    setVolume: () => undefined,
    unload() {
      run += 1;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Records minutes of the demo series with adverts (`advert`: a mid-roll every 10 s of played content,
 * one 6 s ad each), the stream loop ticking, and a pause every 5 minutes.
 */
export async function recordLongSession(minutes: number): Promise<FlightLog> {
  const clock = virtualClock();
  const content = simulatedContent(clock.port, minutes);
  const vast = readFileSync(
    join(__dirname, '..', '..', 'demo', 'fixtures', 'vast', 'nonskippable.xml'),
    'utf8',
  ).replaceAll('{{ORIGIN}}', BASE);
  const http = fakeHttp({
    [`${BASE}/catalog-api/contents/2`]: ok(series.content),
    [`${BASE}/catalog-api/contents/2/seasons`]: ok(series.seasons),
    [`${BASE}/catalog-api/episodes?content-id=2`]: ok(series.episodes),
    [`${BASE}/ad-list.json`]: ok({ prerollList: [{ vastUrl: `${BASE}/vast/nonskippable.xml` }] }),
    [`${BASE}/vast/nonskippable.xml`]: ok(vast),
  });
  const config = parseConfig({
    search: '?movie_id=2&episode_id=203&auto_play=1&advert=1',
    origin: BASE,
  });
  const { store, recorder } = createRecordedPlayer(
    fakePorts({
      http,
      media: content.port,
      adMedia: simulatedAdMedia(clock.port),
      clock: clock.port,
    }),
    config,
    {
      build: 'bench',
      rngSeed: 1,
      now: () => clock.now,
      sessionStart: '2026-11-22T00:00:00.000Z',
    },
  );
  await flush();
  for (let minute = 1; minute <= minutes; minute++) {
    await clock.advance(60_000);
    if (minute % 5 === 0 && !store.getState().ads.activeBreak) {
      store.dispatch(playbackRequests.pauseRequested());
      await flush();
      store.dispatch(playbackRequests.playRequested());
      await flush();
    }
  }
  await flush();
  const breaks = store.getState().ads.history.length;
  if (breaks < minutes)
    throw new Error(`Only ${breaks} ads in ${minutes} minutes: the ads did not run`);
  return recorder.export();
}
