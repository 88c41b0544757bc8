import { call, race } from 'typed-redux-saga';
import { plain } from '../lib/plainEffects';
import type { VastWrapperLayer } from '../../src/vast/model';
import { fetchFailure, resolveStep } from '../../src/vast/resolve';
import { getConfig, getPorts } from '../lib/context';
import { VAST_CHAIN_LIMIT_MS, VAST_TIMEOUT_MS } from './limits';

/** One VAST document by GET, within the time limit; a failure step when it cannot be had. */
function* fetchDocument(url: string, chain: VastWrapperLayer[], deadline: number) {
  const { http, clock } = yield* getPorts();
  const config = yield* getConfig();
  const left = deadline - (yield* call([clock, clock.now]));
  if (left <= 0) return { step: fetchFailure(chain, 'timeout') };
  try {
    const { res } = yield* race({
      res: plain.call([http, http.request], {
        method: 'GET',
        url,
        headers: config.adListHeaders, // the host page's extra headers go with every ad request
        timeoutMs: VAST_TIMEOUT_MS + 1_000, // the race below decides; this only frees the socket
        responseType: 'text',
      }),
      timeout: plain.call([clock, clock.sleep], Math.min(VAST_TIMEOUT_MS, left)),
    });
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
 * the wrapper limit), each document within its time limit and the whole chain within its own.
 */
export function* fetchVast(vastUrl: string) {
  const { clock } = yield* getPorts();
  const deadline = (yield* call([clock, clock.now])) + VAST_CHAIN_LIMIT_MS;
  let chain: VastWrapperLayer[] = [];
  let url = vastUrl;
  for (;;) {
    const fetched = yield* fetchDocument(url, chain, deadline);
    const step = fetched.step ?? resolveStep(chain, url, fetched.text ?? '');
    if (step.kind !== 'follow') return step;
    chain = step.chain;
    url = step.next;
  }
}
