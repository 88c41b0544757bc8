import { call, fork, put, race, select, takeLeading } from 'typed-redux-saga';
import { plain } from '../lib/plainEffects';
import { AD_ENGINE_CODE_MS } from './limits';
import { on, takeEach } from '../lib/takeEach';
import { selectBreakStart } from '../../src/state/selectors';
import {
  adRequests,
  adsActions,
  positionPercent,
  type BreakKind,
  selectAdsEpisodeId,
  selectHostHold,
  selectPrerollDue,
} from '../../src/state/ads';
import { playbackRequests, selectPlayedSeconds } from '../../src/state/playback';
import { selectBooted, selectFailure, systemActions } from '../../src/state/system';
import { getPorts } from '../lib/context';
import { ensureAdList } from './adList';
import { adEngine, type AdEngine } from './adEngineHandle';
import type { PreparedSession } from './openAdSession';
import { joinTask } from '../lib/tasks';

/**
 * The ad engine, loaded the first time a list has an advert (src/ports/loader.ts); null when it
 * cannot be had in time, and the film plays on without its adverts.
 */
function* loadedAdEngine() {
  const { loader, clock } = yield* getPorts();
  const { loaded } = yield* race({
    loaded: plain.call([loader, loader.loadAdEngine]),
    late: plain.call([clock, clock.sleep], AD_ENGINE_CODE_MS),
  });
  return loaded ? adEngine() : null;
}

/**
 * One ad break: content paused, each ad of the list in turn, then the ad player torn down and
 * content resumed where it was. Whatever happens inside, the finally block gives content back.
 */
function* runBreak(memory: AdsMemory, action: ReturnType<typeof adRequests.breakRequested>) {
  const { kind } = action.payload;
  const { media, adMedia } = yield* getPorts();
  const before = yield* select(selectBreakStart);
  if (before.active || (kind === 'preroll' && before.prerollDone)) return;
  let started = false;
  let passed = 'interrupted';
  let resume = true;
  const episodeChanged = function* () {
    return (yield* select(selectAdsEpisodeId)) !== before.episodeId;
  };
  try {
    // SPEC.md section 4: no pre-roll while the device is in native fullscreen.
    if (kind === 'preroll' && before.nativeFullscreen) return (passed = 'native fullscreen');
    const items = yield* ensureAdList();
    if (items.length === 0) return (passed = 'no ads');
    const engine: AdEngine | null = yield* loadedAdEngine();
    if (!engine) return (passed = 'no ad engine');
    if (yield* episodeChanged()) return;
    const early = yield* engine.startPreparedEarly(
      items[0]?.vastUrl === memory.prepared?.vastUrl ? memory.prepared : null,
    );
    // a message came meanwhile (blocked content, a failed stream): no advert plays behind it
    if (yield* select(selectFailure)) return (passed = 'failure');
    const sample = yield* call([media, media.sample]);
    if (kind === 'midroll') {
      resume = !sample.paused; // a viewer who paused meanwhile stays paused
      yield* put(playbackRequests.pauseRequested());
    }
    yield* put(
      adsActions.breakStarted({ kind, total: items.length, contentTime: sample.currentTime }),
    );
    started = true;
    yield* call([adMedia, adMedia.setVolume], before.volume, before.muted);
    yield* put(adsActions.volumeChanged({ volume: before.volume, muted: before.muted }));
    for (const [index, { vastUrl }] of items.entries()) {
      yield* put(adsActions.adCreated({ index, vastUrl }));
      const prepared = index === 0 && memory.prepared?.vastUrl === vastUrl ? memory.prepared : null;
      memory.prepared = null; // a prepared session is played once
      const session = prepared
        ? yield* joinTask(prepared.task)
        : yield* engine.openAdSession(vastUrl);
      const outcome = yield* call(
        engine.playAd,
        session,
        sample.currentTime,
        index === 0 ? early : null,
      );
      yield* put(
        adsActions.adEnded({
          ...outcome,
          position: Math.floor(sample.currentTime),
          perc: positionPercent(sample.currentTime, sample.duration),
        }),
      );
      if (yield* episodeChanged()) break; // an ad that stopped itself is followed by the next
    }
  } finally {
    const playedSeconds = yield* select(selectPlayedSeconds);
    const held = yield* select(selectHostHold); // the host page paused the player: it stays so
    const over = { kind, episodeId: before.episodeId, playedSeconds };
    if (started) {
      yield* call([adMedia, adMedia.unload]);
      yield* put(adsActions.breakEnded(over));
    } else yield* put(adsActions.breakPassed({ ...over, reason: passed }));
    // Content resumes where it was; after an episode change the new episode's own start decides.
    if (resume && !held && !(yield* episodeChanged())) yield* put(playbackRequests.playRequested());
  }
}

/**
 * The first play of an episode asks for its pre-roll (content waits: see contentHeldByAds); not
 * behind a message (blocked content, a failed stream).
 */
function* prerollOnFirstPlay() {
  if (yield* select(selectFailure)) return;
  const due = yield* select(selectPrerollDue);
  if (due) yield* put(adRequests.breakRequested({ kind: 'preroll' as BreakKind }));
}

/** The actor's memory across its tasks: at most one session prepared ahead of its break. */
interface AdsMemory {
  prepared: PreparedSession | null;
}

/** The ad list is fetched as soon as the player is ready, so the first play does not wait for it. */
function* prefetchAdList() {
  yield* ensureAdList();
}

/** Before the first play: the list, and the pre-roll's first ad resolved with its media file loading. */
function* prepareFirstAd(memory: AdsMemory) {
  const items = yield* ensureAdList();
  const first = items[0];
  const due = yield* select(selectPrerollDue);
  if (!first || !due || memory.prepared) return;
  const engine = yield* loadedAdEngine();
  // the break may have begun while the engine came: it opens its own session then
  if (!engine || memory.prepared || !(yield* select(selectPrerollDue))) return;
  memory.prepared = {
    vastUrl: first.vastUrl,
    task: yield* fork(engine.openAdSession, first.vastUrl, true),
  };
}

/**
 * The ad-break actor: pre-rolls on an episode's first play, mid-rolls when the watcher asks, each
 * ad from VAST fetch to tracking as a state machine whose every step is an action.
 */
export function* adsActor() {
  const memory: AdsMemory = { prepared: null };
  // started again after the boot (a crash): the pre-roll still due is prepared again
  if (yield* select(selectBooted)) yield* fork(prepareFirstAd, memory);
  yield* takeEach(
    on(systemActions.bootSucceeded, () => prepareFirstAd(memory)),
    on(adRequests.listUpdateRequested, prefetchAdList),
    on(playbackRequests.playRequested, prerollOnFirstPlay),
  );
  yield* takeLeading(adRequests.breakRequested.type, runBreak, memory);
}
