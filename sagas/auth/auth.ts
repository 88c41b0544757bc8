import { call, put, takeLeading } from 'typed-redux-saga';
import { authenticatorEndpoints, requestOf } from '../../src/api/endpoints';
import { ACCESS_COOKIE, bearerOf, REFRESH_COOKIE, usableToken } from '../../src/api/token';
import { authActions } from '../../src/state/auth';
import { getConfig, getPorts } from '../lib/context';

/** How long the token cookies live; the server's expiry inside the token decides when it is refreshed. */
const COOKIE_DAYS = 30;

function* refresh() {
  const { http, cookies } = yield* getPorts();
  const config = yield* getConfig();
  const refreshToken = usableToken(cookies.get(REFRESH_COOKIE));
  if (!refreshToken) {
    yield* put(authActions.refreshFailed({ reason: 'no-refresh-token' }));
    return;
  }
  const request = requestOf(
    authenticatorEndpoints(config.envBaseUrl).refresh(
      refreshToken,
      usableToken(cookies.get(ACCESS_COOKIE)) ?? '',
    ),
  );
  try {
    const res = yield* call([http, http.request], request);
    const token = res.status === 200 ? bearerOf(res.headers.authorization) : null;
    if (!token) {
      yield* put(authActions.refreshFailed({ reason: 'rejected' }));
      return;
    }
    yield* call([cookies, cookies.set], ACCESS_COOKIE, token, {
      maxAgeDays: COOKIE_DAYS,
      path: '/',
    });
    yield* put(authActions.refreshed());
  } catch {
    yield* put(authActions.refreshFailed({ reason: 'network' }));
  }
}

/** The auth actor: one refresh at a time; every request that needs it waits for that one. */
export function* authActor() {
  yield* takeLeading(authActions.refreshRequested.type, refresh);
}
