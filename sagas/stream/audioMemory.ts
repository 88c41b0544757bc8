// The stream's audio tracks: ordered and the remembered one switched on as they come, and the
// viewer's choice carried out.
import { call, put, select } from 'typed-redux-saga';
import type { MediaTrack } from '../../src/shared/media';
import { selectContentId } from '../../src/state/content';
import { streamActions, selectAudioTrackById, type streamRequests } from '../../src/state/stream';
import {
  audioMemoryKey,
  chooseAudioTrack,
  DEFAULT_LANG_ORDER,
  FAVOURITES_KEPT,
  orderAudioTracks,
} from '../../src/stream/audioTracks';
import { getConfig, getPorts } from '../lib/context';
import { FAVOURITE_AUDIO_KEY } from '../lib/storageKeys';
import { storedLabels } from '../lib/storedValues';

function* contentId() {
  return (yield* select(selectContentId)) || 0;
}

/**
 * Audio tracks in order, the remembered label (or the first) switched on. For content with no
 * remembered choice the viewer's favourite labels come before the language order. (Both are read
 * here, as the tracks come: the label is kept by content, which only the catalog's answer names;
 * the preferences actor writes them.)
 */
export function* applyAudioTracks(tracks: MediaTrack[], current: number) {
  const { media, storage } = yield* getPorts();
  const config = yield* getConfig();
  const remembered = yield* call([storage, storage.get], audioMemoryKey(yield* contentId()));
  const favourites = remembered
    ? []
    : storedLabels(yield* call([storage, storage.get], FAVOURITE_AUDIO_KEY), FAVOURITES_KEPT);
  const langOrder = config.langOrder ?? DEFAULT_LANG_ORDER;
  const ordered = orderAudioTracks(tracks, langOrder, favourites);
  yield* put(streamActions.audioTracksLoaded({ tracks: ordered, current }));
  const chosen = chooseAudioTrack(ordered, remembered);
  if (chosen && chosen.id !== current) yield* call([media, media.setAudioTrack], chosen.id);
}

/** The audio track chosen, when the stream has it (the preferences actor remembers it). */
export function* switchAudio(action: ReturnType<typeof streamRequests.audioTrackRequested>) {
  const { media } = yield* getPorts();
  const track = yield* select(selectAudioTrackById, action.payload.id);
  if (!track) return;
  yield* call([media, media.setAudioTrack], track.id);
}
