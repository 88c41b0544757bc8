import { call, put, select, takeEvery } from 'typed-redux-saga';
import { selectBootEnded } from '../../src/state/system';
import {
  selectSubtitleStyle,
  subtitleStyleActions,
  subtitleStyleRequests,
} from '../../src/state/subtitleStyle';
import { getPorts } from '../lib/context';
import { SUBTITLE_STYLE_KEY } from '../lib/storageKeys';
import { storedSubtitleStyle } from '../lib/storedValues';

function* rememberSubtitleStyle() {
  const { storage } = yield* getPorts();
  const style = yield* select(selectSubtitleStyle);
  yield* call([storage, storage.set], SUBTITLE_STYLE_KEY, JSON.stringify(style));
}

/**
 * The preferences actor: how the viewer wants subtitles to look, read back from the last session
 * and remembered at each change. (The stream actor keeps the subtitles and the speed themselves.)
 */
export function* preferencesActor() {
  // started again after the boot, the actor keeps this session's style
  if (!(yield* select(selectBootEnded))) {
    const { storage } = yield* getPorts();
    const style = storedSubtitleStyle(yield* call([storage, storage.get], SUBTITLE_STYLE_KEY));
    if (style) yield* put(subtitleStyleActions.restored(style));
  }
  yield* takeEvery(subtitleStyleRequests.styleRequested.type, rememberSubtitleStyle);
}
