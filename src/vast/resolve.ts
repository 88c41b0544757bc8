// Following a Wrapper chain (VAST 4.3 section 2.3.5) one fetched document at a time, so a saga can
// do the fetching through its ports and a replay can feed recorded answers back.
import { iconsOfChain } from './icons';
import {
  VAST_ERROR,
  type VastAd,
  type VastErrorCode,
  type VastFailure,
  type VastStep,
  type VastViewableImpression,
  type VastWrapperLayer,
} from './model';
import { vastReader } from './vastReader';

/** Wrappers followed before an InLine ad; one more is error 302 (VAST 4.3 section 2.3.5.1). */
export const MAX_WRAPPERS = 5;

export type VastFetchFailure = 'timeout' | 'unavailable';
export type FetchTextResult = { ok: true; text: string } | { ok: false; reason: VastFetchFailure };

export const VAST_TIMED_OUT: FetchTextResult = { ok: false, reason: 'timeout' };
export const VAST_UNAVAILABLE: FetchTextResult = { ok: false, reason: 'unavailable' };

/** A VAST document's HTTP answer: its text, or unavailable (not a success, or not text). */
export const vastAnswer = (res: { status: number; data?: unknown }): FetchTextResult =>
  res.status < 200 || res.status >= 300 || typeof res.data !== 'string'
    ? VAST_UNAVAILABLE
    : { ok: true, text: res.data };
export type FetchText = (url: string) => Promise<FetchTextResult>;
/** Where a chain ends: an ad or a failure. */
export type VastOutcome = Exclude<VastStep, { kind: 'follow' }>;

export interface ResolveVastOptions {
  /** told of every address before it is fetched, with the number of wrappers before it */
  onFetch?: (url: string, wrapperDepth: number) => void;
}

const chainErrorUrls = (chain: VastWrapperLayer[]) => chain.flatMap((layer) => layer.errorUrls);
const chainIgnoredUrls = (chain: VastWrapperLayer[]) => chain.flatMap((layer) => layer.ignoredUrls);

function chainFailure(
  chain: VastWrapperLayer[],
  code: VastErrorCode,
  message: string,
  own: Pick<VastFailure, 'errorUrls' | 'ignoredUrls'> = { errorUrls: [], ignoredUrls: [] },
): VastStep {
  return {
    kind: 'error',
    failure: {
      code,
      message,
      // Every wrapper in the chain is told as well (VAST 4.3 section 2.3.6.2).
      errorUrls: [...chainErrorUrls(chain), ...own.errorUrls],
      ignoredUrls: [...chainIgnoredUrls(chain), ...own.ignoredUrls],
    },
  };
}

/** Viewability beacons of several documents as one set each: all fire at the same moment. */
const joinViewable = (parts: VastViewableImpression[]): VastViewableImpression => ({
  viewable: parts.flatMap((part) => part.viewable),
  notViewable: parts.flatMap((part) => part.notViewable),
  viewUndetermined: parts.flatMap((part) => part.viewUndetermined),
});

/** The InLine ad with every wrapper's tracking merged in, outermost wrapper first. */
function mergeChain(chain: VastWrapperLayer[], ad: VastAd): VastAd {
  if (chain.length === 0) return ad;
  // ClickThrough closest to the InLine response wins (VAST 4.3 section 2.3.5.2).
  let clickThrough = ad.clickThrough;
  for (let i = chain.length - 1; clickThrough === null && i >= 0; i--) {
    clickThrough = chain[i]?.clickThrough ?? null;
  }
  return {
    ...ad,
    clickThrough,
    impressions: [...chain.flatMap((layer) => layer.impressions), ...ad.impressions],
    errorUrls: [...chainErrorUrls(chain), ...ad.errorUrls],
    tracking: [...chain.flatMap((layer) => layer.tracking), ...ad.tracking],
    clickTracking: [...chain.flatMap((layer) => layer.clickTracking), ...ad.clickTracking],
    icons: iconsOfChain([...chain.map((layer) => layer.icons), ad.icons]),
    viewableImpression: joinViewable([
      ...chain.map((layer) => layer.viewableImpression),
      ad.viewableImpression,
    ]),
    verifications: [...chain.flatMap((layer) => layer.verifications), ...ad.verifications],
    ignoredUrls: [...chainIgnoredUrls(chain), ...ad.ignoredUrls],
    wrapperDepth: chain.length,
  };
}

