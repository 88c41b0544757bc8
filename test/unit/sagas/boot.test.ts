import { expectSaga } from 'redux-saga-test-plan';
import { bootActor } from '../../../sagas/boot/boot';
import { parseConfig } from '../../../src/app/config';
import { rootReducer } from '../../../src/state';
import { contentActions } from '../../../src/state/content';
import { systemActions } from '../../../src/state/system';
import { fakeHttp, fakePorts, ok, status } from '../../../tools/sim/fakePorts';
import { film, series } from '../../../tools/sim/fixtures';

const BASE = 'https://demo.example';
const api = (path: string) => `${BASE}/catalog-api${path}`;

function catalogRoutes(id: number, entry: typeof film, overrides = {}) {
  return {
    [api(`/contents/${id}`)]: ok(entry.content),
    [api(`/contents/${id}/seasons`)]: ok(entry.seasons),
    [api(`/episodes?content-id=${id}`)]: ok(entry.episodes),
    ...overrides,
  };
}

function boot(search: string, routes: Parameters<typeof fakeHttp>[0]) {
  const config = parseConfig({ search, origin: BASE });
  const ports = fakePorts({ http: fakeHttp(routes) });
  return expectSaga(bootActor)
    .withReducer(rootReducer)
    .provide({
      getContext: (name) => (name === 'ports' ? ports : config),
    });
}

describe('the boot actor', () => {
  it('loads the film and selects its episode', async () => {
    const { storeState } = await boot('?movie_id=1', catalogRoutes(1, film))
      .put(systemActions.bootSucceeded())
      .put(contentActions.episodeSelected({ episodeId: 101 }))
      .run();
    expect(storeState.content.content.title).toBe('Демонстрационный фильм');
    expect(storeState.system.boot).toBe('ready');
  });

  it('fails at once with the error page when a service address is not one, asking nothing', async () => {
    const config = parseConfig({
      search: '?movie_id=1',
      origin: BASE,
      dataset: { env_base_url: 'http://' },
    });
    const http = fakeHttp(catalogRoutes(1, film));
    const { storeState } = await expectSaga(bootActor)
      .withReducer(rootReducer)
      .provide({
        getContext: (name) => (name === 'ports' ? fakePorts({ http }) : config),
      })
      .run();
    expect(storeState.system.failure).toMatchObject({
      reason: 'unexpected',
      detail: 'env_base_url "http://" is not an http(s) address',
    });
    expect(storeState.system.failure.errorId).toEqual(expect.any(String));
    expect(http.requests).toEqual([]);
  });

  it('strips the number prefix from episode titles and picks the first episode not completed', async () => {
    const { storeState } = await boot('?movie_id=2', catalogRoutes(2, series))
      .put(contentActions.episodeSelected({ episodeId: 202 }))
      .run();
    expect(storeState.content.episodes.map((e: { title: string }) => e.title)).toEqual([
      'Пилот',
      'Встреча',
      'Погоня',
      'Возвращение',
      'Финал',
    ]);
  });

  it.each([
    ['no movie id', '', {}, 'missing-movie-id'],
    ['a movie id that is not an integer', '?movie_id=1.5', {}, 'missing-movie-id'],
    [
      'an unknown content (404)',
      '?movie_id=1',
      catalogRoutes(1, film, { [api('/contents/1')]: status(404) }),
      'not-found',
    ],
    [
      'content with no episodes',
      '?movie_id=1',
      catalogRoutes(1, film, { [api('/episodes?content-id=1')]: ok([]) }),
      'no-episodes',
    ],
  ])('fails with %s', async (_name, search, routes, reason) => {
    const { storeState } = await boot(search, routes).run();
    expect(storeState.system).toMatchObject({ boot: 'failed', failure: { reason, errorId: null } });
  });

  it('shows the blocked message when the content is not available on the host domain', async () => {
    const routes = catalogRoutes(1, film, {
      [api('/contents/1/available?domain=demo.example')]: ok({ available: false }),
    });
    const { storeState } = await boot('?movie_id=1', routes).run();
    expect(storeState.system.failure).toMatchObject({ reason: 'blocked' });
  });

  it('plays blocked content when the check is turned off, and content whose check failed', async () => {
    const blocked = catalogRoutes(1, film, {
      [api('/contents/1/available?domain=demo.example')]: ok({ available: false }),
    });
    expect(
      (await boot('?movie_id=1&disable_checking_available=1', blocked).run()).storeState.system
        .boot,
    ).toBe('ready');
    const broken = catalogRoutes(1, film, {
      [api('/contents/1/available?domain=demo.example')]: status(500),
    });
    expect((await boot('?movie_id=1', broken).run()).storeState.system.boot).toBe('ready');
  });

  it('decides on the continue prompt from the saved time', async () => {
    const { storeState } = await boot('?movie_id=2&auto_play=1', catalogRoutes(2, series)).run();
    expect(storeState.resume).toEqual({
      savedTime: 8,
      promptVisible: true,
      autoplay: false,
      autoplayChoice: null,
    });
  });

  it.each([
    ['a server error', { [api('/contents/1/seasons')]: status(500) }],
    [
      'a timeout',
      { [api('/contents/1')]: Object.assign(new Error('Timed out'), { name: 'HttpTimeout' }) },
    ],
    ['malformed JSON', { [api('/episodes?content-id=1')]: ok('<html>') }],
  ])('shows an error id for %s', async (_name, overrides) => {
    const { storeState } = await boot('?movie_id=1', catalogRoutes(1, film, overrides)).run();
    // The rng port gives 0.5, so the id is the same in every run and in a replay.
    expect(storeState.system.failure).toMatchObject({ reason: 'unexpected', errorId: '7fffffff' });
  });
});
