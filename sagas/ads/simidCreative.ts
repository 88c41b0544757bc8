// The creative driver of an ad with a SIMID 1.2 creative: the ad's video as the video driver plays
// it, and over it the creative's page in its frame, spoken to through the SIMID port. A creative that
// fails in any way leaves the ad to play on as its plain video, its Error URLs told 902.
// Its requests are carried out in simidRequests.ts; what the player says to any creative is in
// simidProtocol.ts, what wakes the ad's loop in simidWake.ts.
import { buffers, channel, type SagaIterator } from 'redux-saga';
import { call, cancel, cancelled, fork, put, select, take } from 'typed-redux-saga';
import type { SimidEvent, SimidPlayerMessage } from '../../src/ports/types';
import { adsActions } from '../../src/state/ads';
import { selectPlayerState } from '../../src/state/selectors';
import { VAST_ERROR, type VastAd, type VastInteractiveCreativeFile } from '../../src/vast/model';
import { getPorts } from '../lib/context';
import { decide, type AdRun, type CreativeDriver } from './adLoop';
import type { AdOutcome } from './adOutcome';
import { SIMID_END_MS, SIMID_READY_MS, SIMID_START_MS } from './limits';
import { playerStateOf } from './playerMacros';
import { farewell, initArgs, SIMID_ERROR, type SkippableState } from './simidProtocol';
import { simidRequests } from './simidRequests';
import type { Phase, SimidWake, Timeout } from './simidWake';
import { videoCreative, type VideoEvent } from './videoCreative';

export { MAX_REPORTED_URLS, SIMID_ERROR, SIMID_USER_AGENT, SIMID_VERSION } from './simidProtocol';
export type { SimidWake } from './simidWake';

/** SIMID:Media:timeupdate at most this often in media time (SIMID asks for one every 250 ms). */
const TIMEUPDATE_EVERY_S = 0.2;

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
  // the player's own skip button when the VAST gives a skip offset; else the creative's to draw
  const skippableState: SkippableState = ad.skipOffset ? 'playerHandles' : 'adHandles';
  let sentDuration = 0;
  let sentTime: number | null = null;
  /** where the creative's messages go: the loop's inbox, then the ad's end */
  let deliver: (event: SimidEvent) => void = () => undefined;
  let unsubscribeSimid: (() => void) | null = null;
  const requests = simidRequests(simid, mediaUrl, skippableState);

  const live = () => LIVE.has(phase);
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
        pendingInit = yield* send(
          'SIMID:Player:init',
          yield* initArgs(adMedia, ad, skippableState),
        );
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
    return yield* requests.request(run, event);
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
        if (event.type === 'SIMID:Creative:reportTracking')
          yield* requests.reportTracking(run, event);
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
          const endRequest = requests.endRequest();
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
