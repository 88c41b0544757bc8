import { eventChannel, type EventChannel } from 'redux-saga';
import { call, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { getJson } from '../../src/api/http';
import type { MasterJson } from '../../src/api/types';
import type { MediaEvent, PlayOutcome, StreamEngine } from '../../src/ports/types';
import { contentActions } from '../../src/state/content';
import { mediaActions, playbackRequests } from '../../src/state/playback';
import type { PlayerState } from '../../src/state';
import { selectCurrentEpisode } from '../../src/state/selectors';
import { streamActions } from '../../src/state/stream';
import { systemActions } from '../../src/state/system';
import { defaultSource, isMasterJson, isMasterJsonShape, withOrigin } from '../../src/stream/links';
import { getConfig, getPorts } from '../lib/context';
import { mediaEventToAction } from './mediaEventToAction';

function* forwardMediaEvents(channel: EventChannel<MediaEvent>) {
  for (;;) {
    const event = (yield take(channel)) as MediaEvent;
    yield put(mediaEventToAction(event));
  }
}

/** The playable HLS address of a stream path: itself, or the default source of its master JSON. */
function* resolveStreamUrl(path: string) {
  const config = yield* getConfig();
  const { http } = yield* getPorts();
  const url = withOrigin(path, config.envBaseUrl);
  if (!isMasterJson(url)) return url;
  try {
    const master = (yield call(getJson<MasterJson>, http, url)) as unknown;
    const source = isMasterJsonShape(master) ? defaultSource(master) : null;
    if (!source) throw new Error('The master JSON has no source');
    return withOrigin(source.link, url);
  } catch (error) {
    yield put(
      systemActions.bootFailed({
        reason: 'master-load-failed',
        errorId: null,
        address: url,
        detail: String(error),
      }),
    );
    return null;
  }
}

function* loadCurrentEpisode() {
  const config = yield* getConfig();
  const { media } = yield* getPorts();
  const episode = (yield select(selectCurrentEpisode)) as ReturnType<typeof selectCurrentEpisode>;
  if (!episode) return;
  const url = (yield* resolveStreamUrl(episode.m3u8MasterFilePath)) as string | null;
  if (!url) return;
  yield put(mediaActions.reset());
  yield put(streamActions.loadStarted({ url }));
  const { engine } = (yield call([media, media.load], { url, startAt: config.startTime ?? 0 })) as {
    engine: StreamEngine;
  };
  yield put(streamActions.attached({ engine }));
  const { autoplay } = (yield select((s: PlayerState) => s.resume)) as PlayerState['resume'];
  if (autoplay) yield put(playbackRequests.playRequested());
}

function* play() {
  const { media } = yield* getPorts();
  const outcome = (yield call([media, media.play])) as PlayOutcome;
  if (!outcome.ok && outcome.reason === 'not-allowed') yield put(mediaActions.autoplayBlocked());
}

/** The stream actor: owns the media port, loads the chosen episode and carries out playback intents. */
export function* streamActor() {
  const { media } = yield* getPorts();
  const channel = eventChannel<MediaEvent>((emit) => media.subscribe(emit));
  try {
    yield takeLatest(contentActions.episodeSelected.type, loadCurrentEpisode);
    yield takeEvery(playbackRequests.playRequested.type, play);
    yield takeEvery(playbackRequests.pauseRequested.type, function* () {
      yield call([media, media.pause]);
    });
    yield takeEvery(
      playbackRequests.seekRequested.type,
      function* (action: ReturnType<typeof playbackRequests.seekRequested>) {
        yield call([media, media.seek], action.payload.time);
      },
    );
    yield call(forwardMediaEvents, channel);
  } finally {
    channel.close();
  }
}
