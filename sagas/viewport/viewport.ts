import { buffers, eventChannel } from 'redux-saga';
import { call, fork, put, select, take } from 'typed-redux-saga';
import { STRETCHED_MODE } from '../../src/shared/config';
import type { ViewportEvent } from '../../src/ports/types';
import { uiRequests } from '../../src/state/ui';
import { viewportActions, selectStretched } from '../../src/state/viewport';
import { getConfig, getPorts } from '../lib/context';
import { on, takeEach } from '../lib/takeEach';

type Sighting = ViewportEvent | { type: 'page'; hidden: boolean };

function toAction(event: Sighting) {
  switch (event.type) {
    case 'page':
      return viewportActions.pageVisibilityChanged({ hidden: event.hidden });
    case 'intersection':
      return viewportActions.intersectionChanged({ ratio: event.ratio });
    case 'fullscreen':
      return viewportActions.fullscreenChanged({ active: event.active, native: event.native });
    case 'layout':
      return viewportActions.layoutChanged({ wide: event.wide });
    case 'pictureInPicture':
      return viewportActions.pictureInPictureChanged({ active: event.active });
    case 'capabilities': {
      const { type: _, ...capabilities } = event;
      return viewportActions.capabilitiesFound(capabilities);
    }
    case 'playbackTargets':
      return viewportActions.playbackTargetsChanged({
        kind: event.kind,
        available: event.available,
      });
  }
}

/** The viewer's display commands, carried out by the port within the click that asked for them. */
function* displayCommands() {
  const { viewport } = yield* getPorts();
  const config = yield* getConfig();
  // the fullscreen-stretched mode: the host page stretches the frame (the bridge tells it)
  const stretchedMode = config.fullscreenMode === STRETCHED_MODE && config.embedded;
  yield* takeEach(
    on(uiRequests.fullscreenToggled, function* () {
      if (!stretchedMode) {
        yield* call([viewport, viewport.toggleFullscreen]);
        return;
      }
      const stretched = yield* select(selectStretched);
      yield* put(viewportActions.stretchedChanged({ active: !stretched }));
    }),
    on(uiRequests.stretchedCloseRequested, function* () {
      yield* put(viewportActions.stretchedChanged({ active: false }));
    }),
    on(uiRequests.pictureInPictureToggled, function* () {
      yield* call([viewport, viewport.togglePictureInPicture]);
    }),
    on(uiRequests.castRequested, function* ({ payload }) {
      yield* call([viewport, viewport.showPlaybackTargets], payload.kind);
    }),
  );
}

/**
 * The viewport actor: where the player is on screen, how it is shown and whether the page is
 * visible, as actions; and the fullscreen, picture-in-picture and casting commands.
 */
export function* viewportActor() {
  const { viewport, page } = yield* getPorts();
  yield* fork(displayCommands);
  // Buffered: the ports report the layout, the capabilities and a hidden page as they subscribe.
  const channel = eventChannel<Sighting>((emit) => {
    const stopViewport = viewport.subscribe(emit);
    const stopPage = page.subscribe(({ hidden }) => emit({ type: 'page', hidden }));
    return () => {
      stopViewport();
      stopPage();
    };
  }, buffers.expanding(8));
  try {
    for (;;) yield* put(toAction(yield* take(channel)));
  } finally {
    channel.close();
  }
}
