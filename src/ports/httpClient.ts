// The HTTP port of the player's services (catalog, authenticator, ad list, VAST). The bearer token,
// its single refresh and the one retry after a 401 stay with the actors (sagas/lib/api.ts), where
// the flight log records each and a replay repeats them: inside the port they would be invisible to
// both.
import type { HttpPort, HttpRequest, HttpResponse } from './types';
import { inOwnTask, sendByFetch, type EarlyResponses } from './http';

type Send = (req: HttpRequest) => Promise<HttpResponse>;

export interface ServicesHttpPort extends HttpPort {
  /**
   * Takes axios (axiosClient.ts) for the requests from now on; until it has come, and if it cannot,
   * they go by the platform's fetch, as the page's first script sends them. Both answer in the same
   * shape through the same body rules (test/unit/ports/http.test.ts holds them to it), so the actors
   * and the flight log see the same answers. Asked for once the first frame is on screen: axios is
   * about a fifth of the player's own entry bundle (22 KB gzipped), and nothing before the first
   * frame needs it.
   */
  loadAxios(): Promise<void>;
}

/** The browser adapter of the HTTP port: a request already in flight from the start is not sent twice. */
export function createHttpPort(early: EarlyResponses | null = null): ServicesHttpPort {
  let send: Send = sendByFetch;
  let loading: Promise<void> | null = null;
  return {
    request(req) {
      const answer = early?.take(req);
      return answer ? inOwnTask(answer) : send(req);
    },
    loadAxios: () =>
      (loading ??= import('./axiosClient').then(
        ({ sendRequest }) => {
          send = sendRequest;
        },
        () => {
          loading = null; // fetch goes on; the next call tries again
        },
      )),
  };
}
