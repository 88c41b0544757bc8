import { put, select, takeLatest } from 'typed-redux-saga';
import {
  contentActions,
  selectCurrentEpisodeId,
  selectHasEpisode,
  selectHasMultipleEpisodes,
} from '../../src/state/content';
import { resumeActions } from '../../src/state/resume';
import { refreshAdList } from '../lib/adListSettled';

function* selectEpisode(action: ReturnType<typeof contentActions.episodeRequested>) {
  const current = yield* select(selectCurrentEpisodeId);
  const exists = yield* select(selectHasEpisode, action.payload.episodeId);
  const multi = yield* select(selectHasMultipleEpisodes);
  if (!exists || current === action.payload.episodeId) return;
  yield* refreshAdList();
  // SPEC.md section 4: no continue prompt after the first start; autoplay after an episode change of a series.
  yield* put(resumeActions.decided({ savedTime: null, promptVisible: false, autoplay: multi }));
  yield* put(contentActions.episodeSelected({ episodeId: action.payload.episodeId }));
}

/** The episodes actor: another episode, asked for by the viewer, the host or the end of the current one. */
export function* episodesActor() {
  yield* takeLatest(contentActions.episodeRequested.type, selectEpisode);
}
