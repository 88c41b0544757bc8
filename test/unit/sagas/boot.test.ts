import { expectSaga } from 'redux-saga-test-plan';
import { call, spawn } from 'redux-saga/effects';
import { demoToken } from '../../../demo/tokens';
import { authActor } from '../../../sagas/auth/auth';
import { bootActor } from '../../../sagas/boot/boot';
import { parseConfig } from '../../../src/app/config';
import { rootReducer } from '../../../src/state';
import { contentActions } from '../../../src/state/content';
import { bootRetrying, systemActions } from '../../../src/state/system';
import type { HttpPort, HttpRequest, HttpResponse } from '../../../src/ports/types';
import { failure as httpFailure } from '../../../src/ports/http';
import {
  EPOCH,
  fakeHttp,
  fakePorts,
  fakeStorage,
  ok,
  status,
  virtualClock,
} from '../../../tools/sim/fakePorts';
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
    ['a timeout', { [api('/contents/1')]: httpFailure('timeout', api('/contents/1')) }],
    ['malformed JSON', { [api('/episodes?content-id=1')]: ok('<html>') }],
  ])('shows an error id for %s', async (_name, overrides) => {
    const { storeState } = await bootOnClock(catalogRoutes(1, film, overrides));
    // The rng port gives 0.5, so the id is the same in every run and in a replay.
    expect(storeState.system.failure).toMatchObject({ reason: 'unexpected', errorId: '7fffffff' });
  });
});

/** Each request to the route gets the next answer; the last answers every request after it. */
function inTurn(...answers: (HttpResponse | Error)[]) {
  let i = 0;
  return () => answers[Math.min(i++, answers.length - 1)]!;
}

const reset = () => httpFailure('network', api('/contents/1'));

/**
 * The boot on a virtual clock, run until it ends (time moved on far enough for every retry); its
 * http port is fakeHttp's on these routes unless one is given.
 */
async function bootOnClock(
  routes: Parameters<typeof fakeHttp>[0],
  {
    http = null as (HttpPort & { requests: HttpRequest[] }) | null,
    clock = virtualClock(),
    random = [0.5],
    cookies = fakeStorage(),
    /** with the auth actor beside the boot, for a token to refresh */
    withAuth = false,
  } = {},
) {
  const config = parseConfig({ search: '?movie_id=1', origin: BASE });
  const port = http ?? fakeHttp(routes);
  let draws = 0;
  const rng = { next: () => random[draws++ % random.length]! };
  const ports = fakePorts({ http: port, clock: clock.port, rng, cookies });
  const saga = withAuth
    ? function* () {
        yield spawn(authActor);
        yield call(bootActor);
      }
    : bootActor;
  const running = expectSaga(saga)
    .withReducer(rootReducer)
    .provide({ getContext: (name) => (name === 'ports' ? ports : config) })
    .run({ timeout: 1_000, silenceTimeout: true });
  // in steps: each answer comes a few promises after the wait before it
  for (let t = 0; t < 60_000; t += 100) await clock.advance(100);
  const result = await running;
  const retries = result.effects.put
    .map((effect) => effect.payload.action)
    .filter(bootRetrying.match)
    .map((action) => action.payload);
  const asked = (url: string) => port.requests.filter((r) => r.url === url).length;
  return { ...result, retries, asked, clock };
}