/**
 * One step: the document `xml`, fetched from `fetchedUrl` after the wrappers in `chain`, gives the
 * next address to fetch, the resolved ad, or a failure.
 */
export function resolveStep(chain: VastWrapperLayer[], fetchedUrl: string, xml: string): VastStep {
  const doc = vastReader().parseVastDocument(xml, fetchedUrl);
  if (doc.kind === 'failure') {
    return chainFailure(chain, doc.failure.code, doc.failure.message, doc.failure);
  }
  if (doc.kind === 'inline') return { kind: 'ad', ad: mergeChain(chain, doc.ad) };
  const nextChain = [...chain, doc.layer];
  if (chain.at(-1)?.followAdditionalWrappers === false) {
    return chainFailure(
      nextChain,
      VAST_ERROR.NO_VAST_RESPONSE,
      'A Wrapper answered where the previous wrapper allows only an InLine ad (followAdditionalWrappers="false")',
    );
  }
  if (nextChain.some((layer) => layer.url === doc.next)) {
    return chainFailure(
      nextChain,
      VAST_ERROR.WRAPPER_LIMIT,
      `Wrapper loop: ${doc.next} is already in the wrapper chain`,
    );
  }
  if (nextChain.length > MAX_WRAPPERS) {
    return chainFailure(
      nextChain,
      VAST_ERROR.WRAPPER_LIMIT,
      `Wrapper limit reached: more than ${MAX_WRAPPERS} wrappers without an InLine ad`,
    );
  }
  return { kind: 'follow', next: doc.next, chain: nextChain };
}

/**
 * The fetch of the next document failed. The first document: timeout is 350 and unavailable
 * (an HTTP error status or a network error) is 303; a wrapper's VASTAdTagURI: 301 for both.
 */
export function fetchFailure(
  chain: VastWrapperLayer[],
  reason: VastFetchFailure,
  url?: string,
): VastStep {
  const where = url === undefined ? '' : `: ${url}`;
  if (chain.length > 0) {
    return chainFailure(
      chain,
      VAST_ERROR.WRAPPER_TIMEOUT,
      reason === 'timeout'
        ? `Timeout of a wrapper's VASTAdTagURI${where}`
        : `A wrapper's VASTAdTagURI is unavailable${where}`,
    );
  }
  return reason === 'timeout'
    ? chainFailure(chain, VAST_ERROR.VAST_LOAD_TIMEOUT, `VAST load timeout${where}`)
    : chainFailure(chain, VAST_ERROR.NO_VAST_RESPONSE, `No VAST response${where}`);
}

/** The next document a chain asks for, and the wrappers before it. */
export interface ChainRequest {
  url: string;
  wrapperDepth: number;
}

/**
 * The wrapper chain as a conversation, the one resolver of the player and its tools: yields each
 * address to fetch, takes how its fetch went, returns where the chain ends. The ad actor answers
 * through its ports (sagas/ads/openAdSession.ts), resolveVast with an injected fetch. A failed
 * fetch names its address only when asked (the inspector): the player's messages reach the host
 * page, and an ad tag's address may carry its keys.
 */
export function* vastChain(
  url: string,
  { nameAddresses = false } = {},
): Generator<ChainRequest, VastOutcome, FetchTextResult> {
  let chain: VastWrapperLayer[] = [];
  let next = url;
  // Each follow adds a wrapper and resolveStep stops past MAX_WRAPPERS, so this ends.
  for (;;) {
    const response = yield { url: next, wrapperDepth: chain.length };
    const step = response.ok
      ? resolveStep(chain, next, response.text)
      : fetchFailure(chain, response.reason, nameAddresses ? next : undefined);
    if (step.kind !== 'follow') return step;
    chain = step.chain;
    next = step.next;
  }
}

/** Fetches and follows a whole chain with an injected fetch (the CLI, tests, benchmarks). */
export async function resolveVast(
  url: string,
  fetchText: FetchText,
  options: ResolveVastOptions = {},
): Promise<VastOutcome> {
  const chain = vastChain(url, { nameAddresses: true });
  let request = chain.next();
  while (!request.done) {
    const { url: next, wrapperDepth } = request.value;
    options.onFetch?.(next, wrapperDepth);
    let response: FetchTextResult;
    try {
      response = await fetchText(next);
    } catch {
      response = { ok: false, reason: 'unavailable' };
    }
    request = chain.next(response);
  }
  return request.value;
}
