import { put, select, takeEvery } from 'redux-saga/effects';
import type { PlayerState } from '../../src/state';
import { playbackRequests } from '../../src/state/playback';
import { resumeActions } from '../../src/state/resume';

function* continueWatching() {
  const savedTime = (yield select((s: PlayerState) => s.resume.savedTime)) as number | null;
  if (savedTime !== null) yield put(playbackRequests.seekRequested({ time: savedTime }));
  yield put(playbackRequests.playRequested());
}

function* startOver() {
  yield put(playbackRequests.seekRequested({ time: 0 }));
  yield put(playbackRequests.playRequested());
}

/** The progress actor: the viewer's answer to the continue prompt. */
export function* progressActor() {
  yield takeEvery(resumeActions.continueRequested.type, continueWatching);
  yield takeEvery(resumeActions.startOverRequested.type, startOver);
}
