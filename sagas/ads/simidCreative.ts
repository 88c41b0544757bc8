// The creative driver of an ad with a SIMID 1.2 creative: the ad's video as the video driver plays
// it, and over it the creative's page in its frame, spoken to through the SIMID port. A creative that
// fails in any way leaves the ad to play on as its plain video, its Error URLs told 902.
import { buffers, channel, type SagaIterator } from 'redux-saga';
import { call, cancel, cancelled, fork, put, select, take } from 'typed-redux-saga';
import type { SimidEvent, SimidPlayerMessage } from '../../src/ports/types';
import { adRequests, adsActions, selectSkipOffset } from '../../src/state/ads';
import { selectPlayerState } from '../../src/state/selectors';
import { formatPlayhead } from '../../src/vast/macros';
import { VAST_ERROR, type VastAd, type VastInteractiveCreativeFile } from '../../src/vast/model';
import { isHttpUrl } from '../../src/vast/urls';
import { getConfig, getPorts } from '../lib/context';
import { decide, type AdRun, type CreativeDriver } from './adLoop';
import type { AdOutcome } from './adOutcome';
import { SIMID_END_MS, SIMID_READY_MS, SIMID_START_MS } from './limits';
import { playerStateOf } from './playerMacros';
import { videoCreative, type VideoEvent } from './videoCreative';

/** The SIMID version the player speaks, as Player:init tells it. */
export const SIMID_VERSION = '1.2';
/** Player:init's useragent: the player and the interface, as VAST's [CLIENTUA] names them. */
export const SIMID_USER_AGENT = `kino-player SIMID/${SIMID_VERSION}`;

/** The codes of SIMID 1.2 section 9 the player uses (12xx its own; 11xx are the creative's). */
export const SIMID_ERROR = {
  UNSPECIFIED: 1200,
  UNSUPPORTED: 1203,
  MEDIA_NOT_LOADED: 1206,
  MEDIA_TIMEOUT: 1207,
  NOT_FOLLOWING_SPEC: 1211,
  NO_INIT_ANSWER: 1212,
  NO_START_ANSWER: 1213,
  NAVIGATION_UNSUPPORTED: 1214,
  NAVIGATION_URL_INVALID: 1217,
  SESSION_NOT_CREATED: 1223,
} as const;

/** Player:adStopped's codes (SIMID 1.2 section 4.3.2) the player sends. */
const STOP_CODE = { MEDIA_COMPLETE: 2, PLAYER: 3, CREATIVE: 4 } as const;

/** The most tracking URLs one advert's creative may have the player fire (reportTracking). */
export const MAX_REPORTED_URLS = 100;

/** SIMID:Media:timeupdate at most this often in media time (SIMID asks for one every 250 ms). */
const TIMEUPDATE_EVERY_S = 0.2;

/**
 * Where the creative stands: its frame loading until its createSession (session), then Player:init
 * unanswered (init), answered (ready: the video may start), Player:startCreative sent at the first
 * frame (starting), answered (shown); failed: gone, the ad plays as its plain video.
 */
type Phase = 'session' | 'init' | 'ready' | 'starting' | 'shown' | 'failed';
/** a time limit of the creative's, for the phases it was set for */
type Timeout = { type: 'simidTimeout'; within: Phase[] };
/** What wakes the loop of a SIMID ad: its video's events, its creative's, and its time limits. */
export type SimidWake = VideoEvent | SimidEvent | Timeout;

const LIVE = new Set<Phase>(['ready', 'starting', 'shown']);
/** the phases each time limit is for */
const BEFORE_INIT: Phase[] = ['session', 'init'];
const BEFORE_START: Phase[] = ['starting'];
const VIDEO_EVENTS = new Set<string>([
  'loaded',
  'playing',
  'pause',
  'timeupdate',
  'volumechange',
  'ended',
  'error',
  'played',
] satisfies VideoEvent['type'][]);
const isVideoEvent = (e: SimidWake): e is VideoEvent => VIDEO_EVENTS.has(e.type);

