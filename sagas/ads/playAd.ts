// One ad of a break: its session, played by its creative's driver through the one ad loop.
import type { SagaIterator } from 'redux-saga';
import type { AdMediaEvent, VpaidEvent } from '../../src/ports/types';
import type { PlayOutcome } from '../../src/shared/media';
import { call, fork, put, select } from 'typed-redux-saga';
import { adsActions } from '../../src/state/ads';
import { VAST_ERROR } from '../../src/vast/model';
import { offsetSeconds } from '../../src/vast/offsets';
import { getPorts } from '../lib/context';
import type { TaskOf } from '../lib/tasks';
import { adWanted, runAdLoop, type AdOutcome } from './adLoop';
import type { AdSession } from './openAdSession';
import { trackUnplayable } from './tracking';
import { playWithinLimit, videoCreative } from './videoCreative';
import { vpaidCreative } from './vpaidCreative';

/** A session prepared before its break: opening, or open. */
export interface PreparedSession {
  vastUrl: string;
  task: TaskOf<AdSession>;
}

/**
 * The prepared ad started at the very head of its break when it is open, loaded and wanted, so the
 * click's first ad frame does not wait for the break's bookkeeping. Null when it cannot be.
 */
export function* startPreparedEarly(prepared: PreparedSession | null) {
  if (!prepared || prepared.task.isRunning()) return null;
  const session = prepared.task.result();
  if (!session?.preloaded || !session.media) return null;
  if (!(yield* select(adWanted))) return null;
  const { adMedia } = yield* getPorts();
  const loaded = yield* call([adMedia, adMedia.load], session.media.url);
  if (!loaded.ready) return null;
  yield* call([adMedia, adMedia.show], true);
  return yield* fork(playWithinLimit);
}

/**
 * One ad of a break, from its open session to an end state: loaded -> started -> playing <-> paused
 * -> stopped | skipped | completed | error. Every step is an action.
 */
export function* playAd(
  session: AdSession,
  contentTime: number,
  early: TaskOf<PlayOutcome | null> | null,
): SagaIterator<AdOutcome> {
  const { vastUrl, outcome, media, creative } = session;
  if (outcome.kind === 'error') {
    const { failure } = outcome;
    return yield* trackUnplayable(failure.errorUrls, failure.code, failure.message, contentTime);
  }
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
  if (!media)
    return yield* trackUnplayable(
      ad.errorUrls,
      VAST_ERROR.NO_SUPPORTED_MEDIA,
      'No supported media file',
      contentTime,
    );
  if (vpaid) {
    const driver = yield* vpaidCreative(ad, media.url);
    return yield* call(runAdLoop<VpaidEvent>, ad, media.url, contentTime, driver);
  }
  const driver = yield* videoCreative(media.url, early);
  return yield* call(runAdLoop<AdMediaEvent>, ad, media.url, contentTime, driver);
}
