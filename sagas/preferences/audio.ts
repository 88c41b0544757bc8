import { call, select } from 'typed-redux-saga';
import { selectContentId } from '../../src/state/content';
import { selectAudioTrackById, type streamRequests } from '../../src/state/stream';
import { audioMemoryKey, FAVOURITES_KEPT } from '../../src/stream/audioTracks';
import { getPorts } from '../lib/context';
import { FAVOURITE_AUDIO_KEY } from '../lib/storageKeys';
import { storedLabels } from '../lib/storedValues';

/**
 * The audio track chosen (the stream actor switches to it): its label remembered for this content,
 * and first among the viewer's favourite labels (SPEC.md section 3), the last chosen first.
 */
export function* rememberAudio(action: ReturnType<typeof streamRequests.audioTrackRequested>) {
  const { storage } = yield* getPorts();
  const track = yield* select(selectAudioTrackById, action.payload.id);
  if (!track) return;
  const contentId = (yield* select(selectContentId)) || 0;
  yield* call([storage, storage.set], audioMemoryKey(contentId), track.name);
  const stored = yield* call([storage, storage.get], FAVOURITE_AUDIO_KEY);
  const others = storedLabels(stored, FAVOURITES_KEPT).filter((label) => label !== track.name);
  const favourites = [track.name, ...others].slice(0, FAVOURITES_KEPT);
  yield* call([storage, storage.set], FAVOURITE_AUDIO_KEY, JSON.stringify(favourites));
}