/** The end of the ad as the creative hears it: skipped, stopped (with why) or a fatal error. */
function farewell(
  outcome: AdOutcome | null,
  byCreative: boolean,
): [SimidPlayerMessage, Record<string, unknown>] {
  if (outcome?.status === 'skipped') return ['SIMID:Player:adSkipped', {}];
  if (outcome?.status === 'error' && outcome.error) {
    const { code, message } = outcome.error;
    const errorCode =
      code === VAST_ERROR.MEDIA_TIMEOUT
        ? SIMID_ERROR.MEDIA_TIMEOUT
        : code === VAST_ERROR.MEDIA_NOT_FOUND ||
            code === VAST_ERROR.MEDIA_DELIVERY ||
            code === VAST_ERROR.CANNOT_PLAY
          ? SIMID_ERROR.MEDIA_NOT_LOADED
          : SIMID_ERROR.UNSPECIFIED;
    return ['SIMID:Player:fatalError', { errorCode, errorMessage: message }];
  }
  const code =
    outcome?.status === 'completed'
      ? STOP_CODE.MEDIA_COMPLETE
      : byCreative
        ? STOP_CODE.CREATIVE
        : STOP_CODE.PLAYER;
  return ['SIMID:Player:adStopped', { code }];
}

/** A time limit of the creative's, told to the loop's inbox when it runs out. */
function* timeLimit(run: AdRun<SimidWake>, within: Phase[], ms: number) {
  const { clock } = yield* getPorts();
  yield* call([clock, clock.sleep], ms);
  yield* put(run.inbox, { kind: 'media', event: { type: 'simidTimeout', within } });
}

/**
 * The driver of an ad whose chosen InteractiveCreativeFile is a SIMID page (`file`) over its video
 * (`mediaUrl`). The creative loads with the ad; the video waits for its session and init (SIMID_READY_MS
 * at most), startCreative goes at the first frame and the frame shows on its answer. The creative's
 * requests are carried out or refused; at the ad's end it hears why and has SIMID_END_MS to answer.
 */
