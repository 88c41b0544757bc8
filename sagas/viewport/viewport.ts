import { eventChannel } from 'redux-saga';
import { put, take } from 'redux-saga/effects';
import type { ViewportEvent } from '../../src/ports/types';
import { viewportActions } from '../../src/state/viewport';
import { getPorts } from '../lib/context';

type Sighting = ViewportEvent | { type: 'page'; hidden: boolean };

/** The viewport actor: where the player is on screen and whether the page is visible, as actions. */
export function* viewportActor() {
  const { viewport, page } = yield* getPorts();
  const channel = eventChannel<Sighting>((emit) => {
    const stopViewport = viewport.subscribe(emit);
    const stopPage = page.subscribe(({ hidden }) => emit({ type: 'page', hidden }));
    return () => {
      stopViewport();
      stopPage();
    };
  });
  try {
    for (;;) {
      const event = (yield take(channel)) as Sighting;
      if (event.type === 'page')
        yield put(viewportActions.pageVisibilityChanged({ hidden: event.hidden }));
      else if (event.type === 'intersection')
        yield put(viewportActions.intersectionChanged({ ratio: event.ratio }));
      else
        yield put(
          viewportActions.fullscreenChanged({ active: event.active, native: event.native }),
        );
    }
  } finally {
    channel.close();
  }
}
