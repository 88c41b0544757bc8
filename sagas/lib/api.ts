// Requests to the player's services: the bearer token from its cookie, refreshed when it has expired
// (once for every request waiting on it), and one refresh and one retry after a 401, never a loop.
// A token that cannot be renewed is dropped: the services serve guests, so the viewer still watches.
import type { Action } from 'redux';
import type { GenericSchema } from 'valibot';
import { call, fork, join, put, take } from 'typed-redux-saga';
import { requestOf, withBearer, type Endpoint } from '../../src/api/endpoints';
import { jsonBody } from '../../src/api/http';
import { ACCESS_COOKIE, isExpired, usableToken } from '../../src/api/token';
import { authActions } from '../../src/state/auth';
import { getPorts } from './context';
import { anyOf } from './anyOf';

function* waitForRefresh() {
  return yield* take<Action>(anyOf([authActions.refreshed.type, authActions.refreshFailed.type]));
}

/** Asks the auth actor for a new token and waits for the outcome; true when there is one. */
function* refreshToken() {
  const waiting = yield* fork(waitForRefresh); // listening before asking: the answer may be immediate
  yield* put(authActions.refreshRequested());
  const outcome = yield* join(waiting);
  return authActions.refreshed.match(outcome);
}

/** The token to send, and whether a refresh was already tried for it. */
export function* currentToken() {
  const { cookies, clock } = yield* getPorts();
  const token = usableToken(cookies.get(ACCESS_COOKIE));
  if (!token || !isExpired(token, clock.epochMs())) return { token, refreshTried: false };
  const refreshed = yield* refreshToken();
  return { token: refreshed ? usableToken(cookies.get(ACCESS_COOKIE)) : null, refreshTried: true };
}

export function* apiRequest<T>(endpoint: Endpoint<T>) {
  const { http } = yield* getPorts();
  const request = requestOf(endpoint);
  if (!endpoint.authorized) return yield* call([http, http.request], request);
  const { token, refreshTried } = yield* currentToken();
  let res = yield* call([http, http.request], withBearer(request, token));
  // A refused token: at most one refresh per request, and one retry, with the new token or as a guest.
  if (res.status === 401 && token) {
    const renewed = !refreshTried && (yield* refreshToken());
    const { cookies } = yield* getPorts();
    res = yield* call(
      [http, http.request],
      withBearer(request, renewed ? usableToken(cookies.get(ACCESS_COOKIE)) : null),
    );
  }
  return res;
}

/** The endpoint's JSON body in its schema's shape; ApiError for an HTTP error or a body of another shape. */
export function* fetchJson<T>(endpoint: Endpoint<T>, schema: GenericSchema<unknown, T>) {
  const res = yield* apiRequest(endpoint);
  return jsonBody(res, endpoint.url, schema);
}