export function* simidCreative(ad: VastAd, file: VastInteractiveCreativeFile, mediaUrl: string) {
  const { simid, adMedia, clock } = yield* getPorts();
  const video = yield* videoCreative(mediaUrl, null);
  // the video driver sees the ad as its own: the inbox and the driver are shared, its events are ours
  const asVideo = (run: AdRun<SimidWake>) => run as unknown as AdRun<VideoEvent>;
  let phase: Phase = 'session';
  let pendingInit = -1;
  let pendingStart = -1;
  /** a Player:fatalError the creative has yet to answer: its frame goes then (or at the ad's end) */
  let closing = -1;
  let frameGone = false;
  /** the creative's requestSkip or requestStop the ad ends on: answered as it ends */
  let endRequest: { messageId: number; stop: boolean } | null = null;
  // the player's own skip button when the VAST gives a skip offset; else the creative's to draw
  const skippableState = ad.skipOffset ? 'playerHandles' : 'adHandles';
  let sentDuration = 0;
  let sentTime: number | null = null;
  /** where the creative's messages go: the loop's inbox, then the ad's end */
  let deliver: (event: SimidEvent) => void = () => undefined;
  let unsubscribeSimid: (() => void) | null = null;
  let reportedUrls = 0;

  const live = () => LIVE.has(phase);
  /**
   * Creative:reportTracking: its http(s) URLs fired with the ad's macros, as often as it asks, up to
   * MAX_REPORTED_URLS for the ad (a creative must not flood the network and the flight log).
   */
  const reportTracking = function* (
    run: AdRun<SimidWake>,
    event: Extract<SimidEvent, { type: 'SIMID:Creative:reportTracking' }>,
  ) {
    const urls = event.args.trackingUrls.filter((u) => isHttpUrl(u));
    if (urls.length === 0) {
      const why = 'No http(s) tracking URL';
      return yield* call(
        [simid, simid.reject],
        event.messageId,
        SIMID_ERROR.NOT_FOLLOWING_SPEC,
        why,
      );
    }
    if (reportedUrls + urls.length > MAX_REPORTED_URLS) {
      const why = `No more than ${MAX_REPORTED_URLS} tracking URLs an advert`;
      return yield* call([simid, simid.reject], event.messageId, SIMID_ERROR.UNSPECIFIED, why);
    }
    reportedUrls += urls.length;
    yield* run.track.reported(urls);
    yield* call([simid, simid.resolve], event.messageId);
  };
  const send = function* (type: SimidPlayerMessage, args?: unknown) {
    return args === undefined
      ? yield* call([simid, simid.send], type)
      : yield* call([simid, simid.send], type, args);
  };
  const unloadFrame = function* () {
    if (frameGone) return;
    frameGone = true;
    yield* call([simid, simid.unload]);
  };

  /** Player:init's arguments (SIMID 1.2 section 4.3.7), as the player is now. */
  const initArgs = function* () {
    const size = yield* call([adMedia, adMedia.size]);
    const state = yield* select(selectPlayerState);
    const config = yield* getConfig();
    const dimensions = { x: 0, y: 0, width: size.width, height: size.height };
    const skipAt = selectSkipOffset(state);
    return {
      environmentData: {
        videoDimensions: dimensions,
        creativeDimensions: dimensions,
        fullscreen: playerStateOf(state).fullscreen,
        fullscreenAllowed: false,
        variableDurationAllowed: false,
        skippableState,
        ...(skippableState === 'playerHandles' && skipAt !== null
          ? { skipoffset: formatPlayhead(skipAt) }
          : {}),
        version: SIMID_VERSION,
        ...(config.siteOrigin ? { siteUrl: config.siteOrigin } : {}),
        useragent: SIMID_USER_AGENT,
        muted: state.ads.muted,
        volume: state.ads.volume,
        navigationSupport: 'playerHandles',
      },
      creativeData: {
        adParameters: ad.adParameters,
        ...(isHttpUrl(ad.clickThrough) ? { clickThruUrl: ad.clickThrough } : {}),
      },
    };
  };

  /**
   * The creative failed: gone (told first with Player:fatalError when it has a session and did not
   * fail by itself, SIMID 1.2 section 6.9.5), the ad's Error URLs told 902, and the video plays on.
   */
  const fallBack = function* (
    run: AdRun<SimidWake>,
    code: number | null,
    message: string,
    tell: boolean,
  ) {
    if (phase === 'failed') return;
    const was = phase;
    phase = 'failed';
    if (tell && was !== 'session') {
      closing = yield* send('SIMID:Player:fatalError', { errorCode: code, errorMessage: message });
      if (was === 'shown') yield* call([simid, simid.show], false);
    } else yield* unloadFrame();
    yield* put(adsActions.simidFailed({ code, message }));
    yield* run.track.errorTold(VAST_ERROR.INTERACTIVE);
    yield* decide(run); // a video held for the creative plays now
  };

  /** The creative's resolve or reject of one of the player's messages. */
  const answered = function* (
    run: AdRun<SimidWake>,
    to: number,
    rejected: { errorCode: number | null; message: string | null } | null,
  ) {
    if (to === closing) {
      closing = -1;
      yield* unloadFrame();
      return;
    }
    const init = to === pendingInit && phase === 'init';
    if (!init && !(to === pendingStart && phase === 'starting')) return;
    if (rejected) {
      const why =
        rejected.message ?? `The SIMID creative rejected ${init ? 'init' : 'startCreative'}`;
      yield* fallBack(run, rejected.errorCode, why, false);
    } else if (init) {
      phase = 'ready';
      yield* decide(run);
    } else {
      phase = 'shown';
      yield* call([simid, simid.show], true);
      yield* put(adsActions.simidShown());
      yield* run.track.event('interactiveStart');
    }
  };

  /** The video's events the creative hears once its init is answered (SIMID 1.2 section 4.2). */
  const toCreative = function* (event: VideoEvent) {
    if (!live()) return;
    const durationTo = function* (duration: number) {
      if (!(duration > 0) || duration === sentDuration) return;
      sentDuration = duration;
      yield* send('SIMID:Media:durationchange', { duration });
    };
    switch (event.type) {
      case 'loaded':
        yield* durationTo(event.duration);
        return;
      case 'playing':
        yield* send('SIMID:Media:playing');
        return;
      case 'pause':
        yield* send('SIMID:Media:pause');
        return;
      case 'timeupdate': {
        yield* durationTo(event.duration);
        const t = event.currentTime;
        if (sentTime !== null && t >= sentTime && t - sentTime < TIMEUPDATE_EVERY_S) return;
        sentTime = t;
        yield* send('SIMID:Media:timeupdate', { currentTime: t });
        return;
      }
      case 'volumechange':
        yield* send('SIMID:Media:volumechange', { volume: event.volume, muted: event.muted });
        return;
      case 'ended':
        yield* send('SIMID:Media:ended');
        return;
      case 'error':
        yield* send('SIMID:Media:error', { error: event.code, message: event.message });
        return;
      case 'played':
        return;
    }
  };

  /** The viewer's own pause or play, as the creative asks it on the viewer's behalf. */
  const playPause = function* (run: AdRun<SimidWake>, pause: boolean) {
    if (run.paused !== pause) yield* put(adRequests.playPauseRequested());
  };

  /** One message of the creative's session: what it changes, or the ad's end. */
  const fromCreative = function* (
    run: AdRun<SimidWake>,
    event: SimidEvent,
  ): SagaIterator<AdOutcome | null> {
    switch (event.type) {
      case 'createSession':
        if (phase !== 'session') return null;
        yield* call([simid, simid.resolve], event.messageId);
        phase = 'init';
        pendingInit = yield* send('SIMID:Player:init', yield* initArgs());
        return null;
      case 'resolve':
        yield* answered(run, event.args.messageId, null);
        return null;
      case 'reject':
        yield* answered(run, event.args.messageId, event.args.value);
        return null;
      case 'SIMID:Creative:fatalError': {
        const { errorCode, errorMessage } = event.args;
        const why = errorMessage ?? 'The SIMID creative failed';
        yield* fallBack(run, errorCode, why, false);
        return null;
      }
      case 'frameResized':
        if (!live()) return null;
        yield* send('SIMID:Player:resize', {
          videoDimensions: { x: 0, y: 0, width: event.width, height: event.height },
          creativeDimensions: { x: 0, y: 0, width: event.width, height: event.height },
          fullscreen: playerStateOf(yield* select(selectPlayerState)).fullscreen,
        });
        return null;
    }
    // what the creative asks of the player, once its session is live
    if (!live()) return null;
    const { messageId } = event;
    const refuse = function* (code: number, why: string) {
      yield* call([simid, simid.reject], messageId, code, why);
      return null;
    };
    switch (event.type) {
      case 'SIMID:Creative:clickThru': {
        const { playerHandles, url } = event.args;
        if (playerHandles && isHttpUrl(url)) {
          yield* call([simid, simid.resolve], messageId);
          yield* call([simid, simid.open], url);
        } else if (playerHandles)
          yield* refuse(SIMID_ERROR.NAVIGATION_UNSUPPORTED, 'No http(s) landing page to open');
        // the ad's click-through, as the viewer's own click on it: ClickTracking, and the ad pauses
        yield* put(adRequests.clickThroughRequested());
        return null;
      }
      case 'SIMID:Creative:requestNavigation': {
        const { uri } = event.args;
        if (!isHttpUrl(uri))
          return yield* refuse(SIMID_ERROR.NAVIGATION_URL_INVALID, 'Invalid navigation URL');
        yield* call([simid, simid.resolve], messageId);
        yield* playPause(run, true);
        yield* call([simid, simid.open], uri);
        return null;
      }
      case 'SIMID:Creative:getMediaState': {
        const state = yield* select(selectPlayerState);
        yield* call([simid, simid.resolve], messageId, {
          currentSrc: mediaUrl,
          currentTime: run.currentTime,
          duration: run.durationSec,
          ended: false,
          muted: state.ads.muted,
          paused: run.paused,
          volume: state.ads.volume,
          fullscreen: playerStateOf(state).fullscreen,
        });
        return null;
      }
      case 'SIMID:Creative:reportTracking':
        yield* reportTracking(run, event);
        return null;
      case 'SIMID:Creative:requestChangeVolume':
        yield* run.driver.setVolume(event.args.volume, event.args.muted);
        yield* call([simid, simid.resolve], messageId);
        return null;
      case 'SIMID:Creative:requestPause':
      case 'SIMID:Creative:requestPlay': {
        const pause = event.type === 'SIMID:Creative:requestPause';
        if (run.ending) return yield* refuse(SIMID_ERROR.UNSPECIFIED, 'The advert is ending');
        if (run.paused === pause)
          return yield* refuse(
            SIMID_ERROR.UNSPECIFIED,
            `The advert is ${pause ? '' : 'not '}paused`,
          );
        yield* playPause(run, pause);
        yield* call([simid, simid.resolve], messageId);
        return null;
      }
      case 'SIMID:Creative:requestSkip': {
        // the creative skips when the player left skipping to it, else once the player's skip could
        const skipAt = yield* select(selectSkipOffset);
        const may =
          skippableState === 'adHandles' || (skipAt !== null && run.currentTime >= skipAt);
        if (!may || run.ending) return yield* refuse(SIMID_ERROR.UNSPECIFIED, 'Not skippable now');
        endRequest = { messageId, stop: false };
        yield* run.track.event('skip');
        return { status: 'skipped', error: null };
      }
      case 'SIMID:Creative:requestStop':
        if (run.ending) return yield* refuse(SIMID_ERROR.UNSPECIFIED, 'The advert is ending');
        endRequest = { messageId, stop: true };
        return { status: 'stopped', error: null };
      case 'SIMID:Creative:log':
        return null; // in the flight log as it came
      default:
        return yield* refuse(SIMID_ERROR.UNSUPPORTED, 'Not supported by this player');
    }
  };

  /** The creative's answer to the player's farewell, reportTracking answered meanwhile; not for ever. */
  const awaitAnswer = function* (run: AdRun<SimidWake>, to: number) {
    const answers = channel<SimidEvent | Timeout>(buffers.expanding(8));
    deliver = (event) => answers.put(event);
    const timer = yield* fork(function* () {
      yield* call([clock, clock.sleep], SIMID_END_MS);
      yield* put(answers, { type: 'simidTimeout', within: [] });
    });
    try {
      for (;;) {
        const event = yield* take(answers);
        if (event.type === 'simidTimeout') return;
        if ((event.type === 'resolve' || event.type === 'reject') && event.args.messageId === to)
          return;
        if (event.type === 'SIMID:Creative:reportTracking') yield* reportTracking(run, event);
      }
    } finally {
      yield* cancel(timer);
      answers.close();
    }
  };

  let loopRun: AdRun<SimidWake> | null = null;
  const driver: CreativeDriver<SimidWake> = {
    limits: video.limits,
    subscribe(emit) {
      const unsubscribeMedia = adMedia.subscribe(emit);
      deliver = emit;
      unsubscribeSimid = simid.subscribe((event) => deliver(event));
      return unsubscribeMedia; // the creative is heard to the ad's very end (end() lets it go)
    },
    *begin(run) {
      loopRun = run;
      yield* put(adsActions.simidLoading({ url: file.url }));
      yield* call([simid, simid.load], file.url);
      run.tasks.push(yield* fork(timeLimit, run, BEFORE_INIT, SIMID_READY_MS));
      yield* video.begin(asVideo(run));
    },
    *onEvent(run, event) {
      if (event.type === 'simidTimeout') {
        if (!event.within.includes(phase)) return null;
        if (phase === 'session') {
          const why = 'The SIMID creative did not create its session in time';
          yield* fallBack(run, SIMID_ERROR.SESSION_NOT_CREATED, why, false);
        } else if (phase === 'init') {
          const why = 'The SIMID creative did not answer init in time';
          yield* fallBack(run, SIMID_ERROR.NO_INIT_ANSWER, why, true);
        } else {
          const why = 'The SIMID creative did not answer startCreative in time';
          yield* fallBack(run, SIMID_ERROR.NO_START_ANSWER, why, true);
        }
        return null;
      }
      if (!isVideoEvent(event)) return yield* fromCreative(run, event);
      const first = event.type === 'playing' && !run.started;
      yield* toCreative(event);
      const outcome = yield* video.onEvent(asVideo(run), event);
      // SIMID 1.2 section 6.2: the first frame, the impression, then startCreative at once
      if (first && phase === 'ready' && !outcome) {
        phase = 'starting';
        pendingStart = yield* send('SIMID:Player:startCreative');
        run.tasks.push(yield* fork(timeLimit, run, BEFORE_START, SIMID_START_MS));
      }
      return outcome;
    },
    *play(run) {
      // SIMID 1.2 section 6.1: the video waits for the creative's init (or its failure)
      if (phase === 'session' || phase === 'init') return;
      if (live()) yield* send('SIMID:Media:play');
      yield* video.play(asVideo(run));
    },
    pause: () => video.pause(),
    setVolume: (volume, muted) => video.setVolume(volume, muted),
    *end(outcome) {
      yield* video.end(outcome);
      try {
        if (live() && loopRun) {
          if (phase === 'shown') yield* call([simid, simid.show], false);
          if (phase === 'starting') {
            // SIMID 1.2 section 4.3.10.1: no answer to startCreative by the ad's end
            const why = 'The SIMID creative did not answer startCreative';
            yield* put(adsActions.simidFailed({ code: SIMID_ERROR.NO_START_ANSWER, message: why }));
            yield* loopRun.track.errorTold(VAST_ERROR.INTERACTIVE);
          }
          if (endRequest) yield* call([simid, simid.resolve], endRequest.messageId);
          const [type, args] = farewell(outcome, endRequest?.stop === true);
          const id = yield* send(type, args);
          if (!(yield* cancelled())) yield* awaitAnswer(loopRun, id);
        }
      } finally {
        yield* unloadFrame();
        unsubscribeSimid?.();
      }
    },
  };
  return driver;
}
