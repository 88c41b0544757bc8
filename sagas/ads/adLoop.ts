// What an ad's loop is made of, for video ads and VPAID creatives alike: one inbox that the ad's
// events, the viewer's and the page's actions and a watchdog all write to, read in order.
import type { Action } from 'redux';
import {
  buffers,
  channel,
  eventChannel,
  type Channel,
  type EventChannel,
  type Task,
} from 'redux-saga';
import { call, cancel, fork, put, take, takeEvery } from 'typed-redux-saga';
import type { PlayOutcome } from '../../src/shared/media';
import type { PlayerState } from '../../src/state';
import { adRequests, type AdEndStatus } from '../../src/state/ads';
import { contentActions } from '../../src/state/content';
import { viewportActions } from '../../src/state/viewport';
import type { VastErrorCode } from '../../src/vast/model';
import { getPorts } from '../lib/context';
import { VISIBILITY_THRESHOLD, WATCHDOG_MS } from './limits';
import { anyOf } from '../lib/anyOf';

export interface AdOutcome {
  status: AdEndStatus;
  error: { code: VastErrorCode; message: string } | null;
}

/** VAST quartile events at 25, 50 and 75% of the duration (SPEC.md section 9). */
export const QUARTILES: [string, number][] = [
  ['firstQuartile', 0.25],
  ['midpoint', 0.5],
  ['thirdQuartile', 0.75],
];

/** What wakes an ad's loop: its own events, a play attempt's outcome, an action, the watchdog. */
export type Wake<E> =
  | { kind: 'media'; event: E }
  | { kind: 'played'; outcome: PlayOutcome | null }
  | { kind: 'action'; action: Action }
  | { kind: 'watchdog'; now: number };

const WAKING_ACTIONS = anyOf([
  adRequests.skipRequested.type,
  adRequests.clickThroughRequested.type,
  adRequests.playPauseRequested.type,
  adRequests.volumeRequested.type,
  viewportActions.pageVisibilityChanged.type,
  viewportActions.intersectionChanged.type,
  contentActions.episodeSelected.type,
]);

function* forwardEvents<E extends object>(events: EventChannel<E>, inbox: Channel<Wake<E>>) {
  for (;;) {
    const event = yield* take<E>(events);
    yield* put(inbox, { kind: 'media', event });
  }
}

function* watchdog<E>(inbox: Channel<Wake<E>>) {
  const { clock } = yield* getPorts();
  for (;;) {
    yield* call([clock, clock.sleep], WATCHDOG_MS);
    yield* put(inbox, { kind: 'watchdog', now: yield* call([clock, clock.now]) });
  }
}

/** The inbox of one ad, fed until close(): call close() in the ad's finally block. */
export function* openInbox<E extends object>(subscribe: (emit: (event: E) => void) => () => void) {
  const events = eventChannel<E>(subscribe, buffers.expanding(16));
  const inbox = channel<Wake<E>>(buffers.expanding(16));
  const tasks: Task[] = [
    yield* fork(forwardEvents<E>, events, inbox),
    yield* fork(watchdog<E>, inbox),
    yield* takeEvery(WAKING_ACTIONS, function* (action: Action) {
      yield* put(inbox, { kind: 'action', action });
    }),
  ];
  const close = function* () {
    for (const task of tasks) yield* cancel(task);
    events.close();
    inbox.close();
  };
  return { inbox, tasks, close };
}

/** SPEC.md section 4: hidden stops; the viewer's click decides; otherwise 51% visible plays. */
export const adWanted = (s: PlayerState) =>
  !s.viewport.hidden &&
  (s.ads.userChoice === 'play' ||
    (s.ads.userChoice === null &&
      !(s.ads.ad?.needsClick ?? false) &&
      s.viewport.visibleRatio >= VISIBILITY_THRESHOLD));
