import type { Task } from 'redux-saga';
import { call, fork, getContext, put, select, take } from 'typed-redux-saga';
import type { Ports } from '../../src/ports/types';
import type { PlayerState } from '../../src/state';
import { ANNOUNCED_ACTIONS } from '../../src/state/announcedActions';
import { selectPlayerState } from '../../src/state/selectors';
import { uiActions } from '../../src/state/ui';
import { actionWhere, anyOf } from '../lib/anyOf';
import { announcerWords } from './wordsHandle';

const announced = actionWhere(anyOf(ANNOUNCED_ACTIONS));
const selectViewMounted = (s: PlayerState) => s.ui.viewMounted;

/** At most one message per this many milliseconds: a screen reader still says each whole. */
export const ANNOUNCE_GAP_MS = 500;

/**
 * The announcer: tells the status region what changed (play, pause, a seek's landing, volume,
 * speed, quality, subtitles and their style, the voice-over, an episode, the connection,
 * fullscreen, picture-in-picture, the adverts), at most once per half second. Words that come
 * sooner wait their turn, one per kind of change (a volume dragged says its last value only).
 * When it last spoke is in the state, so a replay may start it at any checkpoint where no words
 * wait. Its words come with the interface, whose status region says them: what changes before
 * that has no one to be told to.
 */
export function* announcerActor() {
  const { clock } = yield* getContext<Ports>('ports');
  if (!(yield* select(selectViewMounted))) yield* take(uiActions.viewMounted.type);
  const announcementFor = announcerWords();
  const held = new Map<string, string>(); // by the action's type, in the order they came
  let speaking: Task | null = null;
  function* sayInTurn() {
    for (let next = held.entries().next(); !next.done; next = held.entries().next()) {
      let now = yield* call([clock, clock.now]);
      const lastAt = (yield* select((s: PlayerState) => s.ui.announcement?.atMs)) ?? -Infinity;
      if (now - lastAt < ANNOUNCE_GAP_MS) {
        yield* call([clock, clock.sleep], lastAt + ANNOUNCE_GAP_MS - now);
        now = yield* call([clock, clock.now]);
      }
      // the kind's latest words (they may have changed during the wait)
      const [kind] = next.value;
      const text = held.get(kind) ?? next.value[1];
      held.delete(kind);
      yield* put(uiActions.announced({ text, atMs: now }));
    }
  }
  for (;;) {
    const action = yield* take(announced);
    const words = announcementFor(action, yield* select(selectPlayerState));
    if (words === null) continue;
    held.set(action.type, words);
    if (!speaking?.isRunning()) speaking = yield* fork(sayInTurn);
  }
}
