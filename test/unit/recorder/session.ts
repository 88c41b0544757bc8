// Records a whole player session on fake ports, as the browser would, for round-trip tests.
import type { Saga } from 'redux-saga';
import { parseConfig } from '../../../src/app/config';
import { createRecordedPlayer } from '../../../src/app/recordedPlayer';
import type { Ports } from '../../../src/ports/types';
import type { RingLimits } from '../../../src/recorder/ringBuffer';
import {
  fakeHttp,
  fakeMedia,
  fakePorts,
  HOST_ORIGIN,
  ok,
  virtualClock,
} from '../../../tools/sim/fakePorts';
import { film } from '../../../tools/sim/fixtures';
import { BASE } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

export const filmRoutes = {
  [`${BASE}/catalog-api/contents/1`]: ok(film.content),
  [`${BASE}/catalog-api/contents/1/seasons`]: ok(film.seasons),
  [`${BASE}/catalog-api/episodes?content-id=1`]: ok(film.episodes),
  [`${BASE}/media/film.json`]: ok({
    sources: [{ label: 'A', link: '/media/hls/master.m3u8', isDefault: true }],
    subtitles: [],
  }),
};

export async function recordSession(
  search = '?movie_id=1&auto_play=1',
  { saga, limits, ports: extra }: { saga?: Saga; limits?: RingLimits; ports?: Partial<Ports> } = {},
) {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  const ports = fakePorts({
    http: fakeHttp(filmRoutes),
    media: media.port,
    clock: clock.port,
    ...extra,
  });
  const config = parseConfig({ search, origin: BASE, hostOrigin: HOST_ORIGIN });
  const player = createRecordedPlayer(
    ports,
    config,
    {
      build: 'test',
      rngSeed: 7,
      now: () => 1000 + clock.now,
      sessionStart: '2026-11-22T00:00:00.000Z',
      limits,
    },
    saga ? { saga } : {},
  );
  await untilIdle();
  media.emit({ type: 'playing' });
  await clock.advance(2000); // twenty ticks of the stream loop
  await untilIdle();
  return { ...player, media, ports, clock };
}
