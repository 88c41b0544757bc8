import type { UnknownAction } from 'redux';
import { eventChannel } from 'redux-saga';
import { call, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import type { Episode } from '../../src/api/types';
import { PROTOCOL } from '../../src/app/protocol';
import type { PlayerState } from '../../src/state';
import { adsActions } from '../../src/state/ads';
import { contentActions } from '../../src/state/content';
import { mediaActions } from '../../src/state/playback';
import { selectCurrentEpisode } from '../../src/state/selectors';
import { systemActions } from '../../src/state/system';
import { uiRequests } from '../../src/state/ui';
import { getPorts } from '../lib/context';

/** The player's facts that the host page hears, as the event names it sees. */
const OUTBOUND: Record<string, string> = {
  [systemActions.bootSucceeded.type]: 'ready',
  [systemActions.bootFailed.type]: 'error',
  [mediaActions.playing.type]: 'play',
  [mediaActions.paused.type]: 'pause',
  [mediaActions.ended.type]: 'ended',
  [contentActions.episodeSelected.type]: 'episodeChanged',
  [mediaActions.autoplayMuted.type]: 'autoplayBlocked',
  [mediaActions.autoplayBlocked.type]: 'autoplayBlocked',
  [adsActions.breakStarted.type]: 'adBreakStarted',
  [adsActions.adStarted.type]: 'adStarted',
  [adsActions.adEnded.type]: 'adEnded',
  [adsActions.breakEnded.type]: 'adBreakEnded',
  // SPEC.md section 2: the close button of the fullscreen-stretched mode; the host page shrinks the frame
  [uiRequests.stretchedCloseRequested.type]: 'fullscreenStretchedExit',
};

function* postEvent(action: UnknownAction) {
  const { parent } = yield* getPorts();
  let data: unknown = action.payload ?? null;
  if (action.type === mediaActions.autoplayMuted.type) data = { fallback: 'muted' };
  if (action.type === mediaActions.autoplayBlocked.type) data = { fallback: 'play-button' };
  if (action.type === adsActions.adStarted.type || action.type === adsActions.adEnded.type) {
    const ad = (yield select((s: PlayerState) => s.ads.ad)) as PlayerState['ads']['ad'];
    data = ad && {
      id: ad.id,
      index: ad.index,
      title: ad.title,
      durationSec: ad.durationSec,
      status: ad.status,
      error: ad.error,
    };
  }
  if (action.type === contentActions.episodeSelected.type) {
    data = (yield select(selectCurrentEpisode)) as Episode | null; // SPEC.md section 4: the episode is the payload
  }
  yield call([parent, parent.post], { protocol: PROTOCOL, event: OUTBOUND[action.type], data });
}

/** SPEC.md section 2: a message from the parent window with action type click closes the menu. */
const isClick = (message: unknown) => {
  const m = message as { type?: unknown; action?: { type?: unknown } } | null;
  return m?.action?.type === 'click' || m?.type === 'click';
};

/** What the host page says; anything the player does not know is ignored. */
function* hearParent() {
  const { parent } = yield* getPorts();
  const channel = eventChannel<{ message: unknown }>((emit) =>
    parent.subscribe((message) => emit({ message })),
  );
  try {
    for (;;) {
      const { message } = (yield take(channel)) as { message: unknown };
      const menu = (yield select((s: PlayerState) => s.ui.menu)) as PlayerState['ui']['menu'];
      if (isClick(message) && menu !== null) yield put(uiRequests.menuClosed());
    }
  } finally {
    channel.close();
  }
}

/** The parent-window bridge: tells the host page what happens in the player, and hears it. */
export function* bridgeActor() {
  yield takeEvery(Object.keys(OUTBOUND), postEvent);
  yield fork(hearParent);
}
