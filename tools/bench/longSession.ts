// A long session recorded in Node on simulated ports, on virtual time: the player's own store, actors
// and flight recorder, with a media element that plays for as long as the session asks.
import { parseConfig } from '../../src/app/config';
import { createRecordedPlayer } from '../../src/app/recordedPlayer';
import type { FlightLog } from '../../src/recorder/format';
import { playbackRequests } from '../../src/state/playback';
import { fakeHttp, fakeMedia, fakePorts, ok, virtualClock } from '../../test/unit/fakePorts';
import { series } from '../../test/unit/fixtures';

const BASE = 'https://demo.example';
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Records minutes of playback of the demo series (the stream loop ticking), with a pause every 5 minutes. */
export async function recordLongSession(minutes: number): Promise<FlightLog> {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  media.state.duration = minutes * 60 + 60;
  const http = fakeHttp({
    [`${BASE}/catalog-api/contents/2`]: ok(series.content),
    [`${BASE}/catalog-api/contents/2/seasons`]: ok(series.seasons),
    [`${BASE}/catalog-api/episodes?content-id=2`]: ok(series.episodes),
  });
  const config = parseConfig({ search: '?movie_id=2&episode_id=203&auto_play=1', origin: BASE });
  const { store, recorder } = createRecordedPlayer(
    fakePorts({ http, media: media.port, clock: clock.port }),
    config,
    {
      build: 'bench',
      rngSeed: 1,
      now: () => clock.now,
      sessionStart: '2026-11-22T00:00:00.000Z',
    },
  );
  await flush();
  media.emit({ type: 'playing' });
  for (let minute = 1; minute <= minutes; minute++) {
    await clock.advance(60_000);
    if (minute % 5 === 0) {
      store.dispatch(playbackRequests.pauseRequested());
      media.emit({ type: 'pause', currentTime: media.state.currentTime });
      store.dispatch(playbackRequests.playRequested());
      await flush();
      media.emit({ type: 'playing' });
    }
  }
  await flush();
  return recorder.export();
}
