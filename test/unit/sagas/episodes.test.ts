import type { HttpRequest } from '../../../src/ports/types';
import { contentActions } from '../../../src/state/content';
import { fakeHttp, fakeMedia, fakePorts, ok, virtualClock } from '../../../tools/sim/fakePorts';
import { series } from '../../../tools/sim/fixtures';
import { BASE, catalogRoutes, startPlayer } from '../../../tools/sim/player';
import { untilIdle } from '../../../tools/sim/waits';

/** The series, whose ad list answers `listDelayMs` after each request (on virtual time). */
function seriesWithSlowAdList(listDelayMs: number) {
  const clock = virtualClock();
  const media = fakeMedia({ ok: true }, clock.port);
  const routes = fakeHttp({
    ...catalogRoutes(2, series),
    [`${BASE}/ad-list.json`]: ok({ prerollList: [] }),
  });
  const listRequests: number[] = [];
  const http = {
    async request(req: HttpRequest) {
      if (req.url.startsWith(`${BASE}/ad-list.json`)) {
        listRequests.push(clock.port.now());
        await clock.port.sleep(listDelayMs);
      }
      return routes.request(req);
    },
  };
  const ports = fakePorts({ http, media: media.port, clock: clock.port });
  const { store } = startPlayer('?movie_id=2&episode_id=203', ports);
  return { store, clock, listRequests };
}

describe('the episodes actor', () => {
  it('selects the next episode only once the refreshed ad list has answered (SPEC.md section 4)', async () => {
    const { store, clock, listRequests } = seriesWithSlowAdList(800);
    await untilIdle();
    await clock.advance(1_000); // the list asked at the start has answered
    expect(store.getState().ads.list.status).toBe('loaded');
    store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    expect(listRequests).toHaveLength(2);
    expect(store.getState().ads.list.status).toBe('loading');
    expect(store.getState().content.currentEpisodeId).toBe(203); // still: the list is on its way
    await clock.advance(700);
    expect(store.getState().content.currentEpisodeId).toBe(203);
    await clock.advance(200);
    expect(store.getState().ads.list.status).toBe('loaded');
    expect(store.getState().content.currentEpisodeId).toBe(204);
  });

  it('does not wait past the list’s time limit for a list that never answers', async () => {
    const { store, clock } = seriesWithSlowAdList(60_000);
    await untilIdle();
    store.dispatch(contentActions.episodeRequested({ episodeId: 204 }));
    await untilIdle();
    expect(store.getState().content.currentEpisodeId).toBe(203);
    await clock.advance(6_100);
    expect(store.getState().content.currentEpisodeId).toBe(204);
  });
});