describe('the boot actor, with a catalog that fails for a while', () => {
  const content = api('/contents/1');

  it.each([
    ['a 503', status(503)],
    ['a reset connection', reset()],
    ['a 429', status(429)],
    ['a time limit', httpFailure('timeout', content)],
  ])('asks again after %s and boots', async (_name, first) => {
    const { storeState, retries, asked } = await bootOnClock(
      catalogRoutes(1, film, { [content]: inTurn(first, ok(film.content)) }),
    );
    expect(storeState.system.boot).toBe('ready');
    expect(storeState.system.failure).toBeNull();
    expect(asked(content)).toBe(2);
    expect(retries).toEqual([
      { call: content, attempt: 2, waitMs: 500, failure: expect.stringContaining(content) },
    ]);
  });

  it('rides out 503s on four attempts, the waits growing 0.5, 1, 2, 4 s', async () => {
    const answers = [status(503), status(502), status(500), status(504), ok(film.content)];
    const { storeState, retries, asked } = await bootOnClock(
      catalogRoutes(1, film, { [content]: inTurn(...answers) }),
    );
    expect(storeState.system.boot).toBe('ready');
    expect(asked(content)).toBe(5);
    expect(retries.map((r) => [r.attempt, r.waitMs])).toEqual([
      [2, 500],
      [3, 1_000],
      [4, 2_000],
      [5, 4_000],
    ]);
    expect(retries[0]!.failure).toBe(`ApiError: HTTP 503: ${content}`);
  });

  it('ends in the error page with its id when every attempt fails', async () => {
    const { storeState, retries, asked } = await bootOnClock(
      catalogRoutes(1, film, { [content]: status(503) }),
    );
    expect(storeState.system).toMatchObject({
      boot: 'failed',
      failure: { reason: 'unexpected', errorId: expect.stringMatching(/^[0-9a-f]{8}$/) },
    });
    expect(storeState.system.failure.detail).toBe(`ApiError: HTTP 503: ${content}`);
    expect(retries).toHaveLength(4);
    expect(asked(content)).toBe(5);
  });

  it.each([
    ['a 404', status(404), 'not-found'],
    ['a 403', status(403), 'unexpected'],
    ['a 501', status(501), 'unexpected'],
    ['a body of another shape', ok({ title: 42 }), 'unexpected'],
    ['a body that is not JSON', ok('<html>'), 'unexpected'],
  ])('does not ask again after %s', async (_name, answer, reason) => {
    const { storeState, retries, asked } = await bootOnClock(
      catalogRoutes(1, film, { [content]: inTurn(answer, ok(film.content)) }),
    );
    expect(storeState.system.failure).toMatchObject({ reason });
    expect(retries).toEqual([]);
    expect(asked(content)).toBe(1);
  });

  it("shows 'Контент не доступен' at once for a 404, with no wait", async () => {
    const clock = virtualClock();
    const http = fakeHttp(catalogRoutes(1, film, { [content]: status(404) }));
    const ports = fakePorts({ http, clock: clock.port });
    const config = parseConfig({ search: '?movie_id=1', origin: BASE });
    // no time moves on: the message comes without any wait
    const { storeState } = await expectSaga(bootActor)
      .withReducer(rootReducer)
      .provide({ getContext: (name) => (name === 'ports' ? ports : config) })
      .run();
    expect(storeState.system.failure).toMatchObject({ reason: 'not-found', errorId: null });
    expect(clock.now).toBe(0);
  });

  it('gives a call that hangs one retry: the message after two time limits, not five', async () => {
    const clock = virtualClock();
    const routes: Record<string, HttpResponse> = catalogRoutes(1, film);
    const requests: HttpRequest[] = [];
    // the content never answers: the port gives up after the request's own time limit
    const askedAt: number[] = [];
    const hanging = {
      requests,
      async request(req: HttpRequest) {
        requests.push(req);
        if (req.url !== content) return routes[req.url] ?? status(404);
        askedAt.push(clock.now);
        await clock.port.sleep(req.timeoutMs);
        throw httpFailure('timeout', req.url);
      },
    };
    const { storeState, retries } = await bootOnClock({}, { http: hanging, clock });
    expect(storeState.system.failure).toMatchObject({ reason: 'unexpected' });
    expect(retries.map((r) => r.attempt)).toEqual([2]);
    // asked at the start and once more after the first time limit: the message at 20.5 s
    expect(askedAt).toEqual([0, 10_500]);
  });

  it('gives a call that waits on a token refresh that hangs one retry too', async () => {
    const clock = virtualClock();
    const routes: Record<string, HttpResponse> = catalogRoutes(1, film, {
      [content]: status(503),
    });
    const requests: HttpRequest[] = [];
    const askedAt: number[] = [];
    const http = {
      requests,
      async request(req: HttpRequest) {
        requests.push(req);
        if (req.url === `${BASE}/authenticator/authentication/refresh`) {
          await clock.port.sleep(req.timeoutMs);
          throw httpFailure('timeout', req.url);
        }
        if (req.url === content) askedAt.push(clock.now);
        return routes[req.url] ?? status(404);
      },
    };
    const cookies = fakeStorage({
      access_token: demoToken('viewer', -60, EPOCH),
      refresh_token: 'demo-refresh',
    });
    const { storeState, retries } = await bootOnClock({}, { http, clock, cookies, withAuth: true });
    expect(storeState.system.failure).toMatchObject({ reason: 'unexpected' });
    expect(retries.map((r) => r.attempt)).toEqual([2]);
    // as a guest after each refresh's time limit: the retry waits on a refresh of its own
    expect(askedAt).toHaveLength(2);
    expect(askedAt[0]).toBeGreaterThanOrEqual(10_000);
    expect(askedAt[1]! - askedAt[0]!).toBe(10_500);
  });

  it('moves each wait by up to a quarter, drawn from the rng port', async () => {
    const { retries } = await bootOnClock(catalogRoutes(1, film, { [content]: status(503) }), {
      random: [0, 0.999_999, 0.25, 0.75],
    });
    expect(retries.map((r) => r.waitMs)).toEqual([375, 1_250, 1_750, 4_500]);
  });

  it('a failing call that others wait on is left at the first failure that will not get better', async () => {
    // the content fails for a while, the seasons are not there: the 404 ends the boot at once
    const { storeState, asked } = await bootOnClock(
      catalogRoutes(1, film, {
        [content]: status(503),
        [api('/contents/1/seasons')]: status(404),
      }),
    );
    expect(storeState.system.failure).toMatchObject({ reason: 'not-found' });
    expect(asked(content)).toBe(1); // its retry went with the boot
  });
});
