import { call, race } from 'redux-saga/effects';
import type { HttpResponse } from '../../src/ports/types';
import type { VastStep, VastWrapperLayer } from '../../src/vast/model';
import { fetchFailure, resolveStep } from '../../src/vast/resolve';
import { getPorts } from '../lib/context';
import { VAST_TIMEOUT_MS } from './limits';

/** One VAST document by GET, within the time limit; a failure step when it cannot be had. */
function* fetchDocument(url: string, chain: VastWrapperLayer[]) {
  const { http, clock } = yield* getPorts();
  try {
    const { res } = (yield race({
      res: call([http, http.request], {
        method: 'GET',
        url,
        timeoutMs: VAST_TIMEOUT_MS + 1_000, // the race below decides; this only frees the socket
        responseType: 'text',
      }),
      timeout: call([clock, clock.sleep], VAST_TIMEOUT_MS),
    })) as { res?: HttpResponse };
    if (!res) return { step: fetchFailure(chain, 'timeout') };
    if (res.status < 200 || res.status >= 300 || typeof res.data !== 'string')
      return { step: fetchFailure(chain, 'unavailable') };
    return { text: res.data };
  } catch {
    return { step: fetchFailure(chain, 'unavailable') };
  }
}

/**
 * Resolves a VAST address to an ad or a failure the way VAST 4.3 says: each wrapper followed (up to
 * the wrapper limit), each document within its time limit.
 */
export function* fetchVast(vastUrl: string) {
  let chain: VastWrapperLayer[] = [];
  let url = vastUrl;
  for (;;) {
    const fetched = (yield* fetchDocument(url, chain)) as { step?: VastStep; text?: string };
    const step = fetched.step ?? resolveStep(chain, url, fetched.text ?? '');
    if (step.kind !== 'follow') return step;
    chain = step.chain;
    url = step.next;
  }
}
