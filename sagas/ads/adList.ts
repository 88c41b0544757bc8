import { call, put, select } from 'typed-redux-saga';
import type { AdListItem } from '../../src/api/types';
import { AdListSchema, check } from '../../src/api/schemas';
import type { HttpRequest } from '../../src/ports/types';
import { adsActions, selectAdList } from '../../src/state/ads';
import { getConfig, getPorts } from '../lib/context';
import { deviceFingerprint } from '../lib/fingerprint';
import { listSettled } from '../lib/adListSettled';
import { AD_LIST_TIMEOUT_MS } from './limits';

/**
 * The list's entries that can be fetched (only http(s) VAST addresses; any other entry is left out),
 * or what is wrong with a list of another shape.
 */
export function adListItems(body: unknown): AdListItem[] | string {
  const checked = check(AdListSchema, body);
  if (!checked.ok) return `Malformed ad list (${checked.problem})`;
  return checked.value.prerollList;
}

function* fetchAdList() {
  const { http } = yield* getPorts();
  const config = yield* getConfig();
  yield* put(adsActions.listLoading());
  const fetchNo = (yield* select(selectAdList)).fetch;
  // SPEC.md section 3: the device fingerprint goes with the ad list request
  const fingerprint = yield* deviceFingerprint();
  const headers: Record<string, string> = {
    ...config.adListHeaders,
    'X-Session-Context': fingerprint,
  };
  const request: HttpRequest = {
    method: 'GET',
    url: config.envAdListUrl,
    headers,
    timeoutMs: AD_LIST_TIMEOUT_MS,
  };
  try {
    const res = yield* call([http, http.request], request);
    const items =
      res.status >= 200 && res.status < 300 ? adListItems(res.data) : `HTTP ${res.status}`;
    if (typeof items !== 'string') yield* put(adsActions.listLoaded({ items, fetch: fetchNo }));
    else yield* put(adsActions.listFailed({ message: items, fetch: fetchNo }));
  } catch (error) {
    yield* put(adsActions.listFailed({ message: (error as Error).message, fetch: fetchNo }));
  }
}

/** The ad list: fetched only when none is loaded (SPEC.md section 4); empty when it cannot be had. */
export function* ensureAdList() {
  const list = yield* select(selectAdList);
  if (list.status === 'loaded') return list.items;
  if (list.status === 'loading') yield* listSettled();
  else yield* call(fetchAdList);
  return (yield* select(selectAdList)).items ?? [];
}
