// Records a whole player session on fake ports, as the browser would, for round-trip tests.
import type { Saga } from 'redux-saga';
import { parseConfig } from '../../../src/app/config';
import { createRecordedPlayer } from '../../../src/app/recordedPlayer';
import type { Ports } from '../../../src/ports/types';
import type { RingLimits } from '../../../src/recorder/ringBuffer';
import { fakeHttp, fakeMedia, fakePorts, ok } from '../fakePorts';
import { film } from '../fixtures';
import { BASE, settle } from '../player';

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
  let now = 1000;
  const media = fakeMedia();
  const ports = fakePorts({ http: fakeHttp(filmRoutes), media: media.port, ...extra });
  const config = parseConfig({ search, origin: BASE });
  const player = createRecordedPlayer(
    ports,
    config,
    {
      build: 'test',
      rngSeed: 7,
      now: () => (now += 5),
      sessionStart: '2026-11-22T00:00:00.000Z',
      limits,
    },
    saga ? { saga } : {},
  );
  await settle();
  media.emit({ type: 'playing' });
  for (let i = 1; i <= 8; i++)
    media.emit({ type: 'timeupdate', currentTime: i * 0.25, duration: 24, bufferedEnd: 8 });
  await settle();
  return { ...player, media, ports };
}
