import type { Task } from 'redux-saga';
import { call, cancel, fork, put, select, take } from 'typed-redux-saga';
import { DEFAULT_TIMEOUT_MS } from '../../src/api/endpoints';
import type { HttpRequest } from '../../src/ports/types';
import type { PlayerState } from '../../src/state';
import { mediaActions } from '../../src/state/playback';
import { selectThumbnailsSource, streamActions } from '../../src/state/stream';
import { NO_THUMBNAILS } from '../../src/stream/thumbnails';
import { getPorts } from '../lib/context';
import { untilFirstFrameSettled } from '../lib/firstFrameSettled';
import { thumbnailsReader } from './readerHandle';

const selectStarted = (s: PlayerState) => s.media.started;
const selectStreamLoaded = (s: PlayerState) => s.stream.url !== null;
const selectSaveData = (s: PlayerState) => s.stream.saveData;

/**
 * The loaded stream's thumbnails file, once its film has shown its first frame and the session's
 * first frame has settled (docs/startup.md: nothing is fetched on the way to it, nor in its task),
 * unless its cues are already here. A file that cannot be had, or holds no cues, or whose reader
 * cannot be loaded, only means no previews. Under Save-Data the viewer asked for less traffic: the
 * sprites are not worth it, the bar shows the time alone.
 */
function* loadThumbnails() {
  yield* untilFirstFrameSettled();
  if (!(yield* select(selectStarted))) yield* take(mediaActions.playing.type);
  const { src, loadedFrom, failed } = yield* select(selectThumbnailsSource);
  if (!src || (loadedFrom === src && !failed) || (yield* select(selectSaveData))) return;
  const { http, loader } = yield* getPorts();
  const request: HttpRequest = {
    method: 'GET',
    url: src,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    responseType: 'text',
  };
  try {
    const res = yield* call([http, http.request], request);
    if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}`);
    if (!(yield* call([loader, loader.loadThumbnailsReader])))
      throw new Error('the thumbnails reader could not be loaded');
    const thumbnails =
      typeof res.data === 'string' ? thumbnailsReader()(res.data, src) : NO_THUMBNAILS;
    yield* put(streamActions.thumbnailsLoaded({ src, ...thumbnails }));
  } catch (error) {
    yield* put(streamActions.thumbnailsFailed({ src, detail: String(error) }));
  }
}

/**
 * The thumbnails actor: fetches the progress bar's preview cues for each stream loaded. A new load
 * cancels the last one's fetch; started again after a crash, it goes on with the stream loaded.
 */
export function* thumbnailsActor() {
  let task: Task | null = null;
  if (yield* select(selectStreamLoaded)) task = yield* fork(loadThumbnails);
  for (;;) {
    yield* take(streamActions.loadStarted.type);
    if (task) yield* cancel(task);
    task = yield* fork(loadThumbnails);
  }
}
