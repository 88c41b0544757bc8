// One ad of a break: its session, played by its creative's driver through the one ad loop.
import type { SagaIterator } from 'redux-saga';
import { put, race } from 'typed-redux-saga';
import { adsActions } from '../../src/state/ads';
import { VAST_ERROR } from '../../src/vast/model';
import { offsetSeconds } from '../../src/vast/offsets';
import { getPorts } from '../lib/context';
import { plain } from '../lib/plainEffects';
import { runAdLoop } from './adLoop';
import type { AdOutcome } from './adOutcome';
import { SIMID_CODE_MS } from './limits';
import type { AdSession } from './openAdSession';
import { simidCreative } from './simidCreative';
import { trackUnplayable } from './tracking';
import { videoCreative, type EarlyPlay } from './videoCreative';
import { vpaidCreative } from './vpaidCreative';

/**
 * One ad of a break, from its open session to an end state: loaded -> started -> playing <-> paused
 * -> stopped | skipped | completed | error. Every step is an action.
 */
export function* playAd(
  session: AdSession,
  contentTime: number,
  early: EarlyPlay | null,
): SagaIterator<AdOutcome> {
  const { vastUrl, outcome, media, creative, simid } = session;
  if (outcome.kind === 'error') return yield* trackUnplayable(outcome.failure, contentTime);
  const { ad } = outcome;
  if (ad.ignoredUrls.length) yield* put(adsActions.urlsIgnored({ vastUrl, urls: ad.ignoredUrls }));
  const vpaid = creative === 'vpaid';
  yield* put(
    adsActions.adLoaded({
      id: ad.id,
      title: ad.title,
      durationSec: ad.durationSec ?? 0,
      skipOffsetSec: ad.skipOffset ? offsetSeconds(ad.skipOffset, ad.durationSec) : null,
      // a VPAID creative takes its own clicks
      clickThrough: vpaid ? null : ad.clickThrough,
      vpaid,
    }),
  );
  if (!media) {
    const code = VAST_ERROR.NO_SUPPORTED_MEDIA;
    return yield* trackUnplayable({ ...ad, code, message: 'No supported media file' }, contentTime);
  }
  if (vpaid)
    return yield* runAdLoop(ad, media.url, contentTime, yield* vpaidCreative(ad, media.url));
  if (creative !== 'simid' || !simid)
    return yield* runAdLoop(ad, media.url, contentTime, yield* videoCreative(media.url, early));
  if (simid.variableDuration) {
    // SIMID 1.2 section 5: a player that does not let the creative lengthen the ad plays none of it
    const message = 'The SIMID creative needs a variable duration, which the player does not allow';
    const code = VAST_ERROR.INTERACTIVE_NOT_EXECUTED;
    return yield* trackUnplayable({ ...ad, code, message }, contentTime);
  }
  // the creative's frame comes with the first SIMID advert (the loader port); without it in time,
  // the plain video
  const { loader, clock } = yield* getPorts();
  const { loaded } = yield* race({
    loaded: plain.call([loader, loader.loadSimid]),
    late: plain.call([clock, clock.sleep], SIMID_CODE_MS),
  });
  if (!loaded) {
    const video = yield* videoCreative(media.url, early);
    return yield* runAdLoop(ad, media.url, contentTime, {
      ...video,
      *begin(run) {
        yield* put(adsActions.simidLoading({ url: simid.url }));
        const message = 'The SIMID creative’s code could not be loaded in time';
        yield* put(adsActions.simidFailed({ code: null, message }));
        yield* run.track.errorTold(VAST_ERROR.INTERACTIVE);
        yield* video.begin(run);
      },
    });
  }
  return yield* runAdLoop(ad, media.url, contentTime, yield* simidCreative(ad, simid, media.url));
}
