import type { UnknownAction } from 'redux';
import { put, select, take } from 'typed-redux-saga';
import { ANNOUNCED_ACTIONS, announcementFor } from '../../src/state/announcements';
import { selectPlayerState } from '../../src/state/selectors';
import { uiActions } from '../../src/state/ui';
import { anyOf } from '../lib/anyOf';

const announced = anyOf(ANNOUNCED_ACTIONS);

/**
 * The announcer: tells the status region what changed (play, pause, a seek's landing, volume,
 * speed, quality, subtitles, fullscreen, picture-in-picture, the adverts). It remembers nothing
 * and reads no clock, so a replay may start it anywhere; the region paces what it says
 * (StatusRegion.tsx).
 */
export function* announcerActor() {
  for (;;) {
    const action = (yield* take(announced)) as UnknownAction;
    const words = announcementFor(action, yield* select(selectPlayerState));
    if (words !== null) yield* put(uiActions.announced({ text: words }));
  }
}
