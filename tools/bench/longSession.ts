// A long session recorded in Node on simulated ports, on virtual time: the player's own store, actors
// and flight recorder, with a content element that plays for as long as the session asks and an ad
// element that plays each ad through, so the session holds a pre-roll and a mid-roll every 10 s.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '../../src/app/config';
import { createRecordedPlayer } from '../../src/app/recordedPlayer';
import type { FlightLog } from '../../src/recorder/format';
import type { RingLimits } from '../../src/recorder/ringBuffer';
import { playbackRequests } from '../../src/state/playback';
import { fakeHttp, fakePorts, ok, virtualClock } from '../sim/fakePorts';
import { series } from '../sim/fixtures';
import { flush, simulatedAdMedia, simulatedContent } from '../sim/simulated';
import { BASE, catalogRoutes } from '../sim/player';

/**
 * Records minutes of the demo series with adverts (`advert`: a mid-roll every 10 s of played content,
 * one 6 s ad each), the stream loop ticking, and a pause every 5 minutes.
 */
export async function recordLongSession(minutes: number, limits?: RingLimits): Promise<FlightLog> {
  const clock = virtualClock();
  const content = simulatedContent(clock.port, minutes * 60 + 60);
  const vast = readFileSync(
    join(__dirname, '..', '..', 'demo', 'fixtures', 'vast', 'nonskippable.xml'),
    'utf8',
  ).replaceAll('{{ORIGIN}}', BASE);
  const http = fakeHttp({
    ...catalogRoutes(2, series),
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
      adMedia: simulatedAdMedia(clock.port).port,
      clock: clock.port,
    }),
    config,
    {
      build: 'bench',
      rngSeed: 1,
      now: () => clock.now,
      sessionStart: '2026-11-22T00:00:00.000Z',
      ...(limits ? { limits } : {}),
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
