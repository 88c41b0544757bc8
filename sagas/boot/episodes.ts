import type { Task } from 'redux-saga';
import { call, fork, join, put, race, select, take, takeLatest } from 'redux-saga/effects';
import type { PlayerState } from '../../src/state';
import { adRequests, adsActions } from '../../src/state/ads';
import { contentActions } from '../../src/state/content';
import { resumeActions } from '../../src/state/resume';
import { AD_LIST_TIMEOUT_MS } from '../ads/limits';
import { getPorts } from '../lib/context';

function* listSettled() {
  const { clock } = yield* getPorts();
  yield race({
    loaded: take(adsActions.listLoaded.type),
    failed: take(adsActions.listFailed.type),
    // the ad actor may be gone: the episode never waits longer than the list's own limit
    timeout: call([clock, clock.sleep], AD_LIST_TIMEOUT_MS + 1_000),
  });
}

/** SPEC.md section 4: the ad list is refreshed before another episode is selected. */
function* refreshAdList() {
  yield put(adsActions.listReset());
  const settled = (yield fork(listSettled)) as Task; // listening before asking: the answer may be immediate
  yield put(adRequests.listUpdateRequested());
  yield join(settled);
}

function* selectEpisode(action: ReturnType<typeof contentActions.episodeRequested>) {
  const { current, exists, multi } = (yield select((s: PlayerState) => ({
    current: s.content.currentEpisodeId,
    exists: s.content.episodes.some((e) => e.id === action.payload.episodeId),
    multi: s.content.content?.hasMultipleEpisodes ?? false,
  }))) as { current: number | null; exists: boolean; multi: boolean };
  if (!exists || current === action.payload.episodeId) return;
  yield* refreshAdList();
  // SPEC.md section 4: no continue prompt after the first start; autoplay after an episode change of a series.
  yield put(resumeActions.decided({ savedTime: null, promptVisible: false, autoplay: multi }));
  yield put(contentActions.episodeSelected({ episodeId: action.payload.episodeId }));
}

/** The episodes actor: another episode, asked for by the viewer, the host or the end of the current one. */
export function* episodesActor() {
  yield takeLatest(contentActions.episodeRequested.type, selectEpisode);
}
