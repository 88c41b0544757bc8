// What a SIMID creative asks of the player once its session is live: each request carried out or
// refused (SIMID 1.2 section 4.4), and the skip or stop the ad ends on, answered as it ends.
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'typed-redux-saga';
import type { SimidEvent, SimidPort } from '../../src/ports/types';
import { adRequests, selectSkipOffset } from '../../src/state/ads';
import { selectPlayerState } from '../../src/state/selectors';
import { isHttpUrl } from '../../src/vast/urls';
import type { AdRun } from './adLoop';
import type { AdOutcome } from './adOutcome';
import { playerStateOf } from './playerMacros';
import { MAX_REPORTED_URLS, SIMID_ERROR, type SkippableState } from './simidProtocol';
import type { SimidWake } from './simidWake';

/** The creative's messages other than its session's own (createSession, its answers, its failure). */
export type SimidRequest = Exclude<
  SimidEvent,
  { type: 'createSession' | 'resolve' | 'reject' | 'SIMID:Creative:fatalError' | 'frameResized' }
>;

/** The requests of one ad's creative, its video `mediaUrl`. */
export function simidRequests(simid: SimidPort, mediaUrl: string, skippableState: SkippableState) {
  /** the creative's requestSkip or requestStop the ad ends on: answered as it ends */
  let endRequest: { messageId: number; stop: boolean } | null = null;
  let reportedUrls = 0;

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

  /** The viewer's own pause or play, as the creative asks it on the viewer's behalf. */
  const playPause = function* (run: AdRun<SimidWake>, pause: boolean) {
    if (run.paused !== pause) yield* put(adRequests.playPauseRequested());
  };

  /** One request of the creative's: carried out or refused, or the ad's end. */
  const request = function* (
    run: AdRun<SimidWake>,
    event: SimidRequest,
  ): SagaIterator<AdOutcome | null> {
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

  return {
    reportTracking,
    request,
    /** the requestSkip or requestStop the ad ends on, if any */
    endRequest: () => endRequest,
  };
}
