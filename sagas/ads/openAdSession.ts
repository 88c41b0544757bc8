// An ad's first steps, fetch -> parse -> choose media -> preload, as one value the break plays.
import type { Task } from 'redux-saga';
import { call, cancel, fork, join, race, select } from 'typed-redux-saga';
import type { HttpRequest } from '../../src/ports/types';
import { selectBandwidth } from '../../src/state/stream';
import { chooseMediaFile, isVpaidScript } from '../../src/vast/media';
import { chooseSimidFile } from '../../src/vast/interactive';
import type { VastAd, VastInteractiveCreativeFile, VastMediaFile } from '../../src/vast/model';
import {
  vastAnswer,
  vastChain,
  VAST_TIMED_OUT,
  VAST_UNAVAILABLE,
  type VastOutcome,
} from '../../src/vast/resolve';
import { getConfig, getPorts } from '../lib/context';
import { plain } from '../lib/plainEffects';
import type { TaskOf } from '../lib/tasks';
import { VAST_CHAIN_LIMIT_MS, VAST_TIMEOUT_MS } from './limits';

/** An ad made ready to play: where its VAST chain ended, and what will play it. */
export interface AdSession {
  vastUrl: string;
  /** the ad with its wrappers' tracking merged in, or the failure (with its error URLs) */
  outcome: VastOutcome;
  /** the media file chosen for the ad; null when the chain failed or no file can play (403) */
  media: VastMediaFile | null;
  /**
   * what plays it: the ad's <video>, a VPAID creative in its frame, or the <video> with a SIMID
   * creative over it
   */
  creative: 'video' | 'vpaid' | 'simid' | null;
  /** the SIMID creative to run over the video (creative 'simid'), else null */
  simid: VastInteractiveCreativeFile | null;
  /** its media file is loading already (hidden), so a play shows the first frame sooner */
  preloaded: boolean;
}

/** A session prepared before its break: opening, or open. */
export interface PreparedSession {
  vastUrl: string;
  task: TaskOf<AdSession>;
}

/** One VAST document by GET, within its time limit and what is left of the chain's. */
function* fetchDocument(url: string, deadline: number) {
  const { http, clock } = yield* getPorts();
  const config = yield* getConfig();
  const left = deadline - (yield* call([clock, clock.now]));
  if (left <= 0) return VAST_TIMED_OUT;
  const request: HttpRequest = {
    method: 'GET',
    url,
    headers: config.adListHeaders, // the host page's extra headers go with every ad request
    timeoutMs: VAST_TIMEOUT_MS + 1_000, // the race below decides; this only frees the socket
    responseType: 'text',
  };
  try {
    const { res } = yield* race({
      res: plain.call([http, http.request], request),
      timeout: plain.call([clock, clock.sleep], Math.min(VAST_TIMEOUT_MS, left)),
    });
    return res ? vastAnswer(res) : VAST_TIMED_OUT;
  } catch {
    return VAST_UNAVAILABLE;
  }
}

/**
 * Follows a VAST address to an ad or a failure with the resolver the `npm run vast` inspector uses
 * (src/vast/resolve.ts), fetching through the ports: each document within its time limit, the
 * whole chain within its own.
 */
export function* resolveVastChain(vastUrl: string) {
  const { clock, loader } = yield* getPorts();
  // the VAST reader comes after the start (src/vast/vastReader.ts): loaded while the first document is
  const parser = yield* fork([loader, loader.loadXmlParser]);
  const deadline = (yield* call([clock, clock.now])) + VAST_CHAIN_LIMIT_MS;
  const chain = vastChain(vastUrl);
  let request = chain.next();
  while (!request.done) {
    const answer = yield* fetchDocument(request.value.url, deadline);
    request = chain.next((yield* parserWithin(parser, deadline)) ? answer : answerUnread(parser));
  }
  return request.value;
}

/**
 * Whether the XML parser is there, waiting for it no longer than the chain may last (usually it
 * came while the document was on its way, and nothing is waited for).
 */
function* parserWithin(parser: Task, deadline: number) {
  if (!parser.isRunning()) return parser.result() === true;
  const { clock } = yield* getPorts();
  const { loaded } = yield* race({
    loaded: join(parser),
    late: call([clock, clock.sleep], Math.max(0, deadline - (yield* call([clock, clock.now])))),
  });
  if (loaded === undefined) yield* cancel(parser);
  return loaded === true;
}

/** A document the parser did not come for: past the chain's time limit, or it could not load. */
const answerUnread = (parser: Task) => (parser.isCancelled() ? VAST_TIMED_OUT : VAST_UNAVAILABLE);

/** The media file the player would play for an ad, or null: by size, the kept bandwidth, and type. */
function* chooseMedia(ad: VastAd) {
  const { adMedia } = yield* getPorts();
  const size = yield* call([adMedia, adMedia.size]);
  const bandwidth = yield* select(selectBandwidth);
  return chooseMediaFile(ad.mediaFiles, {
    width: size.width,
    height: size.height,
    bandwidthKbps: bandwidth !== null && bandwidth > 0 ? bandwidth / 1000 : null,
    // VPAID 2.0 JavaScript runs in the VPAID frame; everything else must play in the <video>.
    canPlay: (type, codec, apiFramework) =>
      isVpaidScript({ type, apiFramework }) || adMedia.canPlay(type, codec),
  });
}

/**
 * Opens an ad: its VAST chain resolved, its media file chosen and, when `preload` is asked (an ad
 * prepared before its break), a video's file loading hidden, so the viewer's play click shows the
 * ad's first frame without waiting for the chain and the first bytes.
 */
export function* openAdSession(vastUrl: string, preload = false) {
  const outcome = yield* resolveVastChain(vastUrl);
  const session: AdSession = {
    vastUrl,
    outcome,
    media: null,
    creative: null,
    simid: null,
    preloaded: false,
  };
  if (outcome.kind !== 'ad') return session;
  session.media = yield* chooseMedia(outcome.ad);
  if (!session.media) return session;
  // a SIMID creative runs over the player's own video, never over a VPAID creative's
  if (isVpaidScript(session.media)) session.creative = 'vpaid';
  else {
    session.simid = chooseSimidFile(outcome.ad.interactiveCreativeFiles);
    session.creative = session.simid ? 'simid' : 'video';
  }
  if (preload && session.creative !== 'vpaid') {
    const { adMedia } = yield* getPorts();
    yield* call([adMedia, adMedia.load], session.media.url);
    session.preloaded = true;
  }
  return session;
}
