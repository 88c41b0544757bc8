// A long session recorded in Node on simulated ports, on virtual time: the player's own store, actors
// and flight recorder, with a media element that plays for as long as the session asks.
import { parseConfig } from '../../src/app/config';
import { createRecordedPlayer } from '../../src/app/recordedPlayer';
import type { FlightLog } from '../../src/recorder/format';
import { playbackRequests } from '../../src/state/playback';
import { fakeHttp, fakeMedia, fakePorts, ok } from '../../test/unit/fakePorts';
import { series } from '../../test/unit/fixtures';

const BASE = 'https://demo.example';
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Records minutes of playback of the demo series: timeupdates every 250 ms, a pause every 5 minutes. */
export async function recordLongSession(minutes: number): Promise<FlightLog> {
  let now = 0;
  const media = fakeMedia();
  const http = fakeHttp({
    [`${BASE}/catalog-api/contents/2`]: ok(series.content),
    [`${BASE}/catalog-api/contents/2/seasons`]: ok(series.seasons),
    [`${BASE}/catalog-api/episodes?content-id=2`]: ok(series.episodes),
  });
  const config = parseConfig({ search: '?movie_id=2&auto_play=1', origin: BASE });
  const { store, recorder } = createRecordedPlayer(fakePorts({ http, media: media.port }), config, {
    build: 'bench',
    rngSeed: 1,
    now: () => now,
    sessionStart: '2026-11-22T00:00:00.000Z',
  });
  await flush();
  media.emit({ type: 'playing' });
  const duration = minutes * 60;
  for (let step = 1; step * 0.25 <= duration; step++) {
    now = step * 250;
    media.emit({
      type: 'timeupdate',
      currentTime: step * 0.25,
      duration,
      bufferedEnd: step * 0.25 + 30,
    });
    if (step % 1200 === 0) {
      store.dispatch(playbackRequests.pauseRequested());
      media.emit({ type: 'pause' });
      store.dispatch(playbackRequests.playRequested());
      await flush();
      media.emit({ type: 'playing' });
    }
    if (step % 400 === 0) await flush();
  }
  await flush();
  return recorder.export();
}
