import { expectSaga } from 'redux-saga-test-plan';
import { all, call, spawn } from 'redux-saga/effects';
import { demoToken } from '../../../demo/tokens';
import { authActor } from '../../../sagas/auth/auth';
import { fetchJson } from '../../../sagas/lib/api';
import { ContentSchema, EpisodesSchema, SeasonsSchema } from '../../../src/api/schemas';
import { parseConfig } from '../../../src/app/config';
import { catalogEndpoints } from '../../../src/api/endpoints';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../../src/api/token';
import type { HttpRequest, HttpResponse } from '../../../src/ports/types';
import { rootReducer } from '../../../src/state';
import { EPOCH, fakePorts, fakeStorage, ok } from '../../../tools/sim/fakePorts';
import { film } from '../../../tools/sim/fixtures';

const BASE = 'https://demo.example';
const REFRESH_URL = `${BASE}/authenticator/authentication/refresh`;
const catalog = catalogEndpoints(BASE);
const expired = demoToken('viewer', -60, EPOCH);
const fresh = demoToken('viewer', 3600, EPOCH);

/** A server that answers content requests, refuses expired tokens, and refreshes after a delay. */
function server({
  refreshStatus = 200,
  alwaysUnauthorized = false,
  refreshedHeader = `Bearer ${fresh}`,
} = {}) {
  const requests: HttpRequest[] = [];
  const refused = new Set<string>();
  const http = {
    requests,
    /** a token the server refuses from now on (revoked), expired or not */
    refuse: (token: string) => refused.add(`Bearer ${token}`),
    async request(req: HttpRequest): Promise<HttpResponse> {
      requests.push(req);
      if (req.url === REFRESH_URL) {
        await new Promise((r) => setTimeout(r, 20));
        return {
          status: refreshStatus,
          headers: refreshStatus === 200 ? { authorization: refreshedHeader } : {},
          data: {},
        };
      }
      const auth = req.headers?.Authorization;
      if (alwaysUnauthorized || auth === `Bearer ${expired}` || (auth && refused.has(auth)))
        return { status: 401, headers: {}, data: { message: 'no' } };
      // each catalog call its own answer, as the checked shapes expect
      if (req.url.endsWith('/seasons')) return ok(film.seasons);
      if (req.url.includes('/episodes?')) return ok(film.episodes);
      return ok(film.content);
    },
  };
  return http;
}

function run(
  http: ReturnType<typeof server>,
  cookies: Record<string, string>,
  saga: () => Generator,
) {
  const jar = fakeStorage(cookies);
  const ports = fakePorts({ http, cookies: jar });
  const config = parseConfig({ search: '?movie_id=1', origin: BASE });
  return {
    jar,
    result: expectSaga(function* () {
      yield spawn(authActor); // detached: the test ends when its requests do
      return yield call(saga);
    })
      .withReducer(rootReducer)
      .provide({ getContext: (name) => (name === 'ports' ? ports : config) }),
  };
}

const refreshCalls = (http: ReturnType<typeof server>) =>
  http.requests.filter((r) => r.url === REFRESH_URL);
const contentCalls = (http: ReturnType<typeof server>) =>
  http.requests.filter((r) => r.url !== REFRESH_URL);

