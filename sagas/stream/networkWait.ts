import { call, put, race, select } from 'typed-redux-saga';
import { selectStreamUrl, streamActions, type StreamState } from '../../src/state/stream';
import { streamHealthActions } from '../../src/state/streamHealth';
import { systemActions } from '../../src/state/system';
import { anyOf } from '../lib/anyOf';
import { getConfig, getPorts } from '../lib/context';
import type { NetworkState } from '../../src/stream/failurePolicy';
import { plain } from '../lib/plainEffects';
import { webAddress } from '../../src/shared/address';

/** How long a probe of the stream's host may take before it counts as no answer. */
export const PROBE_TIMEOUT_MS = 5_000;
/** The first wait before probing the host again, doubled after each probe up to the longest. */
export const FIRST_PROBE_DELAY_MS = 1_000;
export const LONGEST_PROBE_DELAY_MS = 8_000;
/** A network away this long is given up on: the message with its id and the reload button. */
export const NETWORK_WAIT_LIMIT_MS = 10 * 60_000;

/**
 * Where the probe asks: the root of the stream's own host, not the file that failed (a server may
 * refuse that one path while the host answers), and any HTTP answer of the host counts.
 */
const selectProbeUrl = (s: { stream: StreamState }) => {
  const url = selectStreamUrl(s);
  return webAddress('/', url ?? undefined)?.href ?? null;
};

/** The root of the player's own services (the catalog's host): whether the viewer can reach anything. */
const selectServicesProbeUrl = (config: { envBaseUrl: string }) =>
  webAddress('/', config.envBaseUrl)?.href ?? null;

/**
 * What a failed load says of the network: the browser offline; a load that got no answer at all
 * (refused, reset) or an engine gone silent, with no answer to a probe of the stream's own host,
 * is the viewer's network gone when the player's own services do not answer either, and the
 * stream's host alone down when they do (a CDN edge that fails while the page's origin answers).
 * A host that answers, even with an error, or that hangs, is reachable.
 */
export function* networkState(failure: {
  noResponse?: true;
  silent?: boolean;
}): Generator<unknown, NetworkState> {
  const { connection } = yield* getPorts();
  if (!(yield* call([connection, connection.online]))) return 'offline';
  if (!failure.noResponse && !failure.silent) return 'reachable';
  const url = yield* select(selectProbeUrl);
  if (url === null || (yield* call([connection, connection.probe], url, PROBE_TIMEOUT_MS)))
    return 'reachable';
  const services = selectServicesProbeUrl(yield* getConfig());
  if (services === null || services === url) return 'unreachable';
  const answers = yield* call([connection, connection.probe], services, PROBE_TIMEOUT_MS);
  return answers ? 'hostDown' : 'unreachable';
}

/**
 * Until the browser says it is online and the stream's host answers, or the engine loads again by
 * itself (hls.js resumes on its own after an offline spell; the host's root may refuse a probe);
 * false past the limit, counted only while the film wants to play (a paused one waits for good).
 */
function* networkBack() {
  const { connection, clock, media } = yield* getPorts();
  const url = yield* select(selectProbeUrl);
  const since = yield* call([clock, clock.now]);
  const { bufferedEnd: bufferedAtLoss } = yield* call([media, media.sample]);
  for (let delay = FIRST_PROBE_DELAY_MS; ; delay = Math.min(delay * 2, LONGEST_PROBE_DELAY_MS)) {
    const sample = yield* call([media, media.sample]);
    // film loaded past what was there, ahead of the playhead: a seek past the buffer moves the
    // sample's end to the playhead itself (no range holds it), and is not a load
    const loaded = sample.bufferedEnd > bufferedAtLoss + 1;
    if (loaded && sample.bufferedEnd > sample.currentTime + 1) return true;
    const left = NETWORK_WAIT_LIMIT_MS - ((yield* call([clock, clock.now])) - since);
    if (left <= 0 && !sample.paused) return false;
    // the browser's `online` (recovery.ts, watchConnection) cuts the wait short: a probe at once
    yield* race({
      online: plain.take(
        (a: { type: string; payload?: { online?: boolean } }) =>
          streamHealthActions.connectionChanged.match(a) && a.payload.online,
      ),
      slept: plain.call([clock, clock.sleep], left > 0 ? Math.min(delay, left) : delay),
    });
    if (!(yield* call([connection, connection.online]))) continue;
    if (url === null || (yield* call([connection, connection.probe], url, PROBE_TIMEOUT_MS)))
      return true;
  }
}

/**
 * The viewer's network is gone (streamHealthActions.networkLost): the film plays out what it has,
 * the viewer sees the connection line with the spinner, and when the stream's host answers again
 * loading resumes by itself from where it stopped (hls.js's startLoad takes up at the element's
 * position). Spends no reload of the budget. 'over' when another stream was loaded or the message
 * is up meanwhile; 'gaveUp' past NETWORK_WAIT_LIMIT_MS.
 */
export function* waitForNetwork() {
  const { back } = yield* race({
    back: plain.call(networkBack),
    over: plain.take(
      anyOf([
        streamActions.loadStarted.type,
        systemActions.playbackFailed.type,
        systemActions.bootFailed.type,
      ]),
    ),
  });
  if (back === undefined) return 'over' as const;
  if (!back) return 'gaveUp' as const;
  const { media } = yield* getPorts();
  yield* put(streamHealthActions.networkBack());
  yield* call([media, media.recover], 'network' as const);
  return 'back' as const;
}