describe('bearer token', () => {
  it('is sent from its cookie when it has not expired', async () => {
    const http = server();
    await run(http, { [ACCESS_COOKIE]: fresh }, () =>
      fetchJson(catalog.content(1), ContentSchema),
    ).result.silentRun(300);
    expect(contentCalls(http)[0]!.headers).toEqual({ Authorization: `Bearer ${fresh}` });
    expect(refreshCalls(http)).toHaveLength(0);
  });

  it('is refreshed once for all the requests waiting on it when it has expired', async () => {
    const http = server();
    const { result, jar } = run(
      http,
      { [ACCESS_COOKIE]: expired, [REFRESH_COOKIE]: 'r-1' },
      function* () {
        return yield all([
          call(fetchJson, catalog.content(1), ContentSchema),
          call(fetchJson, catalog.seasons(1), SeasonsSchema),
          call(fetchJson, catalog.episodes(1), EpisodesSchema),
        ]);
      },
    );
    const { storeState } = await result.silentRun(300);
    expect(refreshCalls(http)).toHaveLength(1);
    expect(refreshCalls(http)[0]!.body).toEqual({ refreshToken: 'r-1', accessToken: expired });
    expect(contentCalls(http)).toHaveLength(3);
    expect(contentCalls(http).every((r) => r.headers?.Authorization === `Bearer ${fresh}`)).toBe(
      true,
    );
    expect(jar.values.get(ACCESS_COOKIE)).toBe(fresh);
    expect(storeState.auth).toEqual({ status: 'idle', refreshes: 1 });
  });

  it('takes a refreshed token answered without the Bearer prefix', async () => {
    const http = server({ refreshedHeader: fresh });
    const { result, jar } = run(http, { [ACCESS_COOKIE]: expired, [REFRESH_COOKIE]: 'r-1' }, () =>
      fetchJson(catalog.content(1), ContentSchema),
    );
    const { storeState } = await result.silentRun(300);
    expect(jar.values.get(ACCESS_COOKIE)).toBe(fresh);
    expect(contentCalls(http)[0]!.headers).toEqual({ Authorization: `Bearer ${fresh}` });
    expect(storeState.auth).toEqual({ status: 'idle', refreshes: 1 });
  });

  it.each([
    ['empty', ''],
    ['the prefix alone', 'Bearer '],
    ['with a space inside', `${fresh} extra`],
  ])('refuses a refreshed token that is %s', async (_name, refreshedHeader) => {
    const http = server({ refreshedHeader });
    const { result, jar } = run(
      http,
      { [ACCESS_COOKIE]: expired, [REFRESH_COOKIE]: 'r-1' },
      function* () {
        try {
          return yield call(fetchJson, catalog.content(1), ContentSchema);
        } catch (error) {
          return String(error);
        }
      },
    );
    const { storeState } = await result.silentRun(300);
    expect(storeState.auth.status).toBe('failed');
    expect(jar.values.get(ACCESS_COOKIE)).not.toBe(fresh);
    expect(contentCalls(http)[0]!.headers?.Authorization).toBeUndefined();
  });

  it('is refreshed after a 401, and the request retried once', async () => {
    const http = server();
    const notExpiredButRefused = expired.replace(
      /\.[^.]+\./,
      `.${Buffer.from('{"sub":"x"}').toString('base64url')}.`,
    );
    const { result } = run(
      http,
      { [ACCESS_COOKIE]: notExpiredButRefused, [REFRESH_COOKIE]: 'r-1' },
      () => fetchJson(catalog.content(1), ContentSchema),
    );
    // A token without exp is used until the server refuses it.
    http.request = ((original) => async (req: HttpRequest) =>
      req.headers?.Authorization === `Bearer ${notExpiredButRefused}`
        ? { status: 401, headers: {}, data: {} }
        : original(req))(http.request.bind(http));
    const { returnValue } = await result.silentRun(300);
    expect(returnValue).toEqual(film.content);
    expect(refreshCalls(http)).toHaveLength(1);
  });

  it('never loops: a second 401 after the retry is the answer', async () => {
    const http = server({ alwaysUnauthorized: true });
    const { result } = run(http, { [ACCESS_COOKIE]: fresh, [REFRESH_COOKIE]: 'r-1' }, function* () {
      try {
        yield call(fetchJson, catalog.content(1), ContentSchema);
        return 'no error';
      } catch (error) {
        return String(error);
      }
    });
    const { returnValue } = await result.silentRun(300);
    expect(returnValue).toMatch(/ApiError|HTTP 401/);
    expect(refreshCalls(http)).toHaveLength(1);
    expect(contentCalls(http)).toHaveLength(2);
  });

  it('without a refresh token, drops the dead token and asks as a guest', async () => {
    const http = server();
    const { result } = run(http, { [ACCESS_COOKIE]: expired }, function* () {
      try {
        return yield call(fetchJson, catalog.content(1), ContentSchema);
      } catch (error) {
        return String(error);
      }
    });
    const { returnValue, storeState } = await result.silentRun(300);
    expect(refreshCalls(http)).toHaveLength(0);
    expect(returnValue).toEqual(film.content);
    expect(contentCalls(http)).toHaveLength(1);
    expect(contentCalls(http)[0]!.headers?.Authorization).toBeUndefined();
    expect(storeState.auth.status).toBe('failed');
  });

  it('sends no token at all for an anonymous viewer', async () => {
    const http = server();
    await run(http, {}, () => fetchJson(catalog.content(1), ContentSchema)).result.silentRun(300);
    expect(contentCalls(http)[0]!.headers).toBeUndefined();
  });

  it('tries one refresh per request: after a refused refresh the request goes as a guest', async () => {
    const http = server({ refreshStatus: 403 });
    const { result } = run(
      http,
      { [ACCESS_COOKIE]: expired, [REFRESH_COOKIE]: 'r-1' },
      function* () {
        try {
          return yield call(fetchJson, catalog.content(1), ContentSchema);
        } catch (error) {
          return String(error);
        }
      },
    );
    const { storeState, returnValue } = await result.silentRun(300);
    expect(storeState.auth.status).toBe('failed');
    expect(refreshCalls(http)).toHaveLength(1);
    expect(contentCalls(http)).toHaveLength(1);
    expect(contentCalls(http)[0]!.headers?.Authorization).toBeUndefined();
    expect(returnValue).toEqual(film.content);
  });

  it('after a 401 that no refresh can cure, retries once as a guest', async () => {
    const http = server({ refreshStatus: 500 });
    const revoked = fresh; // not expired, yet refused below
    const { result } = run(
      http,
      { [ACCESS_COOKIE]: revoked, [REFRESH_COOKIE]: 'r-1' },
      function* () {
        return yield call(fetchJson, catalog.content(1), ContentSchema);
      },
    );
    http.refuse(revoked);
    const { returnValue } = await result.silentRun(300);
    expect(returnValue).toEqual(film.content);
    expect(contentCalls(http).map((r) => r.headers?.Authorization)).toEqual([
      `Bearer ${revoked}`,
      undefined,
    ]);
  });
});
